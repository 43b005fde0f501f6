/** Counters tests assert on: how many requests of each kind the client really made. */
export interface SimulatorStats {
	/** Every request received, answered or not. */
	total: number;
	list: number;
	single: number;
	/** 304 answers. */
	notModified: number;
	/** Answers by HTTP status (resets and hangs have none). */
	byStatus: Record<number, number>;
	/** Single-product requests per decoded ref (a prototype-free map: refs may be `__proto__`). */
	byRef: Record<string, number>;
	/** Connections destroyed without an answer. */
	resets: number;
	/** Requests left unanswered. */
	hangs: number;
}

export type Endpoint = 'list' | 'single' | 'other';
export type FaultKind = 'reset' | 'hang' | 'outage' | 'rate-limit' | 'error';

export interface RequestLogEntry {
	method: string;
	/** Raw path as received, still percent-encoded. */
	path: string;
	query: Record<string, string>;
	/** 0 when no answer was sent (reset, hang). */
	status: number;
	endpoint: Endpoint;
	ref?: string;
	fault?: FaultKind;
	/** Arrival time, ms since the epoch. */
	at: number;
}

/** The request log keeps this many entries, newest last. */
export const REQUEST_LOG_SIZE = 10_000;

export function emptyStats(): SimulatorStats {
	return {
		total: 0,
		list: 0,
		single: 0,
		notModified: 0,
		byStatus: {},
		byRef: Object.create(null) as Record<string, number>,
		resets: 0,
		hangs: 0,
	};
}

export class StatsRecorder {
	stats: SimulatorStats = emptyStats();
	readonly requests: RequestLogEntry[] = [];

	reset(): void {
		this.stats = emptyStats();
		this.requests.length = 0;
	}

	arrived(endpoint: Endpoint, ref: string | undefined): void {
		this.stats.total++;
		if (endpoint === 'list') this.stats.list++;
		if (endpoint === 'single') {
			this.stats.single++;
			if (ref !== undefined) this.stats.byRef[ref] = (this.stats.byRef[ref] ?? 0) + 1;
		}
	}

	answered(status: number): void {
		this.stats.byStatus[status] = (this.stats.byStatus[status] ?? 0) + 1;
		if (status === 304) this.stats.notModified++;
	}

	log(entry: RequestLogEntry): void {
		if (this.requests.length >= REQUEST_LOG_SIZE) this.requests.shift();
		this.requests.push(entry);
	}
}

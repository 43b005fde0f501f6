import { mulberry32, type Random } from './random.js';

export interface Faults {
	/** Fraction (0..1) of requests answered with a 5xx and an ERR_DB_READ body. */
	errorRate?: number;
	errorStatuses?: readonly number[];
	/** Fraction answered 429 with Retry-After. */
	rateLimitRate?: number;
	/** Retry-After value: seconds, or `'date'` for an HTTP-date one second ahead. */
	retryAfter?: number | 'date';
	/** Fraction whose socket is destroyed without a response. */
	resetRate?: number;
	/** Fraction that never answers (until the client gives up or the simulator closes). */
	hangRate?: number;
	/** Added to every response: a fixed delay or a [min, max] range in ms. */
	latencyMs?: number | readonly [number, number];
	/** `true`: every request gets 503. `'refuse'`: the port stops accepting connections. */
	outage?: boolean | 'refuse';
}

export type FaultDecision =
	| { kind: 'none' }
	| { kind: 'reset' }
	| { kind: 'hang' }
	| { kind: 'outage' }
	| { kind: 'rate-limit'; retryAfter: string }
	| { kind: 'error'; status: number };

/** Decides each request's fate with a seeded generator, so a failing test run can be replayed. */
export class FaultPlan {
	faults: Faults;
	private random: Random;

	constructor(faults: Faults, seed: number) {
		this.faults = { ...faults };
		this.random = mulberry32(seed);
	}

	set(faults: Faults): void {
		this.faults = { ...this.faults, ...faults };
	}

	latency(): number {
		const { latencyMs } = this.faults;
		if (latencyMs === undefined) return 0;
		if (typeof latencyMs === 'number') return latencyMs;
		return latencyMs[0] + Math.floor(this.random() * (latencyMs[1] - latencyMs[0] + 1));
	}

	decide(): FaultDecision {
		const f = this.faults;
		if (f.outage) return { kind: 'outage' };
		if (f.resetRate && this.random() < f.resetRate) return { kind: 'reset' };
		if (f.hangRate && this.random() < f.hangRate) return { kind: 'hang' };
		if (f.rateLimitRate && this.random() < f.rateLimitRate) {
			const retryAfter = f.retryAfter === 'date' ? new Date(Date.now() + 1_000).toUTCString() : String(f.retryAfter ?? 1);
			return { kind: 'rate-limit', retryAfter };
		}
		if (f.errorRate && this.random() < f.errorRate) {
			const statuses = f.errorStatuses ?? [500, 502, 503, 504];
			return { kind: 'error', status: statuses[Math.floor(this.random() * statuses.length)]! };
		}
		return { kind: 'none' };
	}
}

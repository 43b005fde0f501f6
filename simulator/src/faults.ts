import { SimulatorSettingError } from './errors.js';
import { mulberry32, type Random } from './random.js';

export interface Faults {
	/** Fraction (0..1) of requests answered with a 5xx (from `errorStatuses`) and an ERR_DB_READ body. */
	errorRate?: number;
	/** Statuses drawn from for `errorRate` (default 500, 502, 503, 504). */
	errorStatuses?: readonly number[];
	/** Fraction answered 429 with Retry-After. */
	rateLimitRate?: number;
	/** Retry-After value: delay in seconds (default 1), or `'date'` for an HTTP-date that far ahead. */
	retryAfter?: number | 'date';
	/** Fraction whose socket is destroyed without any response. */
	resetRate?: number;
	/** Fraction that never answers (until the client gives up or the simulator closes). */
	hangRate?: number;
	/** Added to every response: a fixed delay or a [min, max] range in ms. */
	latencyMs?: number | readonly [number, number];
	/** `true`: every request gets 503. `'refuse'`: the listener closes, connections are refused. */
	outage?: boolean | 'refuse';
}

export type FaultDecision =
	| { kind: 'none' }
	| { kind: 'reset' }
	| { kind: 'hang' }
	| { kind: 'outage' }
	| { kind: 'rate-limit'; retryAfter: string }
	| { kind: 'error'; status: number };

const RATES = ['errorRate', 'rateLimitRate', 'resetRate', 'hangRate'] as const;

/**
 * Decides each request's fate with its own seeded generator (not the catalogue's), so the same
 * request sequence meets the same faults on every run and a failing test can be replayed.
 */
export class FaultPlan {
	private current: Faults = {};
	private readonly random: Random;

	constructor(faults: Faults, seed: number) {
		this.random = mulberry32(seed);
		this.set(faults);
	}

	get faults(): Readonly<Faults> {
		return this.current;
	}

	/** Merges: keys left out keep their value; `undefined` values are ignored too. */
	set(faults: Faults): void {
		for (const key of RATES) {
			const rate = faults[key];
			if (rate !== undefined && !(rate >= 0 && rate <= 1))
				throw new SimulatorSettingError(`simulator: ${key} must be within 0..1, got ${rate}`);
		}
		if (faults.errorStatuses?.some((status) => !(status >= 500 && status <= 599)))
			throw new SimulatorSettingError('simulator: errorStatuses must be 5xx statuses');
		const next: Faults = { ...this.current };
		for (const [key, value] of Object.entries(faults))
			if (value !== undefined) (next as Record<string, unknown>)[key] = value;
		this.current = next;
	}

	latency(): number {
		const { latencyMs } = this.current;
		if (latencyMs === undefined) return 0;
		if (typeof latencyMs === 'number') return Math.max(0, latencyMs);
		const [min, max] = latencyMs;
		return min + Math.floor(this.random() * (max - min + 1));
	}

	decide(): FaultDecision {
		const f = this.current;
		if (f.outage) return { kind: 'outage' };
		if (f.resetRate && this.random() < f.resetRate) return { kind: 'reset' };
		if (f.hangRate && this.random() < f.hangRate) return { kind: 'hang' };
		if (f.rateLimitRate && this.random() < f.rateLimitRate)
			return { kind: 'rate-limit', retryAfter: retryAfterValue(f.retryAfter) };
		if (f.errorRate && this.random() < f.errorRate) {
			const statuses = f.errorStatuses?.length ? f.errorStatuses : [500, 502, 503, 504];
			return { kind: 'error', status: statuses[Math.floor(this.random() * statuses.length)]! };
		}
		return { kind: 'none' };
	}
}

/** Both forms RFC 9110 allows; the date is rounded up so the wait is never shorter than a second. */
function retryAfterValue(retryAfter: number | 'date' | undefined): string {
	if (retryAfter === 'date')
		return new Date((Math.ceil(Date.now() / 1000) + 1) * 1000).toUTCString();
	return String(Math.max(0, Math.round(retryAfter ?? 1)));
}

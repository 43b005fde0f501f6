import type { LoaderContext } from 'astro/loaders';
import type { SyncProgress } from '../client/sync-catalogue.js';
import { formatNumber } from '../format/numbers.js';

const QUIET_MS = 2_000;
const EVERY_MS = 2_000;
/** How often a sync that receives nothing (an outage, retries) says it is still at work. */
const HEARTBEAT_MS = 5_000;

type Logger = LoaderContext['logger'];

/**
 * Progress lines for long syncs only: nothing during the first two seconds (a small
 * catalogue stays silent), then at most one line every two seconds, and nothing while closed
 * (a locale still fetching after another failed and the sync settled).
 */
export function progressLogger(logger: Logger, now: () => number = () => performance.now()) {
	const started = now();
	let lastLog = started;
	let closed = false;
	const state = new Map<string, SyncProgress>();
	const report = (progress: SyncProgress) => {
		if (closed) return;
		state.set(progress.locale ?? '', progress);
		const time = now();
		if (time - started < QUIET_MS || time - lastLog < EVERY_MS) return;
		lastLog = time;
		let received = 0;
		let total = 0;
		for (const item of state.values()) {
			received += item.received;
			total += item.total;
		}
		const percent = total === 0 ? 100 : Math.floor((received / total) * 100);
		logger.info(
			`Loading products: ${formatNumber(received)} / ${formatNumber(total)} (${percent}%)`,
		);
	};
	return Object.assign(report, {
		/** Products received and expected so far, over every locale. */
		totals: () => {
			let received = 0;
			let total = 0;
			for (const item of state.values()) {
				received += item.received;
				total += item.total;
			}
			return { received, total };
		},
		/** Progress counts only while a fetch is in flight. */
		open: (value: boolean) => {
			closed = !value;
		},
	});
}

/**
 * While a sync runs, one line every few seconds with its requests and retries so far: an
 * outage's retries otherwise leave the terminal silent until the last attempt fails.
 */
export function syncHeartbeat(
	logger: Logger,
	what: string,
	stats: { readonly requests: number; readonly retries: number },
): () => void {
	const timer = setInterval(() => {
		logger.info(
			`Still syncing ${what}: ${formatNumber(stats.requests)} requests, ${formatNumber(stats.retries)} retries so far`,
		);
	}, HEARTBEAT_MS);
	timer.unref();
	return () => clearInterval(timer);
}

/** What a running sync tells the dev toolbar: products received of expected, requests, retries. */
export interface LiveProgress {
	received: number;
	total: number;
	requests: number;
	retries: number;
}

const LIVE_MS = 1_000;

/** Every second while a fetch runs, and once when it ends: for the dev toolbar's refresh. */
export function liveProgress(
	report: ((progress: LiveProgress) => void) | undefined,
	totals: () => { received: number; total: number },
	stats: { readonly requests: number; readonly retries: number },
): () => void {
	if (!report) return () => {};
	const send = () => report({ ...totals(), requests: stats.requests, retries: stats.retries });
	const timer = setInterval(send, LIVE_MS);
	timer.unref();
	return () => {
		clearInterval(timer);
		send();
	};
}

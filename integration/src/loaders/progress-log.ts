import type { LoaderContext } from 'astro/loaders';
import { formatNumber } from '../format/numbers.js';
import type { SyncProgress } from '../sync/sync-catalogue.js';

const QUIET_MS = 2_000;
const EVERY_MS = 2_000;

/**
 * Progress lines for long syncs only: nothing during the first two seconds (a small
 * catalogue stays silent), then at most one line every two seconds.
 */
export function progressLogger(
	logger: LoaderContext['logger'],
	now: () => number = () => performance.now(),
) {
	const started = now();
	let lastLog = started;
	const state = new Map<string, SyncProgress>();
	return (progress: SyncProgress) => {
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
}

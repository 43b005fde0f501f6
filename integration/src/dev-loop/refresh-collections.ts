import type { RefreshContentOptions } from 'astro';
import { LOADER_NAME } from '../build-sync/loader-schema.js';
import type { LiveProgress } from '../build-sync/progress-log.js';
import type { SkippedProduct, SyncStatus } from './dev-status.js';
import { REFRESH_CONTEXT_KEY, type RefreshRequest, type StatusReport } from './refresh-products.js';

export type RefreshContent = (options: RefreshContentOptions) => Promise<void>;

export interface RefreshResult {
	statuses: SyncStatus[];
	/** One line per collection whose refresh failed or fell back to the last known good data. */
	failed: string[];
	/** Refs no collection's service knows. */
	unknown: string[];
	skipped: Pick<SkippedProduct, 'ref' | 'locale' | 'path'>[];
}

/**
 * Runs the loaders of every `productsLoader()` collection through Astro's `refreshContent`,
 * asking for `refs`, everything, or the status only, and collects what each one reports back
 * through the refresh context. Never rejects: a failure is a line of `failed`.
 */
export async function refreshCollections(
	refreshContent: RefreshContent,
	refs: readonly string[] | undefined | 'status',
	subscribe?: StatusReport,
	progress?: (progress: LiveProgress) => void,
): Promise<RefreshResult> {
	const statuses: SyncStatus[] = [];
	const report = (status: SyncStatus) => statuses.push(status);
	const listeners = {
		report,
		...(subscribe ? { subscribe } : {}),
		...(progress ? { progress } : {}),
	};
	const request: Omit<RefreshRequest, 'kind'> & Record<string, unknown> =
		refs === 'status'
			? { status: true, ...listeners }
			: { refs: refs ? [...refs] : [], ...listeners };
	try {
		await refreshContent({ loaders: [LOADER_NAME], context: { [REFRESH_CONTEXT_KEY]: request } });
	} catch (error) {
		return failure(statuses, (error as Error).message.split('\n')[0]!);
	}
	if (statuses.length === 0)
		return failure(
			statuses,
			'no collection loaded with productsLoader() answered: check src/content.config.ts (its errors are in the terminal)',
		);
	const failed =
		refs === 'status'
			? []
			: statuses
					.filter((status) => status.outcome !== 'ok')
					.map((status) => `collection "${status.collection}": ${status.reason ?? status.outcome}`);
	const unknown = (Array.isArray(refs) ? refs : []).filter((ref) =>
		statuses.every((status) => status.unknown?.includes(ref)),
	);
	const asked = Array.isArray(refs) && refs.length > 0 ? refs : undefined;
	const skipped = statuses.flatMap((status) =>
		status.skipped
			.filter((item) => !asked || asked.includes(item.ref))
			.map(({ ref, locale, path }) => ({ ref, locale, path })),
	);
	return { statuses, failed, unknown, skipped };
}

function failure(statuses: SyncStatus[], reason: string): RefreshResult {
	return { statuses, failed: [reason], unknown: [], skipped: [] };
}

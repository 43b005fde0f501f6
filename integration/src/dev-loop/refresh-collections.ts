import type { RefreshContentOptions } from 'astro';
import { LOADER_NAME } from '../build-sync/loader-schema.js';
import type { DevHub } from './dev-hub.js';
import { REFRESH_CONTEXT_KEY, type RefreshContext, type SkippedProduct } from './protocol.js';

export type RefreshContent = (options: RefreshContentOptions) => Promise<void>;

export interface RefreshResult {
	/** One line per collection whose refresh failed or fell back to the last known good data. */
	failed: string[];
	/** Refs no collection's service knows. */
	unknown: string[];
	skipped: Pick<SkippedProduct, 'ref' | 'locale' | 'path'>[];
	/** Entries written or deleted: 0 leaves the store file, and every open page, as they were. */
	updated: number;
}

/**
 * Runs the loaders of every `productsLoader()` collection through Astro's `refreshContent`,
 * asking for `refs` or everything (the one message of Astro's refresh context), then reads what
 * each one did from the hub. Never rejects: a failure is a line of `failed`.
 */
export async function refreshCollections(
	refreshContent: RefreshContent,
	hub: DevHub,
	refs: readonly string[] | undefined,
): Promise<RefreshResult> {
	const before = hub.loads();
	const ask: RefreshContext = refs ? { refs: [...refs] } : {};
	try {
		await refreshContent({ loaders: [LOADER_NAME], context: { [REFRESH_CONTEXT_KEY]: ask } });
	} catch (error) {
		return failure(String(error instanceof Error ? error.message : error).split('\n')[0]!);
	}
	const statuses = hub.statuses();
	if (hub.loads() === before || statuses.length === 0)
		return failure(
			'no collection loaded with productsLoader() answered: check src/content.config.ts (its errors are in the terminal)',
		);
	const reports = statuses.map((status) => ({
		collection: status.collection,
		report: refs ? status.refresh : status.sync,
	}));
	const failed = reports
		.filter(({ report }) => report?.outcome !== 'ok')
		.map(
			({ collection, report }) =>
				`collection "${collection}": ${report?.reason ?? report?.outcome ?? 'no sync ran'}`,
		);
	const unknown = (refs ?? []).filter((ref) =>
		statuses.every((status) => status.refresh?.unknown?.includes(ref)),
	);
	const skipped = statuses.flatMap((status) =>
		status.skipped
			.filter((item) => !refs || refs.includes(item.ref))
			.map(({ ref, locale, path }) => ({ ref, locale, path })),
	);
	const updated = reports.reduce(
		(sum, { report }) => sum + (report?.change ? report.change.updated + report.change.removed : 0),
		0,
	);
	return { failed, unknown, skipped, updated };
}

function failure(reason: string): RefreshResult {
	return { failed: [reason], unknown: [], skipped: [], updated: 0 };
}

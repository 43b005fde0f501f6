import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import { type Fingerprint, fingerprintChanges } from '../build-sync/sync-meta.js';
import { writeAtomicSync } from '../files/atomic-write.js';

/**
 * `astro dev` only: a copy of the collection after each good sync, beside the content dates in
 * `.astro/`. Astro clears its whole content store when the content config changes; a sync that
 * then fails (an outage, an invalid product) restores this copy instead of leaving the pages
 * with nothing, as a failure at any other time keeps the store.
 */
const FORMAT = 1;

interface SnapshotEntry {
	id: string;
	data: Record<string, unknown>;
	digest?: string | number | undefined;
	rendered?: unknown;
}

interface SnapshotFile {
	format: number;
	fingerprint: Fingerprint;
	syncedAt: string;
	entries: SnapshotEntry[];
}

function snapshotPath(context: LoaderContext): string {
	const name = `astro-audio-reviews/dev-store/${encodeURIComponent(context.collection)}.json`;
	return fileURLToPath(new URL(name, new URL('.astro/', context.config.root)));
}

export function saveDevSnapshot(context: LoaderContext, fingerprint: Fingerprint): void {
	const path = snapshotPath(context);
	const entries = context.store.entries().map(([id, entry]) => ({
		id,
		data: entry.data,
		digest: entry.digest,
		rendered: entry.rendered,
	}));
	const file: SnapshotFile = {
		format: FORMAT,
		fingerprint,
		syncedAt: new Date().toISOString(),
		entries,
	};
	writeAtomicSync(path, JSON.stringify(file));
}

/** Refills an empty store from the last good sync of the same catalogue; each entry validated again. */
export async function restoreDevSnapshot(
	context: LoaderContext,
	fingerprint: Fingerprint,
): Promise<{ entries: number; syncedAt: string } | undefined> {
	let file: Partial<SnapshotFile>;
	try {
		file = JSON.parse(readFileSync(snapshotPath(context), 'utf8')) as Partial<SnapshotFile>;
	} catch {
		return undefined;
	}
	if (file.format !== FORMAT || !file.fingerprint || !Array.isArray(file.entries)) return undefined;
	if (fingerprintChanges(file.fingerprint, fingerprint).length > 0) return undefined;
	for (const entry of file.entries) {
		const data = await context.parseData({ id: entry.id, data: entry.data });
		context.store.set({
			id: entry.id,
			data,
			digest: entry.digest,
			rendered: entry.rendered as Parameters<LoaderContext['store']['set']>[0]['rendered'],
		});
	}
	return { entries: file.entries.length, syncedAt: String(file.syncedAt) };
}

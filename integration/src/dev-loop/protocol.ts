import { z } from 'astro/zod';

/**
 * The dev loop's protocol, one module for both ends: the toolbar app (browser), the dev server's
 * side (toolbar channel, record endpoint, webhook) and the loader. No Node import: the app
 * bundles it. Every message crossing a boundary is parsed with these schemas on arrival.
 */

/** The app's id in Astro's dev toolbar (CONTRACT.md "In `astro dev`"). */
export const TOOLBAR_APP_ID = 'astro-audio-reviews';

/** Messages between the app and the dev server, over Vite's HMR channel (the toolbar's). */
export const DEV_EVENTS = {
	/** app → server: a `RefreshAsk`. */
	refresh: `${TOOLBAR_APP_ID}:refresh`,
	/** server → app: a `StatusMessage`, on the app's start and after every load. */
	status: `${TOOLBAR_APP_ID}:status`,
	/** server → app: a `RefreshingMessage`, while a refresh waits, runs and when it ends. */
	refreshing: `${TOOLBAR_APP_ID}:refreshing`,
} as const;

/** `GET /_audio-reviews/record?collection=products&id=fr/SKU-42`: one entry as the store holds it. */
export const RECORD_PATH = '/_audio-reviews/record';

/** The key of Astro's refresh context the loader reads (`refreshContent({ context })`). */
export const REFRESH_CONTEXT_KEY = 'astroAudioReviews';

/**
 * The integration hook a `productsLoader()` calls in `astro dev` to hand the dev server what it
 * holds (Astro gives loaders the config, integrations included): no content sync to ask it.
 */
export const LOADER_HOOK = 'astro-audio-reviews:loader';

const refs = z.array(z.string().min(1).max(200)).max(1_000);

/** What a refresh asks of the loader, in Astro's refresh context: refs, or everything. */
export const refreshContextSchema = z.object({ refs: refs.optional() });
export type RefreshContext = z.infer<typeof refreshContextSchema>;

/** app → server. */
export const refreshAskSchema = z.object({ refs: refs.optional() });
export type RefreshAsk = z.infer<typeof refreshAskSchema>;

export const skippedProductSchema = z.object({
	ref: z.string(),
	locale: z.string(),
	path: z.string(),
	/** The offending value, as JSON, cut to a line: it comes from the service. */
	value: z.string(),
	message: z.string(),
});
export type SkippedProduct = z.infer<typeof skippedProductSchema>;

export const syncOutcomeSchema = z.enum(['ok', 'failed', 'last-known-good']);
export type SyncOutcome = z.infer<typeof syncOutcomeSchema>;

/** What one sync or refresh did to the store: what makes open pages reload, or not. */
export const changeSchema = z.object({
	updated: z.number(),
	removed: z.number(),
	unchanged: z.number(),
});
export type Change = z.infer<typeof changeSchema>;

/** One end of a sync: a full sync (`scope: "all"`) or a refresh of refs. */
export const syncReportSchema = z.object({
	outcome: syncOutcomeSchema,
	scope: z.union([z.literal('all'), z.array(z.string())]),
	endedAt: z.string().optional(),
	durationMs: z.number().optional(),
	requests: z.number().optional(),
	retries: z.number().optional(),
	/** The failure, or why the last known good data is served. */
	reason: z.string().optional(),
	/** When the data the pages show was synced (last known good, or kept after a failure). */
	since: z.string().optional(),
	change: changeSchema.optional(),
	/** Refs a refresh asked for that the service does not know and the store never held. */
	unknown: z.array(z.string()).optional(),
});
export type SyncReport = z.infer<typeof syncReportSchema>;

/** What the dev server knows of one `productsLoader()` collection. */
export const syncStatusSchema = z.object({
	collection: z.string(),
	/** Entries per locale in the store now, in the loader's locale order. */
	counts: z.record(z.string(), z.number()),
	/** The last full sync (start, `s + enter`, Refresh all, a config edit). */
	sync: syncReportSchema.optional(),
	/** The last refresh of refs, when later than the last sync. */
	refresh: syncReportSchema.optional(),
	skipped: z.array(skippedProductSchema),
	/** A load of this collection is running now: everything, or refs. */
	running: z.union([z.literal('all'), z.array(z.string())]).optional(),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

export const liveProgressSchema = z.object({
	received: z.number(),
	total: z.number(),
	requests: z.number(),
	retries: z.number(),
});
export type LiveProgress = z.infer<typeof liveProgressSchema>;

/** server → app: a refresh's life; `state: "done"` carries its result. */
export const refreshingMessageSchema = z.object({
	refs: z.union([z.literal('all'), z.array(z.string())]),
	state: z.enum(['waiting', 'running', 'done']),
	progress: liveProgressSchema.optional(),
	/** One line per collection whose refresh failed or fell back to the last known good data. */
	failed: z.array(z.string()).optional(),
	unknown: z.array(z.string()).optional(),
	/** Entries written or deleted: 0 means nothing changed and no page reloads. */
	updated: z.number().optional(),
	/** When it ended (epoch ms). */
	at: z.number().optional(),
});
export type RefreshingMessage = z.infer<typeof refreshingMessageSchema>;

/** What the meta store keeps of a collection's dev status across restarts (the loader's own). */
export const storedStatusSchema = z.object({
	sync: syncReportSchema.optional(),
	refresh: syncReportSchema.optional(),
	skipped: z.array(skippedProductSchema).default([]),
});

/** server → app; `last` is the last refresh's end, for an app that reloaded onto its data. */
export const statusMessageSchema = z.object({
	statuses: z.array(syncStatusSchema),
	last: refreshingMessageSchema.optional(),
});
export type StatusMessage = z.infer<typeof statusMessageSchema>;

/** The record endpoint's answer: the entry's data and where its page's texts come from. */
export const recordAnswerSchema = z.object({
	collection: z.string(),
	id: z.string(),
	sources: z.string(),
	data: z.record(z.string(), z.unknown()),
});
export type RecordAnswer = z.infer<typeof recordAnswerSchema>;

/** The record endpoint's address for one entry. */
export function recordUrl(collection: string, id: string): string {
	return `${RECORD_PATH}?${new URLSearchParams({ collection, id })}`;
}

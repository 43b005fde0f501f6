import { z } from 'astro/zod';

// The schemas of what the package keeps between runs (read through files/own-file.ts): the
// sync's meta values, content dates, the build's page manifest, poll's digests, state and lock.
// Whoever could edit a restored cache could edit these: each is checked.

/** What a store, a dates file or poll's digests were synced for: another one is not trusted. */
export const fingerprintSchema = z.object({
	websiteId: z.string(),
	baseUrl: z.string(),
	locales: z.array(z.string()),
	query: z.object({
		without: z.string(),
		withAudio: z.boolean().nullable(),
		published: z.boolean().nullable(),
		refs: z.array(z.string()).nullable(),
		variant: z.string().nullable(),
		type: z.string().nullable(),
	}),
	packageVersion: z.string(),
	storeFormat: z.number(),
});

export type Fingerprint = z.output<typeof fingerprintSchema>;

/** A list page's memo, to ask it conditionally next time (the client's `PageMemo`). */
export const pageMemoSchema = z.object({
	offset: z.number(),
	limit: z.number(),
	etag: z.string().optional(),
	lastModified: z.string().optional(),
	count: z.number(),
	applied: z.number(),
	/** `[id, external_id]` of each item, in order. */
	items: z.array(z.tuple([z.string(), z.string()])),
});

export const pageMemosSchema = z.array(pageMemoSchema);

/** The build sync's last complete sync, in the loader's meta store. */
export const lastSyncSchema = z.object({
	at: z.string(),
	products: z.record(z.string(), z.number()),
	/** The last dev refresh of some products after that sync: the data is at least this recent. */
	refreshedAt: z.string().optional(),
	/** Set when this store was kept because the service was unreachable. */
	lastKnownGood: z.object({ reason: z.string(), since: z.string() }).optional(),
});

export type LastSync = z.output<typeof lastSyncSchema>;

const ISO_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z$/;
/** [digest of the rendered fields, ISO date it was first seen with that digest]. */
const datedSchema = z.tuple([z.string(), z.string().regex(ISO_DATE)]);

/** Entry id → its dated digest. */
export type Dates = Record<string, z.output<typeof datedSchema>>;

/** The content dates file (the sitemap's `lastmod`) of one collection. */
export const datesFileSchema = z.object({
	fingerprint: fingerprintSchema,
	// A date the sitemap cannot print is dropped, the others kept.
	dates: z.record(z.string(), z.unknown()).transform(
		(dates): Dates =>
			Object.fromEntries(
				Object.entries(dates).flatMap(([id, value]) => {
					const dated = datedSchema.safeParse(value);
					return dated.success ? [[id, dated.data]] : [];
				}),
			),
	),
});

const pollLocaleSchema = z.object({
	/** The list's page memos, to ask each page conditionally next time (none with `refs`). */
	pages: z.array(pageMemoSchema).nullable(),
	/** Entry id → `<digest of the raw JSON> <digest of what its pages show>`. */
	entries: z.record(z.string(), z.string()),
});

/** poll's page digests of one collection, written by its sync. */
export const pollPagesSchema = z.object({
	collection: z.string(),
	fingerprint: fingerprintSchema,
	syncedAt: z.string(),
	/** Valid products per locale, for the shrink guard of the next run. */
	products: z.record(z.string(), z.number()),
	locales: z.record(z.string(), pollLocaleSchema),
});

export type PollLocale = z.output<typeof pollLocaleSchema>;
export type PollPages = z.output<typeof pollPagesSchema>;

/** poll's hook record: what the pages showed when the deploy hook last answered 2xx. */
export const hookRecordSchema = z.object({
	/** When the hook last answered 2xx (ISO); undefined before the first call. */
	calledAt: z.string().optional().catch(undefined),
	/** `collection/entryId` → page digest. */
	pages: z.record(z.string(), z.string()),
});

/** The last build's pages (what the change report compares with) and its HTML files, for pruning. */
export const pageManifestSchema = z.object({
	generatedAt: z.string(),
	pages: z.record(z.string(), z.string()),
	files: z.array(z.string()).optional(),
});

/** What `audio-reviews indexnow` and `purge-cloudflare` read of a build's change report. */
export const changeReportSchema = z.object({
	previousBuild: z.string().nullable(),
	summary: z.string(),
	added: z.array(z.string()),
	changed: z.array(z.string()),
	removed: z.array(z.string()),
	indexNow: z
		.object({
			endpoint: z.string().min(1),
			host: z.string().min(1),
			key: z.string().min(1),
			keyLocation: z.string().min(1),
		})
		.optional(),
});

/** Who holds poll's lock: a lock of this host is checked by pid, another host's by its age. */
export const pollLockHolderSchema = z.object({
	pid: z.number(),
	host: z.string(),
	at: z.unknown().transform(String),
});

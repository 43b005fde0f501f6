import { z } from 'astro/zod';
import { flag, LOCALE_TAG, nonEmptyText, settable, wholeNumber } from './rules.js';

// The options `createClient`, `productsLoader` and `productsLiveLoader` share; defaults live here.

const localeSchema = z
	.string()
	.regex(LOCALE_TAG, { message: 'Expected a BCP-47 locale such as "fr" or "en-GB"' });

const singleLocaleSchema = z
	.string({
		error: (issue) =>
			Array.isArray(issue.input)
				? `Expected \`locale\` to be one locale such as "fr"; for several, rename it: \`locales: ${JSON.stringify(issue.input).slice(0, 80)}\` (the first one is the default)`
				: 'Expected `locale` to be one locale such as "fr"',
	})
	.pipe(localeSchema);

/** A website UUID; the message echoes the value, as a near-miss (a name, a slug) is usual. */
export function websiteIdSchema(expected: string) {
	return settable(
		z.guid({
			error: (issue) =>
				issue.input === undefined
					? expected
					: `${expected}; got ${JSON.stringify(issue.input)?.slice(0, 80) ?? String(issue.input)}`,
		}),
		expected,
	);
}

export const DEFAULTS = {
	locale: 'fr',
	without: 'inactive',
	/** The service's cap is undocumented: asking past it costs nothing, less costs requests. */
	pageSize: 100,
	/** Six parallel requests keep a build fast without hammering a service with no published quota. */
	concurrency: 6,
	/** 9 attempts: at a 30% transient error rate a request still fails only ~2 in 100,000 times. */
	retries: 8,
	timeoutMs: 15_000,
	retryBaseDelayMs: 250,
	retryMaxDelayMs: 10_000,
	/** Bound on the whole retry sequence of one request, so a dead service fails the build in finite time. */
	retryBudgetMs: 120_000,
	/** 64 MiB, decompressed: a 100-product page weighs under 10, so only a hostile one gets here. */
	maxResponseBytes: 64 * 1024 * 1024,
	onInvalid: 'error',
} as const;

const BASE_URL_EXPECTED =
	'Expected `baseUrl` to be the service base address, e.g. "https://api.example.com"';

export const connectionOptionsSchema = z.object({
	baseUrl: settable(
		z
			.string({ message: BASE_URL_EXPECTED })
			.superRefine((value, context) => {
				const problem = baseUrlProblem(value);
				if (problem) context.addIssue({ code: 'custom', message: problem });
			})
			.transform((value) => value.replace(/\/+$/, '')),
		BASE_URL_EXPECTED,
	),
	websiteId: websiteIdSchema(
		'Expected `websiteId` to be the website UUID (the `site` attribute of the installed widget), e.g. "3f0e8c1a-…"',
	),
	concurrency: wholeNumber('concurrency', 1, 64).default(DEFAULTS.concurrency),
	retries: wholeNumber('retries', 0, 20).default(DEFAULTS.retries),
	timeoutMs: wholeNumber('timeoutMs', 1, 600_000).default(DEFAULTS.timeoutMs),
	retryBaseDelayMs: z.number().min(0).default(DEFAULTS.retryBaseDelayMs),
	retryMaxDelayMs: z.number().min(0).default(DEFAULTS.retryMaxDelayMs),
	retryBudgetMs: z
		.number({ message: 'Expected `retryBudgetMs` to be a number of milliseconds, at least 1' })
		.min(1, {
			message:
				'Expected `retryBudgetMs` to be at least 1 ms: it bounds each request end to end, first attempt included',
		})
		.default(DEFAULTS.retryBudgetMs),
	maxResponseBytes: wholeNumber(
		'maxResponseBytes',
		1024,
		Number.MAX_SAFE_INTEGER,
		'Expected `maxResponseBytes` to be a whole number of bytes, at least 1024',
	).default(DEFAULTS.maxResponseBytes),
	fetch: z
		.custom<typeof globalThis.fetch>((value) => typeof value === 'function', {
			message: 'Expected `fetch` to be a fetch-compatible function',
		})
		.optional(),
	headers: z.record(z.string(), z.string()).optional(),
});

export const queryOptionsSchema = z.object({
	locale: singleLocaleSchema.default(DEFAULTS.locale),
	locales: z
		.array(localeSchema)
		.min(1, { message: 'Expected `locales` to list at least one locale, or leave it out' })
		.refine((list) => new Set(list).size === list.length, {
			message: 'Expected `locales` to have no duplicates',
		})
		.optional(),
	without: z
		.literal('inactive', {
			message: 'Expected `without` to be "inactive" (the only value the service defines)',
		})
		.default(DEFAULTS.without),
	withAudio: flag('withAudio').optional(),
	published: flag('published').optional(),
	refs: z
		.array(z.string().min(1, { message: 'Expected every ref in `refs` to be a non-empty string' }))
		.min(1, {
			message:
				'Expected `refs` to list at least one product ref, or leave it out to load the whole catalogue',
		})
		.optional(),
	variant: nonEmptyText('variant', 'a widget configuration reference').optional(),
	type: nonEmptyText('type', 'a widget type such as "standalone"').optional(),
	pageSize: wholeNumber('pageSize', 1, 10_000).default(DEFAULTS.pageSize),
	onInvalid: z
		.enum(['error', 'skip'], { message: 'Expected `onInvalid` to be "error" or "skip"' })
		.default(DEFAULTS.onInvalid),
});

export const sharedOptionsSchema = connectionOptionsSchema
	.extend(queryOptionsSchema.shape)
	.strict();

export type SharedOptions = z.input<typeof sharedOptionsSchema>;
export type ResolvedSharedOptions = z.output<typeof sharedOptionsSchema>;
export type ResolvedConnectionOptions = z.output<typeof connectionOptionsSchema>;

// What is wrong with a `baseUrl`: the usual mistake is a bare host from a browser bar, which `new
// URL` rejects or (`localhost:4321`) reads as a scheme.
function baseUrlProblem(value: string): string | undefined {
	const expected =
		'Expected `baseUrl` to be an absolute http(s) URL, e.g. "https://api.example.com"';
	const given = JSON.stringify(value.slice(0, 80));
	if (value.trim() === '') return `${expected}; got an empty string`;
	if (!/^[a-z][a-z\d+.-]*:\/\//i.test(value)) {
		const scheme = /^(?:localhost|127\.|\[::1\])/i.test(value) ? 'http' : 'https';
		return `${expected}; got ${given}, which has no scheme: set \`baseUrl\` to "${scheme}://${value.slice(0, 80)}"`;
	}
	try {
		const url = new URL(value);
		if (url.protocol === 'http:' || url.protocol === 'https:') return undefined;
		return `${expected}; got ${given}: the service is reached over http or https, not ${url.protocol.slice(0, -1)}`;
	} catch {
		return `${expected}; got ${given}, which is not a valid URL`;
	}
}

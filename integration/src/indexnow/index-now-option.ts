import { z } from 'astro/zod';
import { envVarName } from '../options/rules.js';

/** The `indexNow` option of `audioReviews()` (docs/indexnow.md): the key file, and what the command and webhook submit to. */

/** The shared endpoint: a submission there reaches every participating engine. */
export const DEFAULT_INDEXNOW_ENDPOINT = 'https://api.indexnow.org/indexnow';
export const DEFAULT_INDEXNOW_KEY_ENV = 'INDEXNOW_KEY';
export const DEFAULT_LIVE_ROUTE = '/products/[...ref]';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isEndpoint(value: string): boolean {
	try {
		const url = new URL(value);
		// The key and the URL list travel in the body: plain http only where it never leaves the machine (tests, a local proxy).
		return (
			url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
		);
	} catch {
		return false;
	}
}

export const indexNowOptionSchema = z
	.object({
		/** The environment variable that holds the key, read by `astro build`. */
		keyEnv: envVarName('indexNow.keyEnv', 'INDEXNOW_KEY').default(DEFAULT_INDEXNOW_KEY_ENV),
		/** Where submissions go; the shared endpoint forwards them to every participating engine. */
		endpoint: z
			.string()
			.refine(isEndpoint, {
				message: `Expected \`indexNow.endpoint\` to be an https URL such as "${DEFAULT_INDEXNOW_ENDPOINT}" or "https://www.bing.com/indexnow"`,
			})
			.default(DEFAULT_INDEXNOW_ENDPOINT),
		/** On-demand sites: the invalidation webhook also submits the product pages it purged; `route` is their pattern. */
		submitPurged: z
			.union(
				[
					z.boolean(),
					z
						.object({
							route: z.string().regex(/^\/.*\[(?:\.\.\.)?ref\]/, {
								message:
									'Expected `indexNow.submitPurged.route` to be the pattern of your on-demand product pages, e.g. "/products/[...ref]"',
							}),
						})
						.strict(),
				],
				{
					message:
						'Expected `indexNow.submitPurged` to be true, false or { route: "/products/[...ref]" } (the pattern of your on-demand product pages)',
				},
			)
			.default(false),
	})
	.strict();

export type ResolvedIndexNowOption = z.output<typeof indexNowOptionSchema>;

import { z } from 'astro/zod';
import { envVarName } from '../options/rules.js';
import { websiteIdSchema } from '../options/shared-options.js';

export const DEFAULT_INVALIDATE_ROUTE = '/_audio-reviews/invalidate';
export const DEFAULT_SECRET_ENV = 'AUDIO_REVIEWS_WEBHOOK_SECRET';

/** The `invalidate` option of `audioReviews()`: injects the webhook route that purges cached pages. */
export const invalidateOptionSchema = z
	.object({
		websiteId: websiteIdSchema(
			'Expected `invalidate.websiteId` to be the website UUID the live loader uses (its cache tags embed it)',
		),
		route: z
			.string()
			.regex(/^\/[A-Za-z0-9_\-/.]*$/, {
				message:
					'Expected `invalidate.route` to be a static path starting with "/", e.g. "/_audio-reviews/invalidate"',
			})
			.refine((value) => !value.includes('..') && !value.includes('//'), {
				message: 'Expected `invalidate.route` to hold no ".." or "//"',
			})
			.default(DEFAULT_INVALIDATE_ROUTE),
		secretEnv: envVarName('invalidate.secretEnv', 'AUDIO_REVIEWS_WEBHOOK_SECRET').default(
			DEFAULT_SECRET_ENV,
		),
		// With `cacheVercel()`: `invalidate` marks pages stale (the next visitor gets the old page once),
		// `delete` removes them (the next visitor waits for a render). Checked against the provider at setup.
		vercelPurge: z
			.enum(['invalidate', 'delete'], {
				message: 'Expected `invalidate.vercelPurge` to be "invalidate" (the default) or "delete"',
			})
			.default('invalidate'),
	})
	.strict();

export type ResolvedInvalidateOption = z.output<typeof invalidateOptionSchema>;

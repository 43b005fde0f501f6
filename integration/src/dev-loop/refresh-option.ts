import { z } from 'astro/zod';

/** The `refresh` option: the dev server's refresh webhook (docs/rebuilds.md). */

export const REFRESH_SECRET_ENV = 'AUDIO_REVIEWS_REFRESH_SECRET';
export const DEFAULT_REFRESH_PATH = '/_audio-reviews/refresh';

export const refreshOptionSchema = z
	.union(
		[
			z
				.object({
					path: z
						.string()
						.refine((value) => value.startsWith('/') && !value.includes('?'), {
							message:
								'Expected `refresh.path` to be a path starting with "/", e.g. "/_audio-reviews/refresh"',
						})
						.default(DEFAULT_REFRESH_PATH),
					/** Required in the Authorization header when set. Defaults to the env variable. */
					secret: z
						.string()
						.min(16, { message: 'Expected `refresh.secret` to be at least 16 characters' })
						.optional(),
				})
				.strict(),
			z.literal(false),
		],
		{ message: 'Expected `refresh` to be `{ path?, secret? }` or false' },
	)
	.default({ path: DEFAULT_REFRESH_PATH });

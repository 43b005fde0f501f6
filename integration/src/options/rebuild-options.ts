import { z } from 'astro/zod';

/** Options of the deploy-hook path: the change report and the dev refresh endpoint. */

export const REFRESH_SECRET_ENV = 'AUDIO_REVIEWS_REFRESH_SECRET';
export const DEFAULT_CHANGE_REPORT = '.astro/audio-reviews-changes.json';
export const DEFAULT_REFRESH_PATH = '/_audio-reviews/refresh';

export const changeReportOptionSchema = z
	.union(
		[
			z
				.string()
				.min(1)
				.refine((value) => value.endsWith('.json'), { message: 'must name a .json file' }),
			z.literal(false),
		],
		{
			message:
				'Expected `changeReport` to be a .json path relative to the project root (e.g. ".astro/audio-reviews-changes.json"), or false',
		},
	)
	.default(DEFAULT_CHANGE_REPORT);

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

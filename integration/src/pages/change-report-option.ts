import { z } from 'astro/zod';

/** The `changeReport` option: where each build writes the pages it changed (docs/rebuilds.md). */

export const DEFAULT_CHANGE_REPORT = '.astro/audio-reviews-changes.json';

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

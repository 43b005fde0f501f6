import type { z } from 'astro/zod';
import { parseOptions } from '../options/parse-options.js';
import type { UiTextOverrides } from '../words/ui-text.js';
import { PLACEHOLDERS } from '../words/words.js';
import { integrationOptionsSchema } from './integration-options.js';

const schema = integrationOptionsSchema(PLACEHOLDERS);

// `uiText` is validated loosely (to word its errors) but typed precisely for users.
export type AudioReviewsOptions = Omit<z.input<typeof schema>, 'uiText'> & {
	uiText?: UiTextOverrides;
};
export type ResolvedAudioReviewsOptions = z.output<typeof schema>;

export function resolveIntegrationOptions(
	options: AudioReviewsOptions | undefined,
): ResolvedAudioReviewsOptions {
	return parseOptions(schema, options, 'audioReviews');
}

/** `/products/[ref]/` → `/products/[ref]`: Astro matches patterns without a trailing slash. */
export function normalizeRoute(route: string): string {
	return route.length > 1 ? route.replace(/\/+$/, '') : route;
}

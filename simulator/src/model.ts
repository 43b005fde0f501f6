/**
 * The simulator's internal model. It is richer than the API on purpose: each audio item knows
 * its locale and validation state, so the list endpoint's filters are computed the way the
 * service computes them, from data the client never sees. Tests mutate this model through
 * `updateProduct(ref, (product) => …)`.
 */
import type {
	Experiment,
	ExperimentVariation,
	Product,
	Review,
	ReviewUser,
} from 'astro-audio-reviews/schema';

/** A reviewer: the wire shape. */
export type SimUser = ReviewUser;

/** An audio item: the wire shape, plus what the service knows and never sends. */
export type SimAudio = Review & {
	/** May be `''`: such an item is never "returnable" (see `isReturnable`) but is still listed. */
	audio_url?: string;
	user: SimUser;
	/** Internal: the audio's locale. */
	locale: string;
	/** Internal: validated by the shop. Unvalidated items are never sent. */
	validated: boolean;
	/** Internal: awaiting validation. Such items are never sent. */
	awaitingValidation: boolean;
};

/** A variation of an A/B experiment on the widget, as the service sends it. */
export type SimExperimentVariation = ExperimentVariation;

/** An A/B experiment on the widget, as the service sends it. */
export type SimExperiment = Experiment;

/** A named widget configuration selectable with `variant` (by reference, then by name). */
export interface SimWidgetConfig {
	reference: string;
	name: string;
	/** Merged over the product's base config. */
	config: Record<string, unknown>;
}

/** A product: the wire shape without its computed parts, plus what the service keeps to itself. */
export type SimProduct = Omit<Product, 'reviews' | 'audio_url'> & {
	/** Product-specific configurations, tried before the website's (see `resolveConfig`). */
	variants?: SimWidgetConfig[];
	reviews: SimAudio[];
	/** Internal: last change in ms since the epoch, for Last-Modified. */
	updatedAt: number;
	/**
	 * Internal: a generated product's name and SEO texts as generated. While `seo_name` and
	 * `seo_description` are these, the API sends them in the language asked for (as a shop that
	 * writes them per locale); a text a test replaced is sent as it is.
	 */
	texts?: { name: string; seo_name?: string | undefined; seo_description?: string | undefined };
};

/** Returnable audio (the list filters' term): in the locale, non-empty URL, validated, not awaiting validation. */
export const isReturnable = (audio: SimAudio, locale: string): boolean =>
	audio.locale === locale && !!audio.audio_url && audio.validated && !audio.awaitingValidation;

/** Published audio (the list filters' term): returnable and active. */
export const isPublished = (audio: SimAudio, locale: string): boolean =>
	isReturnable(audio, locale) && audio.is_active;

/** Whether the service sends an item at all: unvalidated or pending items stay in the backoffice. */
export const isVisible = (audio: SimAudio): boolean => audio.validated && !audio.awaitingValidation;

/** The list endpoint's filters; `without` only shapes the items, it never filters products. */
export interface ListQuery {
	/** Default `fr`, like the service. */
	locale?: string;
	without?: 'inactive';
	withAudio?: boolean;
	published?: boolean;
}

/** The service's filter table (withAudio × published) is exactly the conjunction of these two predicates. */
export function matchesFilters(product: SimProduct, query: ListQuery): boolean {
	const locale = query.locale ?? 'fr';
	if (
		query.withAudio !== undefined &&
		product.reviews.some((a) => isReturnable(a, locale)) !== query.withAudio
	)
		return false;
	if (
		query.published !== undefined &&
		product.reviews.some((a) => isPublished(a, locale)) !== query.published
	)
		return false;
	return true;
}

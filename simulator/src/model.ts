/**
 * The simulator's internal model. It is richer than the API on purpose: each audio item knows
 * its locale and validation state, so the list endpoint's filters are computed the way the
 * service computes them, from data the client never sees. Tests mutate this model through
 * `updateProduct(ref, (product) => …)`.
 */
export interface SimUser {
	id: string;
	firstname?: string;
	lastname?: string;
	image_url?: string;
	description?: string;
}

export interface SimAudio {
	id: string;
	type: 'review' | 'testimony';
	label?: string;
	rating?: number;
	/** May be `''`: such an item is never "returnable" (see `isReturnable`) but is still listed. */
	audio_url?: string;
	is_active: boolean;
	is_default: boolean;
	transcript?: string;
	created_at?: string;
	user: SimUser;
	/** Internal: the audio's locale. */
	locale: string;
	/** Internal: validated by the shop. Unvalidated items are never sent. */
	validated: boolean;
	/** Internal: awaiting validation. Such items are never sent. */
	awaitingValidation: boolean;
}

/** A variation of an A/B experiment on the widget, as the service sends it. */
export interface SimExperimentVariation {
	id: string;
	name: string;
	widgetEnabled: boolean;
	widgetConfigId: string | null;
	audioSelection: string;
	audioId: string | null;
	audioPosition: number | null;
	audioIdsByLocale?: Record<string, string>;
	allocation: number;
	position: number;
	config?: unknown;
}

/** An A/B experiment on the widget, as the service sends it. */
export interface SimExperiment {
	id: string;
	name: string;
	variations: SimExperimentVariation[];
}

/** A named widget configuration selectable with `variant` (by reference, then by name). */
export interface SimWidgetConfig {
	reference: string;
	name: string;
	/** Merged over the product's base config. */
	config: Record<string, unknown>;
}

export interface SimProduct {
	id: string;
	external_id: string;
	name?: string;
	seo_name?: string;
	seo_description?: string;
	website: { id: string; name?: string };
	features?: { ctaAnalytics: boolean };
	config?: Record<string, unknown>;
	/** Product-specific configurations, tried before the website's (see `resolveConfig`). */
	variants?: SimWidgetConfig[];
	experiment?: SimExperiment;
	reviews: SimAudio[];
	/** Internal: last change in ms since the epoch, for Last-Modified. */
	updatedAt: number;
}

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

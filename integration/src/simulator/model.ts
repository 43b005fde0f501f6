/**
 * The simulator's internal model: richer than the API (each audio item knows its locale and
 * validation state), so the list filters of API.md 4.2 can be computed like the service does.
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
	audio_url?: string;
	is_active: boolean;
	is_default: boolean;
	transcript?: string;
	created_at?: string;
	user: SimUser;
	/** Internal: the audio's locale. */
	locale: string;
	/** Internal: validated by the shop. */
	validated: boolean;
	/** Internal: awaiting validation. */
	awaitingValidation: boolean;
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
	/** Configurations selectable with `variant` (by reference, then by name). */
	variants?: Array<{ reference: string; name: string; config: Record<string, unknown> }>;
	experiment?: Record<string, unknown>;
	reviews: SimAudio[];
	/** Internal: last change, for Last-Modified. */
	updatedAt: number;
}

/** Returnable audio (API.md 4.2): non-empty URL, validated, not awaiting validation, in the locale. */
export const isReturnable = (audio: SimAudio, locale: string): boolean =>
	audio.locale === locale && !!audio.audio_url && audio.validated && !audio.awaitingValidation;

/** Published audio: returnable and active. */
export const isPublished = (audio: SimAudio, locale: string): boolean => isReturnable(audio, locale) && audio.is_active;

export interface ShapeOptions {
	/** Keep only this locale's audio; all locales when undefined. */
	locale?: string | undefined;
	/** Drop inactive audio. */
	activeOnly?: boolean;
	variant?: string | undefined;
}

/** The product as the API sends it (API.md 2.1): internal fields stripped, absent fields omitted. */
export function toApiProduct(product: SimProduct, options: ShapeOptions): Record<string, unknown> {
	const reviews = product.reviews
		.filter((audio) => audio.validated && !audio.awaitingValidation)
		.filter((audio) => options.locale === undefined || audio.locale === options.locale)
		.filter((audio) => !options.activeOnly || audio.is_active)
		.map(({ locale: _locale, validated: _validated, awaitingValidation: _awaiting, ...review }) => review);
	let config = product.config;
	if (options.variant !== undefined && product.variants) {
		const match =
			product.variants.find((variant) => variant.reference === options.variant) ??
			product.variants.find((variant) => variant.name === options.variant);
		if (match) config = match.config;
	}
	const out: Record<string, unknown> = { id: product.id, external_id: product.external_id };
	if (product.name !== undefined) out.name = product.name;
	if (product.seo_name !== undefined) out.seo_name = product.seo_name;
	if (product.seo_description !== undefined) out.seo_description = product.seo_description;
	const defaultAudio = reviews.find((review) => review.is_default && review.audio_url) ?? reviews.find((review) => review.audio_url);
	if (defaultAudio?.audio_url) out.audio_url = defaultAudio.audio_url;
	out.website = product.website;
	if (product.features) out.features = product.features;
	if (config) out.config = config;
	if (product.experiment) out.experiment = product.experiment;
	out.reviews = reviews;
	return out;
}

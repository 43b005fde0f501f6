import type {
	ErrorBody,
	Product,
	ProductList,
	Review,
	ReviewUser,
} from 'astro-audio-reviews/schema';
import {
	isVisible,
	type SimAudio,
	type SimProduct,
	type SimUser,
	type SimWidgetConfig,
} from './model.js';
import { bankFor, seoTextsIn } from './text-banks.js';

/*
 * The wire shapes the service sends: the package's schema types (one definition of the product's
 * shape, imported as types only, so the simulator loads nothing of the package or of Astro). What
 * keeps the simulator an independent reference is its data and behaviour, which the client is
 * tested against over HTTP, not a second copy of the field list.
 */

/** A reviewer, as sent. */
export type ApiReviewUser = ReviewUser;

/** An audio item, as sent. */
export type ApiReview = Review;

/** A product, as sent. */
export type ApiProduct = Product;

/** A page of the list endpoint. */
export type ApiProductList = ProductList;

/** An error body (the simulator always sends a message). */
export type ApiError = ErrorBody & { message: string };

export interface ShapeOptions {
	/** Keep only this locale's audio; every locale when undefined. */
	locale?: string | undefined;
	/** Drop inactive audio (`without=inactive` on the list, always on the single endpoint). */
	activeOnly?: boolean;
	/** Widget configuration reference or name (single endpoint). */
	variant?: string | undefined;
	/** Widget type (single endpoint); `standalone` is the default and changes nothing. */
	type?: string | undefined;
	/** The website's selectable configurations, tried after the product's own. */
	widgetConfigs?: readonly SimWidgetConfig[];
}

/**
 * Per-type overrides: the service resolves a widget configuration per type. Unknown types keep
 * the base configuration, since the spec lists no valid values and names no error for them.
 */
const TYPE_OVERRIDES: Record<string, Record<string, unknown>> = {
	carousel: { layout: 'carousel', itemsPerView: 3 },
	floating: { layout: 'floating', position: 'bottom-right' },
};

/** The product as the API sends it: internal fields stripped, absent fields omitted (never null). */
export function toApiProduct(product: SimProduct, options: ShapeOptions = {}): ApiProduct {
	const reviews: ApiReview[] = [];
	for (const audio of product.reviews) {
		if (!isVisible(audio)) continue;
		if (options.locale !== undefined && audio.locale !== options.locale) continue;
		if (options.activeOnly && !audio.is_active) continue;
		reviews.push(toApiReview(audio));
	}
	const out: ApiProduct = { id: product.id, external_id: product.external_id } as ApiProduct;
	const own = localisedTexts(product, options.locale, reviews.length > 0);
	if (product.name !== undefined) out.name = product.name;
	if (product.seo_name !== undefined) out.seo_name = own.seo_name ?? product.seo_name;
	if (product.seo_description !== undefined)
		out.seo_description = own.seo_description ?? product.seo_description;
	// The convenience field follows the default item the widget would play: active, with a URL.
	const byDefault = reviews.find(
		(review) => review.is_default && review.is_active && review.audio_url,
	);
	if (byDefault?.audio_url) out.audio_url = byDefault.audio_url;
	out.website =
		product.website.name === undefined
			? { id: product.website.id }
			: { id: product.website.id, name: product.website.name };
	if (product.features) out.features = product.features;
	const config = resolveConfig(product, options);
	if (config) out.config = config;
	if (product.experiment) out.experiment = product.experiment;
	out.reviews = reviews;
	return out;
}

/**
 * A generated product's SEO texts in `locale`'s language, each where a test has not replaced it;
 * the description promises reviews only when the answer holds some.
 */
function localisedTexts(
	product: SimProduct,
	locale: string | undefined,
	withReviews: boolean,
): { seo_name?: string | undefined; seo_description?: string | undefined } {
	const texts = product.texts;
	if (texts === undefined || locale === undefined) return {};
	const own = seoTextsIn(bankFor(locale), texts.name, withReviews);
	return {
		seo_name: product.seo_name === texts.seo_name ? own.seo_name : undefined,
		seo_description:
			product.seo_description === texts.seo_description ? own.seo_description : undefined,
	};
}

function toApiReview(audio: SimAudio): ApiReview {
	const review: ApiReview = { id: audio.id, type: audio.type } as ApiReview;
	if (audio.label !== undefined) review.label = audio.label;
	if (audio.rating !== undefined) review.rating = audio.rating;
	if (audio.audio_url !== undefined) review.audio_url = audio.audio_url;
	review.is_active = audio.is_active;
	review.is_default = audio.is_default;
	if (audio.transcript !== undefined) review.transcript = audio.transcript;
	if (audio.created_at !== undefined) review.created_at = audio.created_at;
	review.user = toApiUser(audio.user);
	return review;
}

function toApiUser(user: SimUser): ApiReviewUser {
	const out: ApiReviewUser = { id: user.id };
	if (user.firstname !== undefined) out.firstname = user.firstname;
	if (user.lastname !== undefined) out.lastname = user.lastname;
	if (user.image_url !== undefined) out.image_url = user.image_url;
	if (user.description !== undefined) out.description = user.description;
	return out;
}

/**
 * `variant` changes only the configuration (single-product endpoint): match by reference first, then by
 * name, product configurations before the website's; no match keeps the base configuration.
 */
export function resolveConfig(
	product: SimProduct,
	options: ShapeOptions,
): Record<string, unknown> | undefined {
	let config = product.config;
	const typed = options.type === undefined ? undefined : TYPE_OVERRIDES[options.type];
	if (typed && config) config = { ...config, ...typed };
	if (options.variant === undefined) return config;
	const candidates = [...(product.variants ?? []), ...(options.widgetConfigs ?? [])];
	const match =
		candidates.find((candidate) => candidate.reference === options.variant) ??
		candidates.find((candidate) => candidate.name === options.variant);
	return match ? { ...config, ...match.config } : config;
}

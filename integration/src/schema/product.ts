import { z } from 'astro/zod';
import { freeFormJson } from './free-form.js';
import { hasControlCharacters, isoDateTime, text } from './text.js';

// Zod schemas of the service's resources. `text()` strips control characters as a product is
// parsed, so no consumer can pass them on.

export const reviewUserSchema = z.object({
	id: z.string(),
	firstname: text().optional(),
	lastname: text().optional(),
	image_url: z.string().optional(),
	description: text().optional(),
});

export const reviewSchema = z.object({
	id: z.string(),
	type: z.enum(['review', 'testimony']),
	label: text().optional(),
	rating: z.number().min(0).max(5).optional(),
	audio_url: z.string().optional(),
	is_active: z.boolean(),
	is_default: z.boolean(),
	transcript: text().optional(),
	created_at: isoDateTime().optional(),
	user: reviewUserSchema,
});

export const experimentVariationSchema = z.object({
	id: z.string(),
	name: text(),
	widgetEnabled: z.boolean(),
	widgetConfigId: z.string().nullable(),
	audioSelection: z.string(),
	audioId: z.string().nullable(),
	audioPosition: z.number().nullable(),
	audioIdsByLocale: z.record(z.string(), z.string()).optional(),
	allocation: z.number(),
	position: z.number(),
	config: freeFormJson().optional(),
});

export const experimentSchema = z.object({
	id: z.string(),
	name: text(),
	variations: z.array(experimentVariationSchema),
});

export const websiteSchema = z.object({
	id: z.string(),
	name: text().optional(),
});

/** Only `ctaAnalytics` is documented; others are stripped. */
export const featuresSchema = z.object({
	ctaAnalytics: z.boolean().optional(),
});

export const productSchema = z.object({
	id: z.string(),
	// The ref names pages, files and cache keys: control characters refuse it, never alter it.
	external_id: z
		.string()
		.min(1)
		.refine((ref) => !hasControlCharacters(ref), {
			message: 'Expected a ref without control characters',
		}),
	name: text().optional(),
	seo_name: text().optional(),
	seo_description: text().optional(),
	audio_url: z.string().optional(),
	website: websiteSchema,
	features: featuresSchema.optional(),
	// Free-form widget configuration, kept as-is within freeFormJson()'s bounds.
	config: freeFormJson().pipe(z.record(z.string(), z.unknown())).optional(),
	experiment: experimentSchema.optional(),
	reviews: z.array(reviewSchema),
});

export const errorBodySchema = z.object({
	type: z.string(),
	message: z.string().optional(),
});

/** A list page, every item validated as a Product. */
export const productListSchema = z.object({
	limit: z.number().int(),
	offset: z.number().int(),
	count_item: z.number().int().min(0),
	items: z.array(productSchema),
});

/** A list page's envelope only. */
export const productListEnvelopeSchema = productListSchema.extend({
	items: z.array(z.unknown()),
});

export type ReviewUser = z.infer<typeof reviewUserSchema>;
export type Review = z.infer<typeof reviewSchema>;
export type ExperimentVariation = z.infer<typeof experimentVariationSchema>;
export type Experiment = z.infer<typeof experimentSchema>;
export type Website = z.infer<typeof websiteSchema>;
export type Features = z.infer<typeof featuresSchema>;
export type Product = z.infer<typeof productSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;
export type ProductList = z.infer<typeof productListSchema>;
export type ProductListEnvelope = z.infer<typeof productListEnvelopeSchema>;

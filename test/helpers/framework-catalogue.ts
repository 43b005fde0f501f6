import type { Simulator } from '../../simulator/src/index.js';
import type { SimAudio } from '../../simulator/src/model.js';

/**
 * The catalogue the framework fixtures are judged and photographed on (no import but types, so
 * scripts/framework-screenshots.mjs runs it with Node's type stripping): a product with more
 * reviews than a page, all long, in both locales; one with reviews in English only, whose French
 * page is empty and links to them; one with a few.
 */
export const LOCALES = ['fr', 'en'] as const;
/** Refs of the catalogue's cases; the first locale's pages carry no prefix. */
export const REFS = {
	popular: 'popular-kettle',
	empty: 'empty-in-french',
	other: 'other-teapot',
} as const;
/** The three page kinds judged: a product with more reviews than a page, one without reviews in French, the hub. */
export const PAGES = {
	popular: `/products/${REFS.popular}/`,
	empty: `/products/${REFS.empty}/`,
	hub: '/products/',
} as const;
function transcript(locale: string, i: number): string {
	const sentence = `(${locale} ${i}) The kettle boils a litre in three minutes, the lid opens wide and the handle stays cool. `;
	return [1, 2, 3, 4].map((n) => `${sentence.repeat(3)}Paragraph ${n}.`).join('\n');
}

/** `count` long reviews of one product in one locale, some testimonies, every third author with a picture. */
function longReviews(ref: string, locale: string, count: number, media: string): SimAudio[] {
	return Array.from({ length: count }, (_, i) => ({
		id: `${ref}-${locale}-${i}`,
		type: i % 6 === 5 ? ('testimony' as const) : ('review' as const),
		rating: i % 6 === 5 ? undefined : 1 + (i % 9) / 2,
		label: i % 4 === 0 ? undefined : `Review ${i}: a kettle that does its job`,
		audio_url: `https://cdn.example.com/${locale}/${ref}-${i}.mp3`,
		is_active: true,
		is_default: i === 0,
		transcript: transcript(locale, i),
		created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
		user: {
			id: `u${i}`,
			firstname: 'Zoé',
			lastname: `Martin ${i}`,
			image_url: i % 3 === 0 ? `${media}/avatars/u${i}-${locale}.svg` : undefined,
		},
		locale,
		validated: true,
		awaitingValidation: false,
	}));
}

/** Adds the catalogue's products to a simulator started with `LOCALES` and `avatars: 'served'`. */
export function addFrameworkCatalogue(sim: Simulator): void {
	const media = `${sim.baseUrl}/media`;
	sim.addProduct({
		external_id: REFS.popular,
		name: 'Bouilloire électrique en acier inoxydable',
		seo_description: 'Une bouilloire d’un litre et demi, écoutée par nos clients.',
		reviews: LOCALES.flatMap((locale) => longReviews(REFS.popular, locale, 24, media)),
	});
	sim.addProduct({
		external_id: REFS.empty,
		name: 'Théière en fonte',
		seo_description: 'Une théière en fonte émaillée de 80 cl.',
		reviews: longReviews(REFS.empty, 'en', 2, media),
	});
	sim.addProduct({
		external_id: REFS.other,
		name: 'Théière en verre',
		reviews: LOCALES.flatMap((locale) => longReviews(REFS.other, locale, 3, media)),
	});
}

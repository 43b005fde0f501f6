import { parse } from 'node-html-parser';
import { afterAll, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import type { SimAudio } from '../../simulator/src/model.js';
import { buildSeoSite } from '../helpers/seo-site.js';

/**
 * A real `astro build` with `hub: { order: 'rating' }`: the hub ranks by the damped average of
 * docs/presentation.md (the README grid recipe's rule), not the raw one, so a single 5-star
 * review does not outrank 300 reviews averaging 4.8.
 */
let sim: Simulator | undefined;
afterAll(() => sim?.close());

/** One review per rating, in the one locale of the site. */
function reviews(ref: string, ratings: readonly (number | undefined)[]): SimAudio[] {
	return ratings.map((rating, i) => ({
		id: `${ref}-${i}`,
		type: 'review' as const,
		rating,
		audio_url: `https://cdn.example.com/fr/${ref}-${i}.mp3`,
		is_active: true,
		is_default: i === 0,
		transcript: `Avis ${i} sur ${ref}.`,
		created_at: '2026-03-01T10:00:00.000Z',
		user: { id: `u${i}` },
		locale: 'fr',
		validated: true,
		awaitingValidation: false,
	}));
}

it('lists 4.8 from 300 reviews above 5 from 1, equal damped averages by name, unrated last', async () => {
	sim = await startSimulator({ products: 0, locales: ['fr'], seed: 3 });
	const add = (ref: string, ratings: readonly (number | undefined)[]) =>
		sim!.addProduct({ external_id: ref, name: ref, reviews: reviews(ref, ratings) });
	// 240 × 5 and 60 × 4: 4.8 from 300.
	add('crowd-favourite', [...Array<number>(240).fill(5), ...Array<number>(60).fill(4)]);
	add('single-five', [5]);
	add('two-fives', [5, 5]);
	// Same damped average as two-fives, by the same ratings: the tie goes to the name.
	add('also-two-fives', [5, 5]);
	// 100 × 3 brings the catalogue's mean to 4.35, a shop's usual spread.
	add('many-threes', Array<number>(100).fill(3));
	add('unrated', [undefined, undefined]);
	const site = await buildSeoSite(sim, {
		label: 'hub-rating-order',
		env: { AUDIO_REVIEWS_LOCALES: 'fr', FIXTURE_HUB_ORDER: 'rating', FIXTURE_HUB_PAGE_SIZE: '4' },
	});
	const hubPage = async (path: string) => parse(await site.read(path));
	const pages = [
		await hubPage('products/index.html'),
		await hubPage('products/~page-2/index.html'),
	];
	const shown = pages.flatMap((html) =>
		html.querySelectorAll('.aar-hub-name a').map((link) => link.textContent),
	);
	// Damped: 4.79, 4.54, 4.54, 4.46, 3.06. Raw averages put the three 5s first, crowd-favourite fourth.
	expect(shown).toEqual([
		'crowd-favourite',
		'also-two-fives',
		'two-fives',
		'single-five',
		'many-threes',
		'unrated',
	]);
	// The ItemList of each page follows the same order.
	const listed = pages.flatMap((html) => {
		const graph: Array<{ '@type': string; itemListElement?: Array<{ url: string }> }> = JSON.parse(
			html.querySelector('script[type="application/ld+json"]')!.textContent,
		)['@graph'];
		return graph
			.find((node) => node['@type'] === 'ItemList')!
			.itemListElement!.map((item) => new URL(item.url).pathname);
	});
	expect(listed).toEqual(shown.map((ref) => `/products/${ref}/`));
}, 240_000);

import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import type { SimAudio, SimProduct } from '../../simulator/src/model.js';
import { type BuildOptions, type BuiltSite, buildFixture } from './build-fixture.js';

/** Refs of the catalogue's deliberate cases, next to the generated and the adversarial products. */
export const CASES = {
	/** Non-ASCII, readable: its URL keeps the accents. */
	accented: 'théière-éco-50',
	onlyTestimonies: 'only-testimonies',
	onlyUnrated: 'only-unrated',
	noReviews: 'no-reviews',
	noSeoDescription: 'no-seo-description',
	/** Case and ß twins: both escaped. */
	twinUpper: 'STRASSE-1',
	twinSharp: 'straße-1',
} as const;

/** Products with many reviews, in the catalogue with `startSeoSimulator(n, { popular: true })`. */
export const POPULAR = {
	/** 1,200 reviews in fr (60 review pages), none in en. */
	popular: 'popular-1200',
	/** 45 reviews in fr (3 pages), 25 in en (2 pages). */
	paged: 'paged-45',
} as const;

/** Reviews per page of the seo fixture: the package's default. */
export const REVIEWS_PER_PAGE = 20;

/**
 * `count` reviews of a popular product in one locale: the default item in the middle of the
 * service's list, dates shuffled, every 7th undated, every 5th a testimony, some 0 ratings;
 * with `mediaBaseUrl` (a simulator's `/media`), every 3rd author has a picture served there.
 */
export function manyReviews(
	ref: string,
	locale: string,
	count: number,
	mediaBaseUrl?: string,
): SimAudio[] {
	return Array.from({ length: count }, (_, i) => ({
		id: `${ref}-${locale}-${String(i).padStart(4, '0')}`,
		type: i % 5 === 4 ? ('testimony' as const) : ('review' as const),
		rating: i % 5 === 4 ? undefined : (i * 7) % 11 === 0 ? 0 : 1 + ((i * 3) % 9) / 2,
		label: `Review ${i} of ${ref}`,
		audio_url: `https://cdn.example.com/${locale}/many-${i}.mp3`,
		is_active: true,
		is_default: i === Math.floor(count / 2),
		transcript: `Transcript ${i} of ${ref} (${locale}): what I heard.`,
		// Dates out of list order (multiplied by a number prime to the period), so the order is the pages' own.
		created_at:
			i % 7 === 3
				? undefined
				: new Date(Date.UTC(2025, 0, 1) + ((i * 7919) % 100_000) * 60_000).toISOString(),
		user: {
			id: `m${i}`,
			firstname: 'Client',
			lastname: String(i),
			image_url:
				mediaBaseUrl === undefined || i % 3 !== 0
					? undefined
					: `${mediaBaseUrl}/avatars/m${i}-${locale}.svg`,
		},
		locale,
		validated: true,
		awaitingValidation: false,
	}));
}

/**
 * A simulator whose catalogue holds every case the search-facing output must handle: rated
 * reviews, only testimonies, only unrated reviews, no review at all, no seo_description, hostile
 * text (the adversarial corpus), non-ASCII and twin refs, in two locales; authors with and
 * without a picture, the pictures served by the simulator.
 */
export async function startSeoSimulator(
	products = 12,
	options: { popular?: boolean } = {},
): Promise<Simulator> {
	// Authors' pictures come from the simulator itself (loopback), as a shop's come from its CDN.
	const sim = await startSimulator({
		products,
		locales: ['fr', 'en'],
		seed: 5,
		adversarial: true,
		avatars: 'served',
	});
	for (const ref of Object.values(CASES)) sim.addProduct({ external_id: ref });
	const items = (ref: string, kind: Pick<SimAudio, 'type' | 'rating'>): SimAudio[] =>
		['fr', 'en'].flatMap((locale) =>
			[0, 1, 2].map((i) => ({
				id: `${ref}-${locale}-${i}`,
				...kind,
				label: i === 0 ? undefined : `${kind.type} ${i}`,
				audio_url: `https://cdn.example.com/${locale}/${i}.mp3`,
				is_active: true,
				is_default: i === 0,
				transcript: i === 2 ? undefined : `Transcript ${i} of ${ref} (${locale}): it works well.`,
				created_at: i === 1 ? undefined : '2026-03-01T10:00:00.000Z',
				user: {
					id: `u${i}`,
					firstname: i === 0 ? undefined : 'Ana',
					lastname: 'Silva',
					image_url: i === 1 ? `${sim.baseUrl}/media/avatars/u${i}-${locale}.svg` : undefined,
				},
				locale,
				validated: true,
				awaitingValidation: false,
			})),
		);
	const set = (ref: string, change: Partial<SimProduct>) =>
		sim.updateProduct(ref, (product) => void Object.assign(product, change));
	set(CASES.accented, {
		name: 'Théière éco 50 cl',
		seo_description: 'Une théière en fonte émaillée, écoutée par nos clients.',
		reviews: items(CASES.accented, { type: 'review', rating: 3.5 }),
	});
	set(CASES.onlyTestimonies, { reviews: items(CASES.onlyTestimonies, { type: 'testimony' }) });
	set(CASES.onlyUnrated, { reviews: items(CASES.onlyUnrated, { type: 'review' }) });
	set(CASES.noReviews, { reviews: [] });
	set(CASES.noSeoDescription, {
		seo_description: undefined,
		reviews: items(CASES.noSeoDescription, { type: 'review', rating: 4.5 }),
	});
	set(CASES.twinUpper, { reviews: items(CASES.twinUpper, { type: 'review', rating: 5 }) });
	set(CASES.twinSharp, { reviews: items(CASES.twinSharp, { type: 'testimony' }) });
	if (options.popular) {
		const media = `${sim.baseUrl}/media`;
		sim.addProduct({
			external_id: POPULAR.popular,
			name: 'Popular kettle',
			seo_name: 'Popular kettle',
			reviews: manyReviews(POPULAR.popular, 'fr', 1200, media),
		});
		const paged = [
			...manyReviews(POPULAR.paged, 'fr', 45, media),
			...manyReviews(POPULAR.paged, 'en', 25, media),
		];
		sim.addProduct({
			external_id: POPULAR.paged,
			name: 'Paged lamp',
			seo_name: 'Paged lamp',
			reviews: paged,
		});
	}
	return sim;
}

export function seoEnv(sim: Simulator, extra: Record<string, string> = {}): Record<string, string> {
	return {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		AUDIO_REVIEWS_LOCALES: 'fr,en',
		...extra,
	};
}

/** The `seo` fixture (the basic collection, hub pages, sitemap with content dates). */
export function buildSeoSite(
	sim: Simulator,
	options: BuildOptions & { env?: Record<string, string> } = {},
): Promise<BuiltSite> {
	return buildFixture('seo', {
		extends: 'basic',
		label: 'seo',
		...options,
		env: seoEnv(sim, options.env),
	});
}

export { serveDist } from '../../scripts/serve-dist.mjs';

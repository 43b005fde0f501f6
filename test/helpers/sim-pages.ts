import { DEFAULT_REVIEWS_PER_PAGE } from '../../integration/src/options/page-settings.js';
import { productPath } from '../../integration/src/routing/product-url.js';
import { reviewPageCount, reviewPageSegment } from '../../integration/src/routing/review-pages.js';
import { createSlugger } from '../../integration/src/routing/slug.js';
import type { Simulator } from '../../simulator/src/index.js';

/**
 * Site-relative paths of one product's static pages (its page and further review pages) in every
 * locale the simulator has it in, from the simulator's own data (the first locale unprefixed, as
 * `audioReviews()` builds them).
 */
export function staticPagesOf(
	sim: Simulator,
	locales: readonly string[],
	ref: string,
	perPage = DEFAULT_REVIEWS_PER_PAGE,
): string[] {
	const listed = (locale: string) => sim.listAll({ locale, without: 'inactive' });
	const slug = createSlugger(
		locales.flatMap((locale) => listed(locale).map((p) => p.external_id)),
	).slugFor(ref);
	return locales.flatMap((locale) => {
		const product = listed(locale).find((p) => p.external_id === ref);
		if (!product) return [];
		// The product page, then a popular product's further review pages.
		const pages = reviewPageCount(product.reviews.length, perPage);
		return Array.from({ length: pages }, (_, index) =>
			productPath(reviewPageSegment(slug, index + 1), locale, locales[0]!),
		);
	});
}

/** The environment the basic fixture's deploy-hook builds read: this simulator, these locales, Astro's incremental cache on. */
export function rebuildEnv(sim: Simulator, locales: readonly string[]): Record<string, string> {
	return {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		AUDIO_REVIEWS_LOCALES: locales.join(','),
		FIXTURE_INCREMENTAL: '1',
		FIXTURE_RETRIES: '0',
	};
}

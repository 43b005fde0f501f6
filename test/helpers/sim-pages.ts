import { productPath } from '../../integration/src/render/seo/page-meta.js';
import { createSlugger } from '../../integration/src/render/seo/slug.js';
import type { Simulator } from '../../simulator/src/index.js';

/**
 * Site-relative paths of one product's static pages in every locale the simulator has it in,
 * from the simulator's own data (the first locale unprefixed, as `audioReviews()` builds them).
 */
export function staticPagesOf(sim: Simulator, locales: readonly string[], ref: string): string[] {
	const listed = (locale: string) => sim.listAll({ locale, without: 'inactive' }).map((p) => p.external_id);
	const slug = createSlugger(locales.flatMap(listed)).slugFor(ref);
	return locales.filter((locale) => listed(locale).includes(ref)).map((locale) => productPath(slug, locale, locales[0]!));
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

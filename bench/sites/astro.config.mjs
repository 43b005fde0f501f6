// Shared by the three bench sites (copied into each): same pages, same settings; only the
// collection's loader differs (src/content.config.ts).
import { defineConfig } from 'astro/config';
import audioReviews from 'astro-audio-reviews';

const storage = process.env.BENCH_STORAGE || 'single-file';

export default defineConfig({
	site: 'https://shop.example.com',
	// BENCH_EMPTY_OUT_DIR=0: keep dist/ between builds (the integration's `keepOutDir`), so
	// Astro's incremental build leaves unchanged pages in place ("(cached)") instead of deleting
	// and copying them back ("(restored)"), and the integration prunes pages gone stale.
	// No hub pages: the figures count product pages, as BENCHMARKS.md always has.
	// BENCH_REVIEWS_FEED=1: also write the product review feed (dist/product-reviews.xml).
	// BENCH_SEARCH=pagefind: product pages carry Pagefind's markup (the static search figure).
	// BENCH_REVIEWS_PER_PAGE: bench/lib/catalogue.mjs's REVIEWS_PER_PAGE, set by astroBuild, so the
	// bench counts the review pages it asks for.
	integrations: [
		audioReviews({
			keepOutDir: process.env.BENCH_EMPTY_OUT_DIR === '0',
			hub: false,
			reviewsFeed: process.env.BENCH_REVIEWS_FEED === '1' ? { publisher: 'Bench Shop' } : false,
			search: process.env.BENCH_SEARCH === 'pagefind' ? 'pagefind' : false,
			reviewsPerPage: Number(process.env.BENCH_REVIEWS_PER_PAGE),
			// The pages' language: the dev floor's file() entries record none (productsLoader's do).
			defaultLocale: 'fr',
		}),
	],
	experimental: {
		incrementalBuild: process.env.BENCH_INCREMENTAL !== '0',
		collectionStorage: storage,
	},
});

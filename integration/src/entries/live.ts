// Public entry point `astro-audio-reviews/live` (package.json `exports`): a thin barrel over the layers, so no
// layer has to import one above it to re-export it.
export * from '../on-demand/index.js';
export {
	type LiveEntryResultLike,
	type LivePageContext,
	type LiveProductPageOptions,
	type LiveStaticPath,
	liveErrorResponse,
	livePath,
	liveProductPage,
	liveStaticPaths,
	notFoundResponse,
} from '../on-demand/live-page.js';

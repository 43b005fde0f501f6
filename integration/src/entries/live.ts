// Public entry point `astro-audio-reviews/live` (package.json `exports`): a thin barrel over the layers, so no
// layer has to import one above it to re-export it.
export * from '../live/index.js';
export { liveProductPage, liveStaticPaths, liveErrorResponse, notFoundResponse, livePath, type LiveStaticPath, type LivePageContext, type LiveEntryResultLike, type LiveProductPageOptions } from '../render/pages/live-page.js';

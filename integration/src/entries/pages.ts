// Public entry point `astro-audio-reviews/pages` (package.json `exports`): a thin barrel over the layers, so no
// layer has to import one above it to re-export it.
export * from '../view/page-helpers.js';

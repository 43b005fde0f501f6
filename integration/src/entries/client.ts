// Public entry point `astro-audio-reviews/client` (package.json `exports`): a thin barrel over the layers, so no
// layer has to import one above it to re-export it.
export * from '../client/index.js';
export { type SyncOptions, type SyncProgress, type SyncResult, syncCatalogue } from '../sync/sync-catalogue.js';

// Public entry point `astro-audio-reviews/client` (package.json `exports`): a thin barrel over the layers, so no
// layer has to import one above it to re-export it.
export * from '../client/index.js';
export { syncCatalogue, type SyncOptions, type SyncResult, type SyncProgress } from '../sync/sync-catalogue.js';

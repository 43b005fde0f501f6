// Public entry point `astro-audio-reviews/cache` (package.json `exports`): each name it gives, from the
// module that defines it.

export { cacheVarnish } from '../shared-cache/cache-varnish.js';
export type { CacheVarnishOptions } from '../shared-cache/cache-varnish-option.js';

// Public entry point `astro-audio-reviews/cache` (package.json `exports`): each name it gives, from the
// module that defines it.

export type { CacheVarnishOptions } from '../options/cache-varnish-option.js';
export { cacheVarnish } from '../shared-cache/cache-varnish.js';

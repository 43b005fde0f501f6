// The module `cacheVarnish()` names as its `entrypoint`: Astro's cache runtime imports it in the
// server and calls its default export with the options baked into the build.
export { createVarnishProvider as default } from '../shared-cache/varnish-provider.js';

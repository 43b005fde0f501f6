/**
 * Whether the live loader shares one load in flight between renders. Chosen once at config time:
 * behind `cacheVarnish()` the integration serves this module with `false` (`loadSharingPlugin`),
 * as the nodes coalesce misses and a render after a purge must never join an older load.
 */
export const SHARE_LOADS_IN_FLIGHT: boolean = true;

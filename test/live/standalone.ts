/**
 * The standalone server of an `@astrojs/node` build, started on loopback: one implementation,
 * shared with bench/live.mjs.
 */
export { freePort, startServer as startStandalone, type StandaloneServer } from '../../bench/live/site.mjs';

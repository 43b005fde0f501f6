/**
 * The standalone server of an `@astrojs/node` build, started on loopback: one implementation,
 * shared with bench/live.mjs.
 */
export {
	freePort,
	type StandaloneServer,
	startServer as startStandalone,
} from '../../bench/live/site.mjs';

/** Debian's Chromium (never a downloaded build), as the tests drive it. */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * The machine has no network: these keep Chromium from trying to reach Google's services
 * (refused connections, many at a time, and failed lookups at every start).
 */
export const OFFLINE_CHROMIUM_FLAGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
] as const;

import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import {
	CHROMIUM,
	type DevtoolsChromium,
	launchDevtoolsChromium,
	stopDevtoolsChromium,
} from '../../scripts/devtools-chromium.mjs';
import { traced } from './trace.js';

export type { DevtoolsChromium };
/** Debian's Chromium (never a downloaded build), as the tests drive it. */
export { CHROMIUM };

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

/** Debian's Chromium with a DevTools port, for Lighthouse; the machine has no network, so nothing phones home. */
export function launchChromium(userDataDir: string): Promise<DevtoolsChromium> {
	return traced('chromium', {}, () =>
		launchDevtoolsChromium(userDataDir, [...OFFLINE_CHROMIUM_FLAGS, '--disable-dev-shm-usage']),
	);
}

/**
 * Lighthouse's flags for the audits that are no measure of speed (SEO, accessibility, best
 * practices) of a page served from loopback. 'simulate' throttles nothing while the page loads
 * (only its performance metrics would be modelled); it is also the one method whose quiet windows
 * Lighthouse takes as given, where 'provided' and 'devtools' raise them to 5.25 s each. Loopback
 * requests end within milliseconds, so a quarter second of quiet network and CPU says the page is
 * done as surely as a second would.
 */
export const LIGHTHOUSE_LOOPBACK_FLAGS = {
	throttlingMethod: 'simulate',
	pauseAfterFcpMs: 250,
	pauseAfterLoadMs: 250,
	networkQuietThresholdMs: 250,
	cpuQuietThresholdMs: 250,
	// The report's picture, which no assertion reads.
	disableFullPageScreenshot: true,
} as const;

/** Stops a Chromium `launchChromium` started, once it has exited (scripts/devtools-chromium.mjs). */
export const stopChromium = stopDevtoolsChromium;

/** Debian's Chromium driven by Playwright, offline. */
export function launchBrowser(): Promise<Browser> {
	return traced('browser', {}, () =>
		chromium.launch({
			executablePath: CHROMIUM,
			headless: true,
			args: [...OFFLINE_CHROMIUM_FLAGS],
		}),
	);
}

/** Playwright's error for a call still in flight when its page, context or browser closed. */
function targetClosed(error: unknown): boolean {
	return (
		error instanceof Error &&
		/Target page, context or browser has been closed|Browser has been closed/.test(error.message)
	);
}

/**
 * `call`, where its page may close first: a route's answer after the test closed the page, a
 * cleanup of a page already gone. Nothing waits for that request any more, so that one error is
 * dropped; any other is thrown. A route handler's rejection would otherwise surface as an
 * unhandled rejection, outside the test that caused it.
 */
export async function unlessClosed(call: Promise<unknown>): Promise<void> {
	await call.then(
		() => undefined,
		(error: unknown) => {
			if (!targetClosed(error)) throw error;
		},
	);
}

/** Aborts every request of `target` that `allowed` refuses (the audio's CDN does not exist here). */
export async function abortOthers(
	target: Page | BrowserContext,
	allowed: (url: URL) => boolean,
): Promise<void> {
	await target.route(
		(url) => !allowed(url),
		(route) => unlessClosed(route.abort()),
	);
}

/**
 * Closes every page and context open in `browser`, held routes first: a route a test holds to
 * show a loading state has no answer to give, so it is let go without one (`ignoreErrors`), and
 * nothing answers a closed page. Run after each test, so a test that fails half-way leaves nothing
 * open for the next.
 */
export async function closePages(browser: Browser | undefined): Promise<void> {
	for (const context of browser?.contexts() ?? []) {
		for (const page of context.pages())
			await unlessClosed(page.unrouteAll({ behavior: 'ignoreErrors' }));
		await unlessClosed(context.unrouteAll({ behavior: 'ignoreErrors' }));
		await unlessClosed(context.close());
	}
}

/** Closes a browser `launchBrowser` started, its pages first. */
export async function closeBrowser(browser: Browser | undefined): Promise<void> {
	await closePages(browser);
	await browser?.close();
}

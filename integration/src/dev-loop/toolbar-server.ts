import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import type { LiveProgress } from '../build-sync/progress-log.js';
import type { CatalogueStatus } from './catalogue-status.js';
import { type RefreshContent, refreshCollections } from './refresh-collections.js';

type ServerToolbar = Parameters<
	NonNullable<AstroIntegration['hooks']['astro:server:setup']>
>[0]['toolbar'];

/** The app's id in Astro's dev toolbar (CONTRACT.md "In `astro dev`"). */
export const TOOLBAR_APP_ID = 'astro-audio-reviews';

/** Messages between the app (browser) and the dev server, over Vite's HMR channel. */
export const TOOLBAR_EVENTS = {
	/** app → server: send the status again. */
	ask: `${TOOLBAR_APP_ID}:ask`,
	/** app → server: `{ refs?: string[] }`, nothing for everything. */
	refresh: `${TOOLBAR_APP_ID}:refresh`,
	/** server → app: `{ statuses }`. */
	status: `${TOOLBAR_APP_ID}:status`,
	/** server → app: `{ running: true, refs }` when a refresh starts, then `{ running: false, … }`. */
	refreshing: `${TOOLBAR_APP_ID}:refreshing`,
} as const;

/**
 * The server side of the dev toolbar app: answers its status requests and runs its refreshes
 * through Astro's `refreshContent`. A failed refresh is a message to the app and a line of the
 * terminal, never a rejection; the loaders keep what the pages show.
 */
export function serveToolbarApp(
	toolbar: ServerToolbar,
	refreshContent: RefreshContent,
	catalogue: CatalogueStatus,
	logger: AstroIntegrationLogger,
): void {
	const sendStatus = (failed: string[] = []) =>
		toolbar.send(TOOLBAR_EVENTS.status, { statuses: catalogue.statuses(), failed });
	// Before the first status (a page opened while the start sync runs), ask the loaders.
	const askOnce = async () =>
		catalogue.statuses().length > 0 ? sendStatus() : sendStatus((await catalogue.watch()).failed);
	toolbar.onAppInitialized(TOOLBAR_APP_ID, () => void askOnce());
	toolbar.on(TOOLBAR_EVENTS.ask, () => void askOnce());
	catalogue.onChange(() => sendStatus());
	toolbar.on<{ refs?: unknown }>(TOOLBAR_EVENTS.refresh, (payload) => {
		const refs = Array.isArray(payload?.refs)
			? payload.refs.filter((ref): ref is string => typeof ref === 'string' && ref !== '')
			: undefined;
		const running = (progress?: LiveProgress) =>
			toolbar.send(TOOLBAR_EVENTS.refreshing, { running: true, refs: refs ?? 'all', progress });
		running();
		void refreshCollections(refreshContent, refs, undefined, running).then((result) => {
			for (const line of result.failed) logger.warn(`Dev toolbar refresh failed: ${line}`);
			toolbar.send(TOOLBAR_EVENTS.refreshing, { running: false, refs: refs ?? 'all', ...result });
			sendStatus(result.failed);
		});
	});
}

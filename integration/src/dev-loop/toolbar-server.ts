import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import type { DevHub } from './dev-hub.js';
import {
	DEV_EVENTS,
	type RefreshingMessage,
	refreshAskSchema,
	type StatusMessage,
	TOOLBAR_APP_ID,
} from './protocol.js';
import { type RefreshContent, refreshCollections } from './refresh-collections.js';

type ServerToolbar = Parameters<
	NonNullable<AstroIntegration['hooks']['astro:server:setup']>
>[0]['toolbar'];

/**
 * The server side of the dev toolbar app: sends the hub's status when the app starts and after
 * every load, and runs the app's refreshes through Astro's `refreshContent`. A failed refresh is
 * a message to the app (the loader logged its reason once), never a rejection.
 */
export function serveToolbarApp(
	toolbar: ServerToolbar,
	refreshContent: RefreshContent,
	hub: DevHub,
	logger: AstroIntegrationLogger,
): void {
	let pending: RefreshingMessage['refs'] | undefined;
	/** The last refresh's end: an app that reloaded onto the new data reads it from the status. */
	let last: RefreshingMessage | undefined;
	const sendStatus = () => {
		const message: StatusMessage = { statuses: hub.statuses(), ...(last ? { last } : {}) };
		toolbar.send(DEV_EVENTS.status, message);
	};
	const send = (message: RefreshingMessage) => toolbar.send(DEV_EVENTS.refreshing, message);
	toolbar.onAppInitialized(TOOLBAR_APP_ID, sendStatus);
	hub.onChange(sendStatus);
	hub.onStart(() => {
		if (pending) send({ refs: pending, state: 'running' });
	});
	hub.onProgress((_collection, progress) => {
		if (pending) send({ refs: pending, state: 'running', progress });
	});
	toolbar.on(DEV_EVENTS.refresh, (payload: unknown) => {
		const asked = refreshAskSchema.safeParse(payload ?? {});
		if (!asked.success) return;
		const refs = asked.data.refs && asked.data.refs.length > 0 ? asked.data.refs : undefined;
		const what = refs ?? 'all';
		// Astro runs one sync at a time: behind another, this one waits, and the app says so.
		send({ refs: what, state: hub.running() ? 'waiting' : 'running' });
		pending = what;
		void refreshCollections(refreshContent, hub, refs).then((result) => {
			pending = undefined;
			if (result.failed.some((line) => line.startsWith('no collection')))
				logger.warn(`Dev toolbar refresh failed: ${result.failed.join('; ')}`);
			last = {
				refs: what,
				state: 'done',
				failed: result.failed,
				unknown: result.unknown,
				updated: result.updated,
				at: Date.now(),
			};
			send(last);
			sendStatus();
		});
	});
}

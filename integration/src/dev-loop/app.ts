import { defineToolbarApp } from 'astro/toolbar';
import { APP_STYLE } from './app-style.js';
import { button, collection, doneText, line, runningText } from './app-view.js';
import {
	DEV_EVENTS,
	type RefreshingMessage,
	recordAnswerSchema,
	recordUrl,
	refreshingMessageSchema,
	type SyncStatus,
	statusMessageSchema,
} from './protocol.js';

// Runs in the browser, in `astro dev` only: draws what the server sends, asks for refreshes.
// A page view asks nothing of the loader: the status comes when the app starts, the record
// only when asked for.
const PENDING = 'astro-audio-reviews:pending-refresh';
const RESULT = 'astro-audio-reviews:refresh-result';
type Pending = { what: string; since: number };

export default defineToolbarApp({
	init(canvas, app, server) {
		const win = document.createElement('astro-dev-toolbar-window');
		win.innerHTML = `<style>${APP_STYLE}</style><header><h1>Audio reviews</h1><span class="actions"></span></header><p class="progress" role="status" aria-live="polite"></p><div class="body">Reading the last sync…</div><div class="page"></div>`;
		canvas.append(win);
		const q = (selector: string) => win.querySelector(selector) as HTMLElement;
		const ref = document
			.querySelector('meta[property="product:retailer_item_id"]')
			?.getAttribute('content');
		q('.actions').append(button('Refresh all', () => refresh(undefined)));
		if (ref) q('.actions').append(button('Refresh this product', () => refresh([ref])));
		const progress = (text: string) => {
			q('.progress').textContent = text;
		};
		const pending = (): Pending | undefined => read<Pending>(PENDING);
		// A refresh that wrote the store reloads the page: the app reopens with its result.
		const done = read<[number, string]>(RESULT);
		sessionStorage.removeItem(RESULT);
		if (done && Date.now() - done[0] < 60_000) {
			app.toggleState({ state: true });
			progress(done[1]);
		} else if (pending()) {
			app.toggleState({ state: true });
			progress(`Refreshing ${pending()!.what}…`);
		}
		let statuses: SyncStatus[] = [];
		const draw = () => {
			const shown = q('.progress').textContent ?? '';
			q('.body').replaceChildren(...statuses.map((status) => collection(status, shown)));
			if (ref && !q('.page').hasChildNodes()) q('.page').append(pagePanel(ref, statuses));
		};
		const finish = (message: RefreshingMessage) => {
			const asked = pending();
			if (!asked) return;
			sessionStorage.removeItem(PENDING);
			// Loaded after the refresh began: Astro reloaded it onto the new data.
			const reloaded = performance.timeOrigin > asked.since;
			const text = doneText(asked.what, message, reloaded);
			if (!reloaded && (message.updated ?? 0) > 0)
				sessionStorage.setItem(
					RESULT,
					JSON.stringify([Date.now(), doneText(asked.what, message, true)]),
				);
			progress(text);
			draw();
		};
		const refresh = (refs: string[] | undefined) => {
			const asked: Pending = {
				what: refs ? refs.join(', ') : 'the whole catalogue',
				since: Date.now(),
			};
			sessionStorage.setItem(PENDING, JSON.stringify(asked));
			progress(`Refreshing ${asked.what}…`);
			server.send(DEV_EVENTS.refresh, refs ? { refs } : {});
		};
		server.on(DEV_EVENTS.status, (data: unknown) => {
			const parsed = statusMessageSchema.safeParse(data);
			if (!parsed.success) return;
			statuses = parsed.data.statuses;
			const last = parsed.data.last;
			const asked = pending();
			if (last?.at && asked && last.at >= asked.since) finish(last);
			draw();
			const failed = statuses.some((s) => [s.sync, s.refresh].some((r) => r?.outcome === 'failed'));
			const warn = statuses.some(
				(s) => s.skipped.length > 0 || s.sync?.outcome === 'last-known-good',
			);
			if (failed || warn)
				app.toggleNotification({ state: true, level: failed ? 'error' : 'warning' });
			else app.toggleNotification({ state: false });
		});
		server.on(DEV_EVENTS.refreshing, (data: unknown) => {
			const parsed = refreshingMessageSchema.safeParse(data);
			if (!parsed.success) return;
			const message = parsed.data;
			if (message.state === 'done') return finish(message);
			const what = message.refs === 'all' ? 'the whole catalogue' : message.refs.join(', ');
			progress(runningText(what, message));
		});
	},
});

function read<T>(key: string): T | undefined {
	try {
		return (JSON.parse(sessionStorage.getItem(key) ?? 'null') as T | null) ?? undefined;
	} catch {
		return undefined;
	}
}

/** This page's product; where its texts come from is asked of the server only on demand. */
function pagePanel(ref: string, statuses: SyncStatus[]): HTMLElement {
	const locale = document.documentElement.lang;
	const status = statuses.find((s) => locale in s.counts) ?? statuses[0];
	const many = Object.keys(status?.counts ?? {}).length > 1;
	const id = many ? `${locale}/${ref}` : ref;
	const section = document.createElement('section');
	const title = document.createElement('h2');
	title.textContent = 'This page';
	const href = recordUrl(status?.collection ?? '', id);
	const sources = line('', 'sources');
	const link = document.createElement('a');
	link.href = href;
	link.target = '_blank';
	link.textContent = 'Raw validated record';
	const ask = button('Where its texts come from', () => {
		sources.textContent = 'Reading the record…';
		void fetch(href)
			.then((response) => (response.ok ? response.json() : undefined))
			.then((data: unknown) => {
				const answer = recordAnswerSchema.safeParse(data);
				sources.textContent = answer.success
					? answer.data.sources
					: 'No record for this page in the store.';
			});
	});
	section.append(
		title,
		line(`Product ${ref} · locale ${locale} · entry id ${id}`),
		ask,
		sources,
		link,
	);
	return section;
}

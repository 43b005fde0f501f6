import { defineToolbarApp } from 'astro/toolbar';
import type { SyncStatus } from './dev-status.js';

// Runs in the browser, in `astro dev` only: draws what the server sends, asks for refreshes.
// Every value comes from the service, so it goes in through textContent, never as markup.
const ID = 'astro-audio-reviews';
const PENDING = `${ID}:pending-refresh`;
const RESULT = `${ID}:refresh-result`;
type Progress = { received: number; total: number; requests: number; retries: number };
type Refreshing = {
	progress?: Progress;
	running: boolean;
	refs: string[] | 'all';
	failed?: string[];
	unknown?: string[];
};

export default defineToolbarApp({
	init(canvas, app, server) {
		const win = document.createElement('astro-dev-toolbar-window');
		win.innerHTML = `<style>${STYLE}</style><header><h1>Audio reviews</h1><span class="actions"></span></header><p class="progress" role="status" aria-live="polite"></p><div class="body">Reading the last sync…</div><div class="page"></div>`;
		canvas.append(win);
		const q = (selector: string) => win.querySelector(selector) as HTMLElement;
		const ref = document
			.querySelector('meta[property="product:retailer_item_id"]')
			?.getAttribute('content');
		const all = button('Refresh all', () => refresh(undefined));
		q('.actions').append(all);
		if (ref) q('.actions').append(button('Refresh this product', () => refresh([ref])));
		const progress = (text: string) => {
			q('.progress').textContent = text;
		};
		// A sync that wrote the store reloads the page: the app reopens with the refresh's result.
		const done = JSON.parse(sessionStorage.getItem(RESULT) ?? 'null') as [number, string] | null;
		sessionStorage.removeItem(RESULT);
		const pending = sessionStorage.getItem(PENDING);
		if (done && Date.now() - done[0] < 30_000) {
			app.toggleState({ state: true });
			progress(done[1]);
		} else if (pending) {
			app.toggleState({ state: true });
			progress(`Refreshing ${pending}…`);
		}
		const finish = (text: string) => {
			sessionStorage.removeItem(PENDING);
			sessionStorage.setItem(RESULT, JSON.stringify([Date.now(), text]));
			progress(text);
		};
		const refresh = (refs: string[] | undefined) => {
			sessionStorage.setItem(PENDING, refs ? refs.join(', ') : 'the whole catalogue');
			server.send(`${ID}:refresh`, { refs });
		};
		server.on<{ statuses: SyncStatus[]; failed: string[] }>(`${ID}:status`, (data) => {
			const { statuses } = data;
			q('.body').replaceChildren(...statuses.map(collection), ...data.failed.map(line));
			if (ref) q('.page').replaceChildren(pagePanel(ref, statuses));
			const failed = data.failed.length > 0 || statuses.some((s) => s.outcome === 'failed');
			const warn = statuses.some((s) => s.skipped.length > 0 || s.outcome === 'last-known-good');
			if (failed || warn)
				app.toggleNotification({ state: true, level: failed ? 'error' : 'warning' });
			else app.toggleNotification({ state: false });
			const what = sessionStorage.getItem(PENDING);
			if (!what) return;
			const reasons = statuses.flatMap((s) => (s.outcome === 'ok' ? [] : [s.reason ?? s.outcome]));
			finish(result(what, [...data.failed, ...reasons], []));
		});
		server.on<Refreshing>(`${ID}:refreshing`, (data) => {
			const what = data.refs === 'all' ? 'the whole catalogue' : data.refs.join(', ');
			const p = data.progress;
			const counts = p
				? ` ${p.received} / ${p.total} products, ${p.requests} requests, ${p.retries} retries`
				: '';
			if (data.running) return progress(`Refreshing ${what}…${counts}`);
			finish(result(what, data.failed ?? [], data.unknown ?? []));
		});
	},
});

function result(what: string, failed: string[], unknown: string[]): string {
	if (failed.length > 0) return `Refresh failed, the pages keep their data: ${failed.join('; ')}`;
	const more = unknown.length > 0 ? `; unknown to the service: ${unknown.join(', ')}` : '';
	return `Refreshed ${what}${more}.`;
}

function button(label: string, onClick: () => void): HTMLElement {
	const element = document.createElement('astro-dev-toolbar-button');
	element.textContent = label;
	element.addEventListener('click', onClick);
	return element;
}

function line(text: string): HTMLElement {
	const p = document.createElement('p');
	p.textContent = text;
	return p;
}

function collection(status: SyncStatus): HTMLElement {
	const section = document.createElement('section');
	const counts = Object.entries(status.counts).map(([locale, n]) => `${locale} ${n}`);
	const title = document.createElement('h2');
	title.textContent = `Collection "${status.collection}": ${counts.join(' · ')}`;
	section.append(title, line(outcome(status)));
	if (status.reason) section.append(line(`Reason: ${status.reason}`));
	if (status.skipped.length > 0) section.append(skippedTable(status));
	return section;
}

function outcome(status: SyncStatus): string {
	const seconds = ((status.durationMs ?? 0) / 1000).toFixed(1);
	const when = status.endedAt ? new Date(status.endedAt).toLocaleString() : 'never';
	const scope = status.scope === 'all' ? 'Last sync' : `Last refresh (${status.scope.join(', ')})`;
	const cost =
		status.durationMs === undefined
			? ''
			: ` (${seconds} s, ${status.requests ?? 0} requests, ${status.retries ?? 0} retries)`;
	const since = status.since ? new Date(status.since).toLocaleString() : 'an earlier sync';
	const states: Record<SyncStatus['outcome'], string> = {
		ok: 'ok',
		failed: `failed; the pages keep the data of ${since}`,
		'last-known-good': `service unreachable; serving the last known good data of ${since}`,
		none: 'no sync recorded yet',
	};
	return `${scope}: ${states[status.outcome]} · ended ${when}${cost}`;
}

function skippedTable(status: SyncStatus): HTMLElement {
	const table = document.createElement('table');
	const caption = table.createCaption();
	caption.textContent = `Skipped by onInvalid: "skip" (${status.skipped.length})`;
	const head = table.createTHead().insertRow();
	const names = ['Ref', 'Locale', 'Field', 'Value', 'Problem'];
	for (const name of names) {
		const th = document.createElement('th');
		th.textContent = name;
		head.append(th);
	}
	const body = table.createTBody();
	for (const item of status.skipped) {
		const row = body.insertRow();
		[item.ref, item.locale, item.path, item.value, item.message].forEach((text, column) => {
			const cell = row.insertCell();
			cell.textContent = text;
			// A phone-wide toolbar stacks each row's cells under their column's name (STYLE).
			cell.dataset.label = names[column];
		});
	}
	return table;
}

function pagePanel(ref: string, statuses: SyncStatus[]): HTMLElement {
	const locale = document.documentElement.lang;
	const status = statuses.find((s) => locale in s.counts) ?? statuses[0];
	const many = Object.keys(status?.counts ?? {}).length > 1;
	const id = many ? `${locale}/${ref}` : ref;
	const section = document.createElement('section');
	const title = document.createElement('h2');
	title.textContent = 'This page';
	const sources = line('');
	const link = document.createElement('a');
	const query = new URLSearchParams({ collection: status?.collection ?? '', id });
	link.href = `/_audio-reviews/record?${query}`;
	link.target = '_blank';
	link.textContent = 'Raw validated record';
	section.append(title, line(`Product ${ref} · locale ${locale} · entry id ${id}`), sources, link);
	void fetch(link.href)
		.then((response) => (response.ok ? response.json() : undefined))
		.then((data: Record<string, unknown> | undefined) => {
			if (data) sources.textContent = fieldSources(data);
		});
	return section;
}

/** The contract's rules, applied to this product: which field each text comes from. */
function fieldSources(data: Record<string, unknown>): string {
	const has = (field: string) => typeof data[field] === 'string' && data[field] !== '';
	const first = (...fields: string[]) => fields.find(has) ?? 'the ref';
	const description = has('seo_description') ? 'seo_description' : 'made from the product data';
	return `<title> from ${first('seo_name', 'name')} · <h1> from ${first('name', 'seo_name')} · description ${has('seo_description') ? 'from ' : ''}${description}`;
}

const STYLE = `
header { display: flex; gap: 1em; align-items: center; justify-content: space-between; flex-wrap: wrap; }
h1 { font-size: 1.2em; margin: 0; color: #fff; }
h2 { font-size: 1em; margin: 1em 0 .3em; color: #fff; }
.actions { display: flex; gap: .5em; }
.body, .page { overflow: auto; max-height: 60vh; }
p { margin: .3em 0; overflow-wrap: anywhere; }
a { color: #b9a6ff; }
table { border-collapse: collapse; font-size: .9em; margin-top: .5em; }
caption { text-align: left; font-weight: 600; color: #fff; }
td:nth-child(-n+3) { white-space: nowrap; }
th, td { border: 1px solid #343841; padding: .25em .5em; text-align: left; vertical-align: top; }
@media (max-width: 40em) {
	thead { display: none; }
	tr { display: block; border-top: 1px solid #343841; padding: .3em 0; }
	td { display: block; border: 0; padding: .1em 0; white-space: normal; }
	td:nth-child(-n+3) { white-space: normal; }
	td::before { content: attr(data-label) ": "; font-weight: 600; color: #fff; }
}
`;

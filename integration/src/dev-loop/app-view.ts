import type { RefreshingMessage, SyncReport, SyncStatus } from './protocol.js';

// What the app draws. Every value comes from the service, so it goes in through textContent,
// never as markup.

export function button(label: string, onClick: () => void): HTMLElement {
	const element = document.createElement('astro-dev-toolbar-button');
	element.textContent = label;
	element.addEventListener('click', onClick);
	return element;
}

export function line(text: string, className?: string): HTMLElement {
	const p = document.createElement('p');
	p.textContent = text;
	if (className) p.className = className;
	return p;
}

/** One collection: counts, the last sync, the last refresh beside it, and the skipped table. */
export function collection(status: SyncStatus, shown: string): HTMLElement {
	const section = document.createElement('section');
	const counts = Object.entries(status.counts).map(([locale, n]) => `${locale} ${n}`);
	const title = document.createElement('h2');
	title.textContent = `Collection "${status.collection}": ${counts.join(' · ')}`;
	section.append(title);
	if (status.running)
		section.append(
			line(`Syncing now: ${status.running === 'all' ? 'everything' : status.running.join(', ')}…`),
		);
	section.append(line(status.sync ? outcome(status.sync) : 'Last sync: none recorded yet'));
	if (status.refresh) section.append(line(outcome(status.refresh)));
	// A reason is shown once: not again here when the refresh's own line already says it.
	for (const report of [status.sync, status.refresh])
		if (report?.reason && !shown.includes(report.reason))
			section.append(line(`Reason: ${report.reason}`));
	if (status.skipped.length > 0) section.append(skippedTable(status));
	return section;
}

function outcome(report: SyncReport): string {
	const scope = report.scope === 'all' ? 'Last sync' : `Last refresh (${report.scope.join(', ')})`;
	const when = report.endedAt ? new Date(report.endedAt).toLocaleString() : 'never';
	const cost =
		report.durationMs === undefined
			? ''
			: ` (${(report.durationMs / 1000).toFixed(1)} s, ${report.requests ?? 0} requests, ${report.retries ?? 0} retries)`;
	const change = report.change
		? ` · ${report.change.updated} updated, ${report.change.removed} removed, ${report.change.unchanged} unchanged`
		: '';
	const since = report.since ? new Date(report.since).toLocaleString() : 'an earlier sync';
	const states: Record<SyncReport['outcome'], string> = {
		ok: 'ok',
		failed: `failed; the pages keep the data of ${since}`,
		'last-known-good': `service unreachable; serving the last known good data of ${since}`,
	};
	return `${scope}: ${states[report.outcome]} · ended ${when}${cost}${change}`;
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

/** A running refresh in words: waiting behind another sync, its progress, or the service's silence. */
export function runningText(what: string, message: RefreshingMessage): string {
	if (message.state === 'waiting')
		return `Waiting for the running sync to end before refreshing ${what}…`;
	const p = message.progress;
	if (!p || p.requests === 0) return `Refreshing ${what}…`;
	if (p.total === 0)
		return `Refreshing ${what}… waiting for the service: ${p.requests} requests, ${p.retries} retries`;
	return `Refreshing ${what}… ${p.received} / ${p.total} products, ${p.requests} requests, ${p.retries} retries`;
}

/** A finished refresh in words; `reloaded`: this page was loaded after the refresh began. */
export function doneText(what: string, message: RefreshingMessage, reloaded: boolean): string {
	const failed = message.failed ?? [];
	if (failed.length > 0) return `Refresh failed, the pages keep their data: ${failed.join('; ')}`;
	const unknown = message.unknown?.length
		? `; unknown to the service: ${message.unknown.join(', ')}`
		: '';
	const updated = message.updated ?? 0;
	if (updated === 0)
		return `No change: ${what} is as the service has it${unknown}. The page stays.`;
	const entries = `${updated} ${updated === 1 ? 'entry' : 'entries'} updated`;
	return reloaded
		? `Refreshed ${what}: ${entries}${unknown}.`
		: `Refreshed ${what} in the store: ${entries}${unknown}. The page reloads once it serves them…`;
}

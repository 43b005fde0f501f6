import { countOf, formatNumber } from '../format/numbers.js';
import { diffSize, type PageChange, type PageDiff } from './hook-record.js';

/** What one run found and did, printed as one line (and, with --json, one JSON object). */
export interface PollOutcome {
	kind: 'called' | 'no-change' | 'held' | 'dry-run';
	diff: PageDiff;
	/** Page entries in the store now. */
	pages: number;
	/** The hook as printable (origin only). */
	hook: string;
	/** No call was recorded before this run. */
	firstCall: boolean;
	/** When the last successful call was (ISO). */
	calledAt: string | undefined;
	/** The state folder, as printed (relative to the site's folder). */
	state: string;
	status?: number;
	heldUntil?: string;
}

/** Refs shown in the line; the JSON carries the same first few of each list. */
const SHOWN_REFS = 5;

const labels = (changes: readonly PageChange[]) =>
	changes.slice(0, SHOWN_REFS).map((change) => change.label);

function changes(diff: PageDiff): string {
	const parts = [
		`${formatNumber(diff.added.length)} added`,
		`${formatNumber(diff.changed.length)} changed`,
		`${formatNumber(diff.removed.length)} removed`,
	].join(', ');
	const first = [...diff.added, ...diff.changed, ...diff.removed];
	if (first.length === 0) return parts;
	const more =
		first.length > SHOWN_REFS ? `, +${formatNumber(first.length - SHOWN_REFS)} more` : '';
	return `${parts} (${labels(first).join(', ')}${more})`;
}

/** The run's line, then where its state is: the one folder a scheduled job must keep. */
export function pollLine(outcome: PollOutcome): string {
	return `${what(outcome)} State: ${outcome.state}`;
}

function what(outcome: PollOutcome): string {
	const pages = countOf(outcome.pages, 'page');
	const since = outcome.firstCall ? 'first run, no call recorded yet' : changes(outcome.diff);
	switch (outcome.kind) {
		case 'no-change':
			return `No change: ${pages} as at the last deploy call (${outcome.calledAt}); nothing called.`;
		case 'dry-run':
			return `Dry run: would POST to the deploy hook ${outcome.hook} (${since}; ${pages}); nothing called, nothing recorded.`;
		case 'held':
			return `Changed (${since}), held by --min-interval: the last call was at ${outcome.calledAt}; the first run after ${outcome.heldUntil} calls the deploy hook.`;
		case 'called':
			return `Called the deploy hook ${outcome.hook}: HTTP ${outcome.status} (${since}; ${pages}).`;
	}
}

export function pollJson(outcome: PollOutcome): string {
	const { diff } = outcome;
	return JSON.stringify({
		changed: outcome.firstCall || diffSize(diff) > 0,
		called: outcome.kind === 'called',
		outcome: outcome.kind,
		firstCall: outcome.firstCall,
		added: diff.added.length,
		updated: diff.changed.length,
		removed: diff.removed.length,
		refs: {
			added: labels(diff.added),
			changed: labels(diff.changed),
			removed: labels(diff.removed),
		},
		pages: outcome.pages,
		hook: outcome.hook,
		state: outcome.state,
		...(outcome.status === undefined ? {} : { status: outcome.status }),
		...(outcome.heldUntil === undefined ? {} : { heldUntil: outcome.heldUntil }),
	});
}

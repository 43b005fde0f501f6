import { relative, resolve } from 'node:path';
import {
	type CommandIo,
	EXIT,
	type ExitCode,
	printJsonLast,
	wantsJson,
} from '../command-line/conventions.js';
import { CommandUsageError, PollError } from '../errors/errors.js';
import { callHook, redactHook } from './deploy-hook.js';
import { diffPages, diffSize, readHookRecord, writeHookRecord } from './hook-record.js';
import { type PollOptions, parsePollArgs } from './poll-options.js';
import { type PollOutcome, pollJson, pollLine } from './poll-report.js';
import { syncSite } from './site-sync.js';

/**
 * `audio-reviews poll`: for shops whose deploy hook nobody calls (the service has no webhooks),
 * run on a schedule. Calls the hook only when a page the build writes would differ from what
 * it was at the last successful call, and records the pages only once the hook answered 2xx.
 */
const EXIT_OF: Record<PollError['kind'] | 'usage', ExitCode> = {
	usage: EXIT.usage,
	service: EXIT.failed,
	hook: EXIT.failed,
	busy: EXIT.busy,
};

export interface PollIo extends CommandIo {
	env: Readonly<Record<string, string | undefined>>;
}

/** The whole command; returns the exit code. */
export async function runPollCommand(argv: readonly string[], io: PollIo): Promise<number> {
	const json = wantsJson(argv);
	try {
		const options = parsePollArgs(argv, io.env);
		const outcome = await poll(options, io.cwd);
		io.out(pollLine(outcome));
		if (json) printJsonLast(io, pollJson(outcome));
		return EXIT.done;
	} catch (error) {
		if (!(error instanceof PollError || error instanceof CommandUsageError)) throw error;
		const kind = error instanceof PollError ? error.kind : 'usage';
		io.err(error.message);
		if (json)
			printJsonLast(io, {
				changed: kind === 'hook',
				called: false,
				outcome: 'failed',
				failure: kind,
				error: error.message,
			});
		return EXIT_OF[kind];
	}
}

/** Where poll keeps its state unless `--state` says: beside Astro's own cache of the site. */
export const DEFAULT_STATE = 'node_modules/.astro/audio-reviews-poll';

async function poll(options: PollOptions, cwd: string): Promise<PollOutcome> {
	const stateFolder = resolve(cwd, options.state ?? DEFAULT_STATE);
	const site = await syncSite(cwd, stateFolder, options.lockWaitMs);
	try {
		const record = await readHookRecord(stateFolder);
		const outcome = {
			diff: diffPages(record.pages, site.pages),
			pages: Object.keys(site.pages).length,
			hook: redactHook(options.hook.url),
			firstCall: record.calledAt === undefined,
			calledAt: record.calledAt,
			state: relative(cwd, stateFolder) || '.',
		};
		// The list's memos and digests advance with every complete sync (never on a dry run); the
		// hook's record below only after a 2xx.
		if (!options.dryRun) await site.keep();
		if (!outcome.firstCall && diffSize(outcome.diff) === 0)
			return { ...outcome, kind: 'no-change' };
		if (options.dryRun) return { ...outcome, kind: 'dry-run' };
		const heldUntil =
			record.calledAt === undefined ? 0 : Date.parse(record.calledAt) + options.minIntervalMs;
		if (heldUntil > Date.now())
			return { ...outcome, kind: 'held', heldUntil: new Date(heldUntil).toISOString() };
		const status = await callHook(options.hook);
		await writeHookRecord(stateFolder, { calledAt: new Date().toISOString(), pages: site.pages });
		return { ...outcome, kind: 'called', status };
	} finally {
		await site.close();
	}
}

import {
	DURATION_HELP,
	EXIT_CODES_HELP,
	parseDuration,
	parseFlags,
} from '../command-line/conventions.js';
import { CommandUsageError } from '../errors/errors.js';
import { type DeployHook, parseHookBody, parseHookUrl } from './deploy-hook.js';

/** The environment poll reads: the hook's URL and a token, both secrets kept out of command lines. */
export const POLL_ENV = {
	hook: 'AUDIO_REVIEWS_DEPLOY_HOOK',
	token: 'AUDIO_REVIEWS_DEPLOY_HOOK_TOKEN',
} as const;

export const POLL_USAGE = `Usage: audio-reviews poll [--hook <url>] [--state <dir>] [--dry-run] [--min-interval <duration>] [--json]

Syncs the site's catalogue as its own loader does (astro sync) and POSTs to the deploy hook
only when a page the build writes would differ from the last successful call. Run it in the
site's folder, on a schedule (docs/rebuilds.md).

  --hook <url>              the build hook (default: $${POLL_ENV.hook}); never printed whole
  --hook-body <json>        the JSON body to POST (default {}); GitHub repository_dispatch
                            needs '{"event_type":"…"}' and a token in $${POLL_ENV.token}
  --hook-timeout <duration> a hook silent this long has failed (default 60s)
  --min-interval <duration> at most one call per interval (e.g. 30m); a change seen sooner
                            is kept for a later run
  --lock-wait <duration>    how long to wait for another poll's lock (default 10m)
  --state <dir>             where poll keeps what it compares between runs (default
                            node_modules/.astro/audio-reviews-poll); cache only this folder
  --dry-run                 say what would be called, call nothing, record nothing
  --json                    end with one JSON line: {"changed", "called", …}

${DURATION_HELP}
${EXIT_CODES_HELP}`;

export interface PollOptions {
	hook: DeployHook;
	dryRun: boolean;
	minIntervalMs: number;
	/** How long a run waits for another to release the lock. */
	lockWaitMs: number;
	/** The state folder as given (relative to the site's folder), or undefined for the default. */
	state: string | undefined;
}

const DEFAULT_HOOK_TIMEOUT_MS = 60_000;
/** Longer than a sync of a large catalogue plus a hook's whole timeout. */
const LOCK_WAIT_MS = 10 * 60_000;

export function parsePollArgs(
	argv: readonly string[],
	env: Readonly<Record<string, string | undefined>>,
): PollOptions {
	const values = parseFlags('poll', argv, {
		hook: { type: 'string' },
		'hook-body': { type: 'string' },
		'hook-timeout': { type: 'string' },
		'min-interval': { type: 'string' },
		'lock-wait': { type: 'string' },
		state: { type: 'string' },
		'dry-run': { type: 'boolean' },
		json: { type: 'boolean' },
	});
	const flag = values.hook as string | undefined;
	const timeout = values['hook-timeout'] as string | undefined;
	const interval = values['min-interval'] as string | undefined;
	const lockWait = values['lock-wait'] as string | undefined;
	const timeoutMs =
		timeout === undefined
			? DEFAULT_HOOK_TIMEOUT_MS
			: parseDuration(timeout, '--hook-timeout', { above0: true });
	return {
		hook: {
			url: parseHookUrl(flag ?? env[POLL_ENV.hook], flag === undefined ? POLL_ENV.hook : '--hook'),
			body: parseHookBody(values['hook-body'] as string | undefined),
			token: env[POLL_ENV.token] || undefined,
			timeoutMs,
		},
		dryRun: values['dry-run'] === true,
		minIntervalMs: interval === undefined ? 0 : parseDuration(interval, '--min-interval'),
		lockWaitMs: lockWait === undefined ? LOCK_WAIT_MS : parseDuration(lockWait, '--lock-wait'),
		state: parseStateDir(values.state as string | undefined),
	};
}

function parseStateDir(value: string | undefined): string | undefined {
	if (value !== undefined && value.trim() === '')
		throw new CommandUsageError('Expected --state to name a folder, such as .poll-state');
	return value;
}

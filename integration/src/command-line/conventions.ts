// What every `audio-reviews` subcommand shares: strict flags, the exit codes, the duration syntax
// of its time flags, `--help` and `--json`. The table is documented once, in docs/command-line.md.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { CommandUsageError } from '../errors/errors.js';

/** One table for every subcommand (docs/command-line.md#exit-codes). */
export const EXIT = {
	/** Done: called, no change, submitted, nothing to submit. */
	done: 0,
	/** The service, the hook or the endpoint failed or refused; the next run tries again. */
	failed: 1,
	/** Wrong arguments, site or report: the message says the fix. */
	usage: 2,
	/** The remote kept failing until the time budget ran out: try later. */
	unavailable: 3,
	/** Another run holds the lock. */
	busy: 4,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The lines each `--help` ends with: the table, and where it is documented. */
export const EXIT_CODES_HELP = `Exit codes (every audio-reviews command; docs/command-line.md): 0 done, 1 failed (the
next run tries again), 2 wrong arguments, site or report, 3 the remote kept failing until the
time budget ran out (try later), 4 another run holds the lock.`;

export const DURATION_HELP = 'Durations: a number and a unit, ms, s, m or h (500ms, 30s, 10m, 1h).';

const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * A time flag's value in milliseconds: `500ms`, `30s`, `10m`, `1h`. `bareSeconds` reads a number
 * without unit as seconds, for a flag that once took only seconds; `above0` refuses `0s`.
 */
export function parseDuration(
	value: string,
	flag: string,
	options: { bareSeconds?: boolean; above0?: boolean } = {},
): number {
	const text = value.trim();
	const bare = options.bareSeconds === true && /^\d+(?:\.\d+)?$/.test(text);
	const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(bare ? `${text}s` : text);
	if (!match)
		throw new CommandUsageError(
			`Expected ${flag} to be a duration such as 90s, 10m or 1h (got ${JSON.stringify(value)})`,
		);
	const ms = Number(match[1]) * UNITS[match[2]!]!;
	if (options.above0 && ms <= 0)
		throw new CommandUsageError(`Expected ${flag} above 0 (got ${JSON.stringify(value)})`);
	return ms;
}

export function parseFlags(
	command: string,
	argv: readonly string[],
	options: NonNullable<ParseArgsConfig['options']>,
): Record<string, string | boolean | undefined> {
	try {
		return parseArgs({ args: [...argv], options, strict: true, allowPositionals: false })
			.values as Record<string, string | boolean | undefined>;
	} catch (error) {
		throw new CommandUsageError(`${(error as Error).message} (audio-reviews ${command} --help)`);
	}
}

/** Whether the arguments ask for the command's help. */
export const wantsHelp = (argv: readonly string[]) =>
	argv.includes('--help') || argv.includes('-h');

/**
 * Whether the arguments ask for `--json`: read here, once, so a command that fails before its
 * options parse still ends with its JSON line.
 */
export const wantsJson = (argv: readonly string[]) => argv.includes('--json');

/** What a command prints through: the terminal in the bin, a buffer in tests. */
export interface CommandIo {
	out(line: string): void;
	err(line: string): void;
	cwd: string;
}

/** `--json`: the command's outcome as one JSON object, printed as its last line. */
export function printJsonLast(io: CommandIo, outcome: Record<string, unknown>): void {
	io.out(JSON.stringify(outcome));
}

/** Ends a command: its exit code, and with `--json` its outcome (with `error` when it failed). */
export type Finish = (code: ExitCode, error?: string) => number;

/**
 * Runs a command that reports `outcome`: `body` fills it and finishes with an exit code; a
 * `CommandUsageError` anywhere in it is printed and finishes as `EXIT.usage`.
 */
export async function runReporting(
	argv: readonly string[],
	io: CommandIo,
	outcome: Record<string, unknown>,
	body: (finish: Finish) => Promise<number>,
): Promise<number> {
	const finish: Finish = (code, error) => {
		if (wantsJson(argv)) printJsonLast(io, error ? { ...outcome, error } : outcome);
		return code;
	};
	try {
		return await body(finish);
	} catch (error) {
		if (!(error instanceof CommandUsageError)) throw error;
		io.err(error.message);
		return finish(EXIT.usage, error.message);
	}
}

import { resolveLoaderOptions } from '../build-sync/loader-options.js';
import { clientFromResolved } from '../client/client.js';
import {
	type CommandIo,
	EXIT,
	EXIT_CODES_HELP,
	parseFlags,
	printJsonLast,
} from '../command-line/conventions.js';
import {
	AudioReviewsError,
	AudioReviewsOptionsError,
	CommandUsageError,
	SearchDatabaseError,
	SearchIndexBusyError,
} from '../errors/errors.js';
import { formatNumber } from '../format/numbers.js';
import { closePools, DATABASE_URL_ENV, databaseHost } from './database.js';
import { type IndexOutcome, runIndex } from './index-run.js';

// `audio-reviews index`: the catalogue into the PostgreSQL search index, on a schedule.

export const INDEX_USAGE = `Usage: audio-reviews index [--base-url <url>] [--website-id <uuid>] [--locales <a,b>] [--database-url <url>] [--json]

Writes every active product of every locale into the search index of \`search: 'postgres'\`
(docs/on-demand.md, "Search"): what each product's page shows. A run with no change rewrites
nothing; a failed run leaves the index as it was.

  --base-url <url>       the service (default $AUDIO_REVIEWS_BASE_URL)
  --website-id <uuid>    the website (default $AUDIO_REVIEWS_WEBSITE_ID)
  --locales <a,b>        comma-separated, the default first (default $AUDIO_REVIEWS_LOCALES, else fr)
  --database-url <url>   the primary (default $${DATABASE_URL_ENV})
  --json                 end with one JSON line: {"indexed", "unchanged", "removed", …}

${EXIT_CODES_HELP}`;

type Env = Readonly<Record<string, string | undefined>>;

function parseCommandArgs(argv: string[], env: Env) {
	const values = parseFlags('index', argv, {
		'base-url': { type: 'string' },
		'website-id': { type: 'string' },
		locales: { type: 'string' },
		'database-url': { type: 'string' },
		json: { type: 'boolean' },
	});
	const text = (flag: string, variable: string) =>
		(values[flag] as string | undefined) ?? (env[variable] || undefined);
	const databaseUrl = text('database-url', DATABASE_URL_ENV);
	if (!databaseUrl)
		throw new CommandUsageError(
			`Name the database: --database-url <url> or ${DATABASE_URL_ENV} (postgres://user:password@host:5432/shop)`,
		);
	const locales = text('locales', 'AUDIO_REVIEWS_LOCALES')
		?.split(',')
		.map((locale) => locale.trim())
		.filter(Boolean);
	let options: ReturnType<typeof resolveLoaderOptions>;
	try {
		options = resolveLoaderOptions(
			{
				baseUrl: text('base-url', 'AUDIO_REVIEWS_BASE_URL')!,
				websiteId: text('website-id', 'AUDIO_REVIEWS_WEBSITE_ID')!,
				...(locales && locales.length > 0 ? { locales } : {}),
			},
			'audio-reviews index',
		);
	} catch (error) {
		if (!(error instanceof AudioReviewsOptionsError)) throw error;
		throw new CommandUsageError(
			`${error.message}\n(--base-url, --website-id and --locales, or AUDIO_REVIEWS_BASE_URL, AUDIO_REVIEWS_WEBSITE_ID and AUDIO_REVIEWS_LOCALES)`,
		);
	}
	return { databaseUrl, options };
}

/** The whole command; returns the exit code. With `--json`, its outcome is the last line. */
export async function runIndexCommand(
	argv: string[],
	io: CommandIo & { env: Env },
): Promise<number> {
	const json = argv.includes('--json');
	const done = (code: number, outcome: Partial<IndexOutcome> & { error?: string }) => {
		if (json) printJsonLast(io, { indexed: 0, unchanged: 0, removed: 0, ...outcome });
		return code;
	};
	const started = performance.now();
	try {
		const { databaseUrl, options } = parseCommandArgs(argv, io.env);
		io.out(
			`Indexing ${options.locales?.join(', ') ?? options.locale} of ${options.baseUrl} into ${databaseHost(databaseUrl)}`,
		);
		const outcome = await runIndex(clientFromResolved(options), options, {
			databaseUrl,
			onWarning: (message) => io.err(message),
		});
		const seconds = ((performance.now() - started) / 1000).toFixed(1);
		io.out(
			`Index: ${formatNumber(outcome.indexed)} products written, ${formatNumber(outcome.unchanged)} unchanged, ${formatNumber(outcome.removed)} removed (${formatNumber(outcome.entries)} entries, ${seconds} s).`,
		);
		return done(EXIT.done, outcome);
	} catch (error) {
		if (!(error instanceof AudioReviewsError)) throw error;
		io.err(error.message);
		const code =
			error instanceof CommandUsageError
				? EXIT.usage
				: error instanceof SearchIndexBusyError
					? EXIT.busy
					: error instanceof SearchDatabaseError && error.unavailable
						? EXIT.unavailable
						: EXIT.failed;
		return done(code, { error: error.message });
	} finally {
		await closePools();
	}
}

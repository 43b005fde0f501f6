import { resolve } from 'node:path';
import {
	type CommandIo,
	DURATION_HELP,
	EXIT,
	EXIT_CODES_HELP,
	parseDuration,
	parseFlags,
	runReporting,
} from '../command-line/conventions.js';
import { escapeControl } from '../errors/error-text.js';
import { CommandUsageError } from '../errors/errors.js';
import { exchange } from '../network/exchange.js';
import { describeNetworkFailure } from '../network/wording.js';
import { readChangeReport } from '../pages/change-report.js';
import { DEFAULT_CHANGE_REPORT } from '../pages/change-report-option.js';

// `audio-reviews purge-cloudflare`: a static site behind Cloudflare's CDN has no Worker to purge by
// tag (`cacheCloudflare()`), so the pages its build changed or removed are purged by URL.

export const PURGE_CLOUDFLARE_USAGE = `Usage: audio-reviews purge-cloudflare [--report <file>] [--timeout <duration>] [--json]

Purges the pages the last build changed or removed from Cloudflare's cache, by URL, in batches
(docs/rebuilds.md). Run it after the deploy, in the folder the build ran in. Reads
CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN (a token with the Cache Purge permission) from the
environment, never from the command line; CLOUDFLARE_PURGE_BATCH (default 30) and
CLOUDFLARE_API_BASE (an API proxy) too.

  --report <file>        the build's change report (default ${DEFAULT_CHANGE_REPORT})
  --timeout <duration>   longest each purge call may take (default 30s)
  --json                 end with one JSON line: {"outcome", "urls", "purged", …}

${DURATION_HELP}
${EXIT_CODES_HELP}`;

const API = 'https://api.cloudflare.com/client/v4';
/** The purge call's URL template, with no zone in it. */
const TEMPLATE = '/zones/{zone}/purge_cache';

interface Settings {
	report: string;
	timeoutMs: number;
	zone: string;
	token: string;
	api: string;
	batch: number;
}

export interface PurgeCommandIo extends CommandIo {
	env: NodeJS.ProcessEnv;
}

function settingsOf(argv: string[], io: PurgeCommandIo): Settings {
	const values = parseFlags('purge-cloudflare', argv, {
		report: { type: 'string', default: DEFAULT_CHANGE_REPORT },
		timeout: { type: 'string', default: '30s' },
		json: { type: 'boolean' },
	});
	const { CLOUDFLARE_ZONE_ID: zone, CLOUDFLARE_API_TOKEN: token } = io.env;
	if (!zone || !token)
		throw new CommandUsageError(
			'Set CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN (a token with the Cache Purge permission).',
		);
	const batch = Number(io.env.CLOUDFLARE_PURGE_BATCH ?? 30);
	if (!Number.isInteger(batch) || batch < 1)
		throw new CommandUsageError('Expected CLOUDFLARE_PURGE_BATCH to be a whole number above 0');
	return {
		report: resolve(io.cwd, String(values.report)),
		timeoutMs: parseDuration(String(values.timeout), '--timeout', { above0: true }),
		zone,
		token,
		// Overridable for tests and API proxies.
		api: (io.env.CLOUDFLARE_API_BASE ?? API).replace(/\/+$/, ''),
		batch,
	};
}

type Outcome = 'nothing' | 'purged' | 'failed' | 'usage';

/** The whole command; returns the exit code. With `--json`, its outcome is the last line. */
export async function runPurgeCloudflareCommand(
	argv: string[],
	io: PurgeCommandIo,
): Promise<number> {
	const report = { outcome: 'usage' as Outcome, urls: 0, purged: 0 };
	return runReporting(argv, io, report, async (done) => {
		const settings = settingsOf(argv, io);
		const changes = await readChangeReport(settings.report);
		if (changes.previousBuild === null) {
			io.out('First build: nothing cached to purge.');
			report.outcome = 'nothing';
			return done(EXIT.done);
		}
		const urls = [...changes.changed, ...changes.removed];
		report.urls = urls.length;
		if (urls.some((url) => !/^https?:\/\//.test(url)))
			throw new CommandUsageError(
				'The report holds site-relative paths: set `site` in the Astro config so it lists absolute URLs.',
			);
		for (let start = 0; start < urls.length; start += settings.batch) {
			const failed = await purgeBatch(settings, urls.slice(start, start + settings.batch));
			if (failed) {
				io.err(failed);
				report.outcome = 'failed';
				return done(EXIT.failed, failed);
			}
			report.purged = Math.min(urls.length, start + settings.batch);
		}
		io.out(`Purged ${urls.length} URLs (${changes.summary}).`);
		report.outcome = urls.length === 0 ? 'nothing' : 'purged';
		return done(EXIT.done);
	});
}

/** One purge call; what went wrong, or undefined when Cloudflare confirmed it. */
async function purgeBatch(settings: Settings, files: string[]): Promise<string | undefined> {
	const exchanged = await exchange(
		{
			method: 'POST',
			url: `${settings.api}/zones/${encodeURIComponent(settings.zone)}/purge_cache`,
			template: TEMPLATE,
			headers: { Authorization: `Bearer ${settings.token}`, 'Content-Type': 'application/json' },
			body: JSON.stringify({ files }),
		},
		{
			timeoutMs: settings.timeoutMs,
			read: async (response) => ({
				ok: response.ok,
				body: (await response.json().catch(() => ({}))) as { success?: unknown; errors?: unknown },
			}),
		},
	);
	if (!exchanged.ok)
		return `Purge failed: ${describeNetworkFailure(exchanged.failure, 'Cloudflare')}`;
	const { ok, body } = exchanged.value;
	if (ok && body.success !== false) return undefined;
	return `Purge failed (HTTP ${exchanged.status}): ${escapeControl(JSON.stringify(body.errors ?? body).slice(0, 500))}`;
}

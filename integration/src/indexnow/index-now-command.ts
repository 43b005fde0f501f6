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
import { IndexNowUsageError } from '../errors/errors.js';
import { countOf, formatNumber } from '../format/numbers.js';
import { readChangeReport } from '../pages/change-report.js';
import { DEFAULT_CHANGE_REPORT } from '../pages/change-report-option.js';
import { indexNowBody, splitBatches, submitToIndexNow } from './index-now.js';
import { type FirstBuildChoice, planSubmission } from './index-now-report.js';

// `audio-reviews indexnow`: run after the deploy (the key file must be live before the engines
// check it).

export const INDEXNOW_USAGE = `Usage: audio-reviews indexnow [--report <file>] [--dry-run] [--first-build none|all] [--budget <duration>] [--json]

Submits the pages the last build added, changed or removed to IndexNow (docs/indexnow.md).
Run it after the deploy, in the folder the build ran in.

  --report <file>        the build's change report (default ${DEFAULT_CHANGE_REPORT})
  --dry-run              print what would be sent, send nothing
  --first-build <which>  after a first build: none (default) or all of its pages
  --budget <duration>    retries of 429 and 5xx answers stop after this long (default 2m; a
                         number alone is seconds)
  --json                 end with one JSON line: {"outcome", "urls", "submitted", …}

${DURATION_HELP}
${EXIT_CODES_HELP}`;

interface CommandOptions {
	report: string;
	dryRun: boolean;
	firstBuild: FirstBuildChoice;
	budgetMs: number;
}

const DEFAULT_BUDGET_MS = 120_000;

function parseCommandArgs(argv: string[], cwd: string): CommandOptions {
	const values = parseFlags('indexnow', argv, {
		report: { type: 'string', default: DEFAULT_CHANGE_REPORT },
		'dry-run': { type: 'boolean' },
		'first-build': { type: 'string' },
		budget: { type: 'string' },
		json: { type: 'boolean' },
	});
	const firstBuild = values['first-build'] ?? 'none';
	if (firstBuild !== 'none' && firstBuild !== 'all')
		throw new IndexNowUsageError('Expected --first-build to be "none" or "all"');
	const budget = values.budget as string | undefined;
	return {
		report: resolve(cwd, String(values.report)),
		dryRun: values['dry-run'] === true,
		firstBuild,
		// Seconds were its only unit once: a bare number still means seconds.
		budgetMs:
			budget === undefined
				? DEFAULT_BUDGET_MS
				: parseDuration(budget, '--budget', { bareSeconds: true, above0: true }),
	};
}

type Outcome = 'nothing' | 'dry-run' | 'submitted' | 'refused' | 'unavailable' | 'usage';

/** The whole command; returns the exit code. With `--json`, its outcome is the last line. */
export async function runIndexNowCommand(argv: string[], io: CommandIo): Promise<number> {
	const report = { outcome: 'usage' as Outcome, urls: 0, submitted: 0 };
	return runReporting(argv, io, report, async (done) => {
		const options = parseCommandArgs(argv, io.cwd);
		const plan = planSubmission(
			await readChangeReport(options.report),
			options.report,
			options.firstBuild,
		);
		report.urls = plan.urls.length;
		if (plan.urls.length === 0) {
			io.out(`IndexNow: ${plan.reason}.`);
			report.outcome = 'nothing';
			return done(EXIT.done);
		}
		const batches = splitBatches(plan.urls);
		const what = `${formatNumber(plan.urls.length)} URLs in ${countOf(batches.length, 'batch', 'batches')} to ${plan.target.endpoint}`;
		if (options.dryRun) {
			io.out(`IndexNow dry run: would POST ${what} (${plan.reason}):`);
			for (const batch of batches) io.out(indexNowBody(plan.target, batch));
			report.outcome = 'dry-run';
			return done(EXIT.done);
		}
		io.out(`IndexNow: submitting ${what} (${plan.reason})`);
		const outcome = await submitToIndexNow(plan.target, plan.urls, {
			budgetMs: options.budgetMs,
			onBatch: (batch) =>
				io.out(
					`  batch ${batch.index}/${batch.of}: ${formatNumber(batch.urls)} URLs accepted (HTTP ${batch.status}${batch.attempts > 1 ? `, ${batch.attempts} attempts` : ''})`,
				),
		});
		report.submitted = outcome.submitted;
		if (!outcome.error) {
			io.out(`IndexNow: ${formatNumber(outcome.submitted)} URLs submitted.`);
			report.outcome = 'submitted';
			return done(EXIT.done);
		}
		io.err(outcome.error.message);
		if (outcome.submitted > 0)
			io.err(
				`${formatNumber(outcome.submitted)} of ${formatNumber(plan.urls.length)} URLs were accepted before that; running the command again resubmits all of them.`,
			);
		report.outcome = outcome.error.retryable ? 'unavailable' : 'refused';
		return done(outcome.error.retryable ? EXIT.unavailable : EXIT.failed, outcome.error.message);
	});
}

import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { IndexNowUsageError } from '../errors/errors.js';
import { countOf, formatNumber } from '../format/numbers.js';
import { DEFAULT_CHANGE_REPORT } from '../options/rebuild-options.js';
import { indexNowBody, splitBatches, submitToIndexNow } from './index-now.js';
import { type FirstBuildChoice, planSubmission, readChangeReport } from './index-now-report.js';

// `audio-reviews indexnow`: run after the deploy (the key file must be live before the engines
// check it).

export const EXIT = { ok: 0, refused: 1, usage: 2, unavailable: 3 } as const;

export const INDEXNOW_USAGE = `Usage: audio-reviews indexnow [--report <file>] [--dry-run] [--first-build none|all] [--budget <seconds>]

Submits the pages the last build added, changed or removed to IndexNow (docs/indexnow.md).
Run it after the deploy, in the folder the build ran in.

  --report <file>        the build's change report (default ${DEFAULT_CHANGE_REPORT})
  --dry-run              print what would be sent, send nothing
  --first-build <which>  after a first build: none (default) or all of its pages
  --budget <seconds>     retries of 429 and 5xx answers stop after this long (default 120)

Exit codes: 0 submitted (or nothing to submit), 1 refused by the endpoint, 2 bad report or
arguments, 3 the endpoint kept failing until the budget ran out.`;

export interface CommandIo {
	out(line: string): void;
	err(line: string): void;
	cwd: string;
}

interface CommandOptions {
	report: string;
	dryRun: boolean;
	firstBuild: FirstBuildChoice;
	budgetMs: number;
}

function parseCommandArgs(argv: string[], cwd: string): CommandOptions {
	let values: Record<string, string | boolean | undefined>;
	try {
		({ values } = parseArgs({
			args: argv,
			options: {
				report: { type: 'string', default: DEFAULT_CHANGE_REPORT },
				'dry-run': { type: 'boolean' },
				'first-build': { type: 'string' },
				budget: { type: 'string' },
			},
			strict: true,
		}));
	} catch (error) {
		throw new IndexNowUsageError((error as Error).message);
	}
	const firstBuild = values['first-build'] ?? 'none';
	if (firstBuild !== 'none' && firstBuild !== 'all')
		throw new IndexNowUsageError('Expected --first-build to be "none" or "all"');
	const budget = Number(values.budget ?? 120);
	if (!Number.isFinite(budget) || budget <= 0)
		throw new IndexNowUsageError('Expected --budget to be a number of seconds above 0');
	return {
		report: resolve(cwd, String(values.report)),
		dryRun: values['dry-run'] === true,
		firstBuild,
		budgetMs: budget * 1000,
	};
}

/** The whole command; returns the exit code. */
export async function runIndexNowCommand(argv: string[], io: CommandIo): Promise<number> {
	try {
		const options = parseCommandArgs(argv, io.cwd);
		const plan = planSubmission(
			await readChangeReport(options.report),
			options.report,
			options.firstBuild,
		);
		if (plan.urls.length === 0) {
			io.out(`IndexNow: ${plan.reason}.`);
			return EXIT.ok;
		}
		const batches = splitBatches(plan.urls);
		const what = `${formatNumber(plan.urls.length)} URLs in ${countOf(batches.length, 'batch', 'batches')} to ${plan.target.endpoint}`;
		if (options.dryRun) {
			io.out(`IndexNow dry run: would POST ${what} (${plan.reason}):`);
			for (const batch of batches) io.out(indexNowBody(plan.target, batch));
			return EXIT.ok;
		}
		io.out(`IndexNow: submitting ${what} (${plan.reason})`);
		const outcome = await submitToIndexNow(plan.target, plan.urls, {
			budgetMs: options.budgetMs,
			onBatch: (batch) =>
				io.out(
					`  batch ${batch.index}/${batch.of}: ${formatNumber(batch.urls)} URLs accepted (HTTP ${batch.status}${batch.attempts > 1 ? `, ${batch.attempts} attempts` : ''})`,
				),
		});
		if (!outcome.error) {
			io.out(`IndexNow: ${formatNumber(outcome.submitted)} URLs submitted.`);
			return EXIT.ok;
		}
		io.err(outcome.error.message);
		if (outcome.submitted > 0)
			io.err(
				`${formatNumber(outcome.submitted)} of ${formatNumber(plan.urls.length)} URLs were accepted before that; running the command again resubmits all of them.`,
			);
		return outcome.error.retryable ? EXIT.unavailable : EXIT.refused;
	} catch (error) {
		if (!(error instanceof IndexNowUsageError)) throw error;
		io.err(error.message);
		return EXIT.usage;
	}
}

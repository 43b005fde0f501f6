import { IndexNowUsageError } from '../errors/errors.js';
import type { IndexNowTarget, ReadChangeReport } from '../pages/change-report.js';

/** What `audio-reviews indexnow` reads from a build's change report, checked before anything is sent. */

export interface SubmissionPlan {
	target: IndexNowTarget;
	urls: string[];
	/** One line saying what was chosen and why (also when `urls` is empty). */
	reason: string;
}

export type FirstBuildChoice = 'none' | 'all';

/**
 * The URLs to submit: added, changed and removed pages (a removed page answers 404, which tells the
 * engine to drop it).
 */
export function planSubmission(
	report: ReadChangeReport,
	path: string,
	firstBuild: FirstBuildChoice,
): SubmissionPlan {
	const target = checkedTarget(report.indexNow, path);
	if (report.previousBuild === null) {
		if (firstBuild === 'none') {
			return {
				target,
				urls: [],
				reason: `First build (nothing to compare with): nothing submitted. Pass --first-build all to submit its ${report.added.length} pages`,
			};
		}
		return {
			target,
			urls: checkedUrls(report.added, target, path),
			reason: `First build: all ${report.added.length} pages`,
		};
	}
	const urls = checkedUrls(
		[...new Set([...report.added, ...report.changed, ...report.removed])],
		target,
		path,
	);
	return {
		target,
		urls,
		reason:
			urls.length === 0
				? `Nothing changed since the previous build (${report.summary})`
				: report.summary,
	};
}

function checkedTarget(target: IndexNowTarget | undefined, path: string): IndexNowTarget {
	if (target === undefined)
		throw new IndexNowUsageError(
			`${path} was written by a build without the \`indexNow\` option: add \`indexNow: {}\` to audioReviews() and set INDEXNOW_KEY (docs/indexnow.md), build, deploy, then run this command`,
		);
	return target;
}

/** Every URL absolute and of the host the key is for: the endpoint would refuse the whole batch (422) otherwise. */
function checkedUrls(urls: string[], target: IndexNowTarget, path: string): string[] {
	for (const url of urls) {
		let host: string | undefined;
		try {
			host = new URL(url).host;
		} catch {
			throw new IndexNowUsageError(
				`${path} lists ${JSON.stringify(url.slice(0, 120))}, not an absolute URL: set \`site\` in the Astro config and rebuild`,
			);
		}
		if (host !== target.host)
			throw new IndexNowUsageError(
				`${path} lists ${JSON.stringify(url.slice(0, 120))}, not of host ${target.host}: rebuild with the same \`site\``,
			);
	}
	return urls;
}

import { submitToIndexNow } from '../indexnow/index-now.js';
import type { IndexNowTarget } from '../pages/change-report.js';
import type { WebhookRequest } from './webhook.js';

// `indexNow.submitPurged`: after the invalidation webhook purged product pages, the same pages are
// submitted to IndexNow, so engines re-crawl them as soon as they serve the new content.

/** The webhook's answer waits at most this long for the submission: the purge is its job, this is a courtesy. */
export const PURGED_SUBMISSION_BUDGET_MS = 3000;

export interface PurgedPagesSubmission {
	target: IndexNowTarget;
	/**
	 * The absolute URL(s) of a product's on-demand pages: one per locale the site serves it in, and
	 * per further review page. The time it takes counts in `budgetMs`.
	 */
	pageUrl(ref: string): string | readonly string[] | Promise<string | readonly string[]>;
	/** Defaults to PURGED_SUBMISSION_BUDGET_MS; one attempt unless a quick retry fits. */
	budgetMs?: number;
	fetch?: typeof fetch;
}

/** What the webhook's answer says about the submission (`indexNow` field). */
export type PurgedSubmissionReport =
	| { submitted: number; status: number }
	| { submitted: 0; skipped: string }
	| { submitted: 0; error: string; status?: number };

/** Best effort: never throws, and a failure never changes the purge's answer. */
export async function submitPurgedPages(
	submission: PurgedPagesSubmission,
	request: WebhookRequest,
): Promise<PurgedSubmissionReport> {
	// A whole-website purge names no page; submitting every URL of a large catalogue is the sitemap's job.
	if (request.scope === 'website')
		return { submitted: 0, skipped: 'a whole-website purge names no page: nothing submitted' };
	const started = Date.now();
	let urls: string[];
	try {
		urls = [
			...new Set((await Promise.all(request.refs.map((ref) => submission.pageUrl(ref)))).flat()),
		];
	} catch (error) {
		return { submitted: 0, error: `could not make the page URLs: ${(error as Error).message}` };
	}
	const outcome = await submitToIndexNow(submission.target, urls, {
		budgetMs: Math.max(
			0,
			(submission.budgetMs ?? PURGED_SUBMISSION_BUDGET_MS) - (Date.now() - started),
		),
		retryBaseDelayMs: 200,
		retryMaxDelayMs: 1000,
		...(submission.fetch ? { fetch: submission.fetch } : {}),
	});
	if (outcome.error)
		return {
			submitted: 0,
			error: outcome.error.message,
			...(outcome.error.status ? { status: outcome.error.status } : {}),
		};
	return { submitted: outcome.submitted, status: outcome.accepted[0]?.status ?? 0 };
}

import { quoteServiceText } from '../errors/error-text.js';
import { IndexNowError } from '../errors/errors.js';
import { exchange } from '../network/exchange.js';
import { withRetries } from '../network/retry.js';
import { parseRetryAfter, RETRYABLE_STATUSES } from '../network/retry-timing.js';
import { describeNetworkFailure, type NetworkFailure } from '../network/wording.js';
import type { IndexNowTarget } from '../pages/change-report.js';

// IndexNow: one JSON `POST` per batch of at most 10,000 URLs, shared with every engine.

export const INDEXNOW_MAX_BATCH = 10_000;
/** The endpoint's URL is the user's (an engine's `/indexnow`): its template is the protocol's path. */
const INDEXNOW_TEMPLATE = '/indexnow';

export interface IndexNowSubmitOptions {
	/** Batches and retries end within this; a wait that would pass it is not started. */
	budgetMs: number;
	batchSize?: number;
	timeoutMs?: number;
	retryBaseDelayMs?: number;
	retryMaxDelayMs?: number;
	onBatch?: (batch: AcceptedBatch) => void;
	fetch?: typeof fetch;
}

export interface AcceptedBatch {
	index: number;
	of: number;
	urls: number;
	status: number;
	attempts: number;
}

export interface IndexNowOutcome {
	accepted: AcceptedBatch[];
	submitted: number;
	error?: IndexNowError;
}

const MEANINGS: Record<number, string> = {
	400: 'Bad request: the endpoint could not read the submission (invalid format)',
	403: 'Forbidden: the key is not valid. The endpoint fetched the key file and did not find it, or found it without exactly the key in it: deploy the build that wrote the key file before submitting, and check that the URL in keyLocation serves the key as plain text',
	422: "Unprocessable Entity: URLs that do not belong to the host, or a key that does not match the protocol's format (8 to 128 characters of a-z, A-Z, 0-9 and -); keyLocation's folder must contain every URL",
	429: 'Too Many Requests: the endpoint takes this as potential spam; submit less often (only URLs that changed)',
};

export function splitBatches<T>(items: readonly T[], size: number = INDEXNOW_MAX_BATCH): T[][] {
	const batches: T[][] = [];
	for (let start = 0; start < items.length; start += size)
		batches.push(items.slice(start, start + size));
	return batches;
}

export function indexNowBody(target: IndexNowTarget, urlList: readonly string[]): string {
	return JSON.stringify({
		host: target.host,
		key: target.key,
		keyLocation: target.keyLocation,
		urlList,
	});
}

/** Submits `urls` batch by batch, stopping at the first failure; never throws for answers. */
export async function submitToIndexNow(
	target: IndexNowTarget,
	urls: readonly string[],
	options: IndexNowSubmitOptions,
): Promise<IndexNowOutcome> {
	const deadline = Date.now() + options.budgetMs;
	const batches = splitBatches(
		urls,
		Math.min(options.batchSize ?? INDEXNOW_MAX_BATCH, INDEXNOW_MAX_BATCH),
	);
	const accepted: AcceptedBatch[] = [];
	for (const [index, batch] of batches.entries()) {
		const result = await postWithRetries(target, batch, options, deadline);
		if (result instanceof IndexNowError)
			return { accepted, submitted: countUrls(accepted), error: result };
		const done = { index: index + 1, of: batches.length, urls: batch.length, ...result };
		accepted.push(done);
		options.onBatch?.(done);
	}
	return { accepted, submitted: countUrls(accepted) };
}

const countUrls = (batches: readonly AcceptedBatch[]) =>
	batches.reduce((sum, batch) => sum + batch.urls, 0);

async function postWithRetries(
	target: IndexNowTarget,
	batch: readonly string[],
	options: IndexNowSubmitOptions,
	deadline: number,
): Promise<{ status: number; attempts: number } | IndexNowError> {
	const body = indexNowBody(target, batch);
	const retried = await withRetries(
		async () => {
			const answer = await postOnce(target.endpoint, body, options, deadline);
			if ('status' in answer && (answer.status === 200 || answer.status === 202))
				return { ok: true, value: answer.status };
			return {
				ok: false,
				failure: answer,
				retryable: !('status' in answer) || RETRYABLE_STATUSES.has(answer.status),
				retryAfterMs: 'status' in answer ? parseRetryAfter(answer.retryAfter) : undefined,
			};
		},
		{
			retries: Number.POSITIVE_INFINITY,
			retryBaseDelayMs: options.retryBaseDelayMs ?? 1000,
			retryMaxDelayMs: options.retryMaxDelayMs ?? 30_000,
			deadline: () => deadline,
		},
	);
	if (retried.ok) return { status: retried.value, attempts: retried.attempts };
	const { failure, attempts, nextWaitMs } = retried;
	// Only an answer is final before the deadline: a network failure is always retried.
	if (nextWaitMs === undefined && 'status' in failure)
		return refusal(target.endpoint, failure, attempts);
	return gaveUp(target.endpoint, failure, attempts, nextWaitMs ?? 0);
}

interface Answer {
	status: number;
	retryAfter: string | null;
	/** The body's start, for the message (untrusted: escaped and cut). */
	text: string;
}

async function postOnce(
	endpoint: string,
	body: string,
	options: IndexNowSubmitOptions,
	deadline: number,
): Promise<Answer | { failure: NetworkFailure }> {
	// An endpoint never sends us elsewhere with our key: a redirect is an answer to report.
	const exchanged = await exchange(
		{
			method: 'POST',
			url: endpoint,
			template: INDEXNOW_TEMPLATE,
			headers: { 'Content-Type': 'application/json; charset=utf-8' },
			body,
		},
		{
			fetch: options.fetch,
			timeoutMs: options.timeoutMs ?? 30_000,
			deadline,
			read: async (response) => ({
				status: response.status,
				retryAfter: response.headers.get('retry-after'),
				text: (await response.text().catch(() => '')).slice(0, 300),
			}),
		},
	);
	return exchanged.ok ? exchanged.value : { failure: exchanged.failure };
}

function refusal(endpoint: string, answer: Answer, attempts: number): IndexNowError {
	const meaning =
		MEANINGS[answer.status] ?? `HTTP ${answer.status}: not an answer of the IndexNow protocol`;
	return new IndexNowError(
		`IndexNow endpoint refused the submission. ${meaning}${said(answer.text)}`,
		{
			url: endpoint,
			status: answer.status,
			attempts,
			retryable: false,
		},
	);
}

function gaveUp(
	endpoint: string,
	answer: Answer | { failure: NetworkFailure },
	attempts: number,
	wait: number,
): IndexNowError {
	const what =
		'status' in answer
			? `${MEANINGS[answer.status] ?? `HTTP ${answer.status}`}${said(answer.text)}`
			: describeNetworkFailure(answer.failure, 'the endpoint');
	return new IndexNowError(
		`IndexNow endpoint still failing when the time budget ran out (the next try was due in ${Math.ceil(wait / 1000)} s): ${what}. Run the command again later`,
		{
			url: endpoint,
			status: 'status' in answer ? answer.status : undefined,
			attempts,
			retryable: true,
			cause: 'failure' in answer ? answer.failure.cause : undefined,
		},
	);
}

function said(text: string): string {
	const trimmed = text.trim();
	return trimmed ? ` (the endpoint said: ${quoteServiceText(trimmed)})` : '';
}

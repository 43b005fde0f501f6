import type { LimitFunction } from 'p-limit';
import { AudioReviewsError, ENDPOINT_PATHS, TimeoutError } from '../errors/errors.js';
import { type AttemptObserver, exchange } from '../network/exchange.js';
import { withRetries } from '../network/retry.js';
import type { ResolvedConnectionOptions } from '../options/shared-options.js';
import { networkFailure, outOfTime, timedOut, tooLarge } from './attempt-failures.js';
import {
	type Attempt,
	classify,
	type JsonResponse,
	type RequestContext,
	type Validators,
} from './classify-response.js';
import { serviceAttempts } from './request-metrics.js';
import { followSameOrigin, readCapped } from './transport.js';

export type { JsonResponse, RequestContext, Validators } from './classify-response.js';

export interface RequestOptions {
	signal?: AbortSignal | undefined;
	/** When a visitor stops waiting (epoch ms): queue, attempts and backoff all count. */
	deadline?: number | undefined;
	validators?: Validators | undefined;
}

export interface RequestStats {
	requests: number;
	retries: number;
}

export interface Requester {
	(context: RequestContext, options?: RequestOptions): Promise<JsonResponse>;
	readonly stats: RequestStats;
}

/** The one function every call goes through: limit, timeout, retries within a budget, classes. */
export function createRequester(
	options: ResolvedConnectionOptions,
	limit: LimitFunction,
): Requester {
	const session: Session = {
		options,
		fetchImpl: options.fetch ?? globalThis.fetch,
		stats: { requests: 0, retries: 0 },
		answerMs: undefined,
		recordAttempt: serviceAttempts(options.baseUrl),
	};
	const { stats } = session;

	async function request(
		context: RequestContext,
		request: RequestOptions = {},
	): Promise<JsonResponse> {
		// Without a caller's deadline the budget starts at the first attempt: a long queue is the
		// build's own concurrency, not a slow service.
		let deadline = request.deadline;
		const retried = await withRetries(
			async () => {
				const outcome = await queued(limit, deadline, context, () => {
					deadline ??= Date.now() + options.retryBudgetMs;
					return attemptOnce(session, context, request, deadline);
				});
				return outcome.ok
					? { ok: true, value: outcome.response }
					: { ...outcome, failure: outcome };
			},
			{
				retries: options.retries,
				retryBaseDelayMs: options.retryBaseDelayMs,
				retryMaxDelayMs: options.retryMaxDelayMs,
				deadline: () => deadline!,
				signal: request.signal,
				onRetry: () => stats.retries++,
			},
		);
		if (retried.ok) return { ...retried.value, attempts: retried.attempts };
		if (retried.nextWaitMs === undefined)
			throw retried.failure.fail({ attempts: retried.attempts });
		throw retried.failure.fail({
			attempts: retried.attempts,
			note: `gave up: the next retry would exceed ${budgetOf(options, request)}`,
			gaveUp: true,
		});
	}

	return Object.assign(request, { stats });
}

interface Session {
	options: ResolvedConnectionOptions;
	fetchImpl: typeof globalThis.fetch;
	stats: RequestStats;
	/** How long the service has lately taken to answer (a moving average). */
	answerMs: number | undefined;
	/** Every attempt, as the metrics of requests to the service. */
	recordAttempt: AttemptObserver;
}

function budgetOf(options: ResolvedConnectionOptions, request: RequestOptions): string {
	const retryBudget = `the retry budget of ${options.retryBudgetMs} ms`;
	return request.deadline === undefined
		? retryBudget
		: `the visitor's deadline (${retryBudget}, counted from the request)`;
}

async function attemptOnce(
	session: Session,
	context: RequestContext,
	request: RequestOptions,
	deadline: number,
): Promise<Attempt> {
	const { options, stats } = session;
	const remaining = deadline - Date.now();
	const visitorDeadline = request.deadline !== undefined;
	if (remaining <= 0)
		return outOfTime(context, `No response within ${budgetOf(options, request)}`, visitorDeadline);
	// With less time left than the service lately takes, the attempt would only be cut: not sent.
	if (visitorDeadline && session.answerMs !== undefined && remaining < session.answerMs)
		return outOfTime(
			context,
			`No response within the visitor's deadline: ${remaining} ms were left and the service lately answers in about ${Math.round(session.answerMs)} ms, so the request was not sent`,
			true,
		);
	const sentAt = Date.now();
	const headers = headersFor(options, request);
	stats.requests++;
	const exchanged = await exchange<Attempt>(
		{ method: 'GET', url: context.url, template: templateOf(context), headers },
		{
			fetch: session.fetchImpl,
			timeoutMs: options.timeoutMs,
			deadline,
			signal: request.signal,
			// The body is read inside the timeout: a stalled body is as dead as a stalled connection.
			read: async (first, hop) => {
				const response = await followSameOrigin(first, hop, context.url, context);
				const body = await readCapped(response, options.maxResponseBytes);
				session.answerMs =
					session.answerMs === undefined
						? Date.now() - sentAt
						: 0.7 * session.answerMs + 0.3 * (Date.now() - sentAt);
				if (body.tooLarge) return tooLarge(context, response.status, options.maxResponseBytes);
				const conditional =
					headers['If-None-Match'] !== undefined || headers['If-Modified-Since'] !== undefined;
				return classify(context, response, body.text, {
					conditional,
					baseUrl: options.baseUrl,
					websiteId: options.websiteId,
				});
			},
			errorTypeOf: attemptErrorType,
			onAttempt: session.recordAttempt,
		},
	).catch((error: unknown) => {
		if (error instanceof AudioReviewsError && !request.signal?.aborted)
			return { ok: false, error } as const;
		throw error;
	});
	if ('error' in exchanged) return { ok: false, retryable: false, fail: () => exchanged.error };
	if (exchanged.ok) return exchanged.value;
	const { failure } = exchanged;
	if (failure.kind === 'timeout')
		return timedOut(
			context,
			failure,
			failure.cutByDeadline
				? `${budgetOf(options, request)} (the attempt in flight was stopped at the deadline)`
				: undefined,
			visitorDeadline,
		);
	return networkFailure(context, failure, options.baseUrl);
}

/** The endpoint's path with its placeholders: no website id or ref in it. */
function templateOf(context: RequestContext): string {
	return ENDPOINT_PATHS[context.endpoint].replace(/^GET /, '');
}

/** A failed answer's kind for the attempt's record, as its classifier named it. */
function attemptErrorType(attempt: Attempt): string | undefined {
	return attempt.ok ? undefined : attempt.errorType;
}

/** `run` through the limiter, or a timeout at `deadline`; a gone visitor's run never requests. */
async function queued(
	limit: LimitFunction,
	deadline: number | undefined,
	context: RequestContext,
	run: () => Promise<Attempt>,
): Promise<Attempt> {
	if (deadline === undefined) return limit(run);
	let timer: ReturnType<typeof setTimeout> | undefined;
	let state: 'queued' | 'started' | 'gone' = 'queued';
	const expired: Attempt = {
		ok: false,
		retryable: false,
		fail: ({ attempts }) =>
			new TimeoutError(
				"No response by the visitor's deadline: the request waited behind `concurrency` others until then",
				{
					...context,
					attempts: attempts - 1,
					visitorDeadline: true,
				},
			),
	};
	// Only a queued request is given up here; one under way stops at its attempt's deadline.
	const waiting = new Promise<Attempt>((resolve) => {
		timer = setTimeout(() => {
			if (state !== 'queued') return;
			state = 'gone';
			resolve(expired);
		}, deadline - Date.now());
	});
	const turn = limit(() => {
		if (state === 'gone') return Promise.resolve(expired);
		state = 'started';
		return run();
	});
	try {
		return await Promise.race([turn, waiting]);
	} finally {
		clearTimeout(timer);
	}
}

function headersFor(
	options: ResolvedConnectionOptions,
	request: RequestOptions,
): Record<string, string> {
	const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
	if (request.validators?.etag) headers['If-None-Match'] = request.validators.etag;
	if (request.validators?.lastModified)
		headers['If-Modified-Since'] = request.validators.lastModified;
	return headers;
}

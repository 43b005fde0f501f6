import { TimeoutError } from '../errors/errors.js';
import { errorTypeOf, recordClientRequest, type UrlTemplate } from '../metrics/instruments.js';
import type { Attempt, RequestContext } from './classify-response.js';

const TEMPLATES: Record<RequestContext['endpoint'], UrlTemplate> = {
	getProduct: '/ws/websites/{websiteId}/products/{productRef}',
	listProducts: '/ws/websites/{websiteId}/products',
};

/** One attempt that reached the network, answered or not: `http.client.request.duration`. */
export function recordAttempt(
	context: RequestContext,
	baseUrl: string,
	sentAt: number,
	attempt: Attempt,
): void {
	const seconds = (performance.now() - sentAt) / 1000;
	const template = TEMPLATES[context.endpoint];
	if (attempt.ok) {
		recordClientRequest({ baseUrl, template, seconds, status: attempt.response.status });
		return;
	}
	// Built only to read its fields: failures are few, and the caller builds its own.
	const error = attempt.fail({ attempts: 1 });
	const errorType = errorTypeOf({
		serviceType: error.type,
		timedOut: error instanceof TimeoutError,
		error: error.cause ?? error,
		status: error.status,
	});
	recordClientRequest({ baseUrl, template, seconds, status: error.status, errorType });
}

import { recordClientRequest } from '../metrics/instruments.js';
import type { AttemptObserver } from '../network/exchange.js';

/** Each attempt the network layer settles, as `http.client.request.duration` of the service. */
export function serviceAttempts(baseUrl: string): AttemptObserver {
	return (attempt) =>
		recordClientRequest({
			baseUrl,
			template: attempt.template,
			seconds: attempt.durationMs / 1000,
			status: attempt.status,
			errorType: attempt.errorType,
		});
}

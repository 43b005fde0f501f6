import { quoteServiceText } from '../errors/error-text.js';
import type { ErrorContext } from '../errors/errors.js';
import { RedirectError } from '../errors/errors.js';

/** Same-origin redirects followed per request; more is a loop, or near enough to one. */
export const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** Follows `response`'s redirects by hand through `hop`, within `url`'s origin only. */
export async function followSameOrigin(
	first: Response,
	hop: (url: string) => Promise<Response>,
	url: string,
	context: ErrorContext,
): Promise<Response> {
	const origin = new URL(url).origin;
	let current = url;
	let response = first;
	for (let redirects = 0; ; redirects++) {
		if (!REDIRECT_STATUSES.has(response.status)) return response;
		await response.body?.cancel().catch(() => undefined);
		const status = response.status;
		const location = response.headers.get('location');
		const target = location === null ? undefined : URL.parse(location, current);
		if (!target) {
			throw new RedirectError(
				`The service answered a redirect (HTTP ${status}) without a usable Location header`,
				{ ...context, status },
			);
		}
		const where = quoteServiceText(target.href);
		if (target.origin !== origin) {
			throw new RedirectError(
				`The service redirected (HTTP ${status}) to another origin, ${where}; not followed, so the request headers are never sent there. If the service moved, set \`baseUrl\` to its new address`,
				{ ...context, status },
			);
		}
		if (redirects === MAX_REDIRECTS) {
			throw new RedirectError(
				`Gave up after ${MAX_REDIRECTS} redirects in a row (a redirect loop?); the last one pointed to ${where}`,
				{
					...context,
					status,
				},
			);
		}
		current = target.href;
		response = await hop(current);
	}
}

export type BodyRead =
	| { text: string; tooLarge?: undefined }
	| { tooLarge: true; text?: undefined };

/** Reads the body as UTF-8 text, counting bytes as they stream and stopping past `maxBytes`. */
export async function readCapped(response: Response, maxBytes: number): Promise<BodyRead> {
	if (!response.body) return { text: '' };
	const reader = response.body.getReader();
	// A streaming TextDecoder, not Buffer: the live loader also runs in workerd.
	const decoder = new TextDecoder();
	let text = '';
	let bytes = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		bytes += value.byteLength;
		if (bytes > maxBytes) {
			await reader.cancel().catch(() => undefined);
			return { tooLarge: true };
		}
		text += decoder.decode(value, { stream: true });
	}
	return { text: text + decoder.decode() };
}

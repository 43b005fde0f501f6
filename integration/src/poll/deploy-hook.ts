import { CommandUsageError, PollError } from '../errors/errors.js';
import { exchange } from '../network/exchange.js';
import { describeNetworkFailure } from '../network/wording.js';

/**
 * The deploy hook: a URL whose path or query is the secret (Netlify, Vercel and Cloudflare
 * Pages build hooks), called with `POST` and a JSON body (`{}` unless told otherwise: GitHub's
 * `repository_dispatch` needs `{"event_type": …}` and a token).
 */
export interface DeployHook {
	url: URL;
	body: string;
	/** A bearer token sent as `Authorization` (GitHub's API), never printed. */
	token: string | undefined;
	timeoutMs: number;
	/** Injectable for tests; `globalThis.fetch` otherwise. */
	fetch?: typeof globalThis.fetch | undefined;
}

/** What may be printed of a hook: its origin only, the rest (path, query, credentials) elided. */
export function redactHook(url: URL): string {
	return `${url.origin}/…`;
}

/** The hook's URL checked once, at the edge: http(s), absolute. The message never repeats it. */
export function parseHookUrl(value: string | undefined, source: string): URL {
	if (value === undefined || value.trim() === '')
		throw new CommandUsageError(
			'No deploy hook: pass --hook <url> or set AUDIO_REVIEWS_DEPLOY_HOOK to the build hook URL your host gives (Netlify, Vercel, Cloudflare Pages: the site\'s "build hook"; GitHub: the repository\'s dispatches API URL)',
		);
	let url: URL;
	try {
		url = new URL(value.trim());
	} catch {
		throw new CommandUsageError(
			`The deploy hook in ${source} is not a URL: expected an absolute http(s) URL such as https://api.netlify.com/build_hooks/<id>`,
		);
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:')
		throw new CommandUsageError(
			`The deploy hook in ${source} must be an http(s) URL (got ${url.protocol}): use the https URL your host gives`,
		);
	return url;
}

/** The JSON body, checked to be JSON before anything runs. */
export function parseHookBody(value: string | undefined): string {
	if (value === undefined) return '{}';
	try {
		return JSON.stringify(JSON.parse(value));
	} catch {
		throw new CommandUsageError(
			`--hook-body is not JSON: pass an object such as '{"event_type":"catalogue-changed"}'`,
		);
	}
}

/** POSTs once; resolves with the status of a 2xx answer, throws a PollError otherwise. */
export async function callHook(hook: DeployHook): Promise<number> {
	const shown = redactHook(hook.url);
	const headers: Record<string, string> = {
		'content-type': 'application/json',
		accept: 'application/json, */*',
	};
	if (hook.token) headers.authorization = `Bearer ${hook.token}`;
	const answer = await exchange(
		// The hook's path is its secret: its template is its origin alone.
		{ method: 'POST', url: hook.url, template: '/…', headers, body: hook.body },
		{
			fetch: hook.fetch,
			timeoutMs: hook.timeoutMs,
			read: async (response) => {
				await response.body?.cancel().catch(() => undefined);
				return response.statusText;
			},
		},
	);
	if (!answer.ok)
		throw new PollError(
			`${describeNetworkFailure(answer.failure, `the deploy hook ${shown}`)}: nothing recorded, the next run calls it again`,
			'hook',
		);
	const { status, value: statusText } = answer;
	if (status < 200 || status > 299)
		throw new PollError(
			`The deploy hook ${shown} answered HTTP ${status}${statusText ? ` ${statusText}` : ''}: nothing recorded, the next run calls it again${status === 401 || status === 403 || status === 404 ? ' (check the hook URL and token)' : ''}`,
			'hook',
		);
	return status;
}

// One set of rules for both webhooks (dev refresh, invalidation), so neither is looser.
import type { core } from 'astro/zod';
import { WEBHOOK_BODY, WEBHOOK_LIMITS } from '../schema/webhook-body.js';

export interface WebhookRefusal {
	status: number;
	error: string;
	message: string;
	headers?: Record<string, string>;
}

export interface WebhookRequestHead {
	method: string;
	/** The `Host` the request was sent to, to compare with `Origin`. */
	host: string | undefined;
	header(name: string): string | undefined;
}

export type WebhookRequest = { scope: 'website' } | { scope: 'products'; refs: string[] };

type Parsed<T> = { ok: true; value: T } | { ok: false; refusal: WebhookRefusal };

/** The checks that need no body: method, cross-site, content type. */
export function refuseHead(head: WebhookRequestHead): WebhookRefusal | undefined {
	if (head.method !== 'POST')
		return {
			status: 405,
			error: 'method_not_allowed',
			message: 'Use POST.',
			headers: { Allow: 'POST' },
		};
	const crossSite = crossSiteReason(head);
	if (crossSite)
		return {
			status: 403,
			error: 'cross_site',
			message: `Cross-site calls are refused (${crossSite}); call this webhook from a server, not from a web page.`,
		};
	const type = head.header('content-type')?.split(';')[0]?.trim().toLowerCase();
	if (type !== 'application/json') {
		return {
			status: 415,
			error: 'unsupported_media_type',
			message: `Send the body as JSON with \`Content-Type: application/json\` (got ${type ? JSON.stringify(type.slice(0, 60)) : 'none'}).`,
		};
	}
	return undefined;
}

function crossSiteReason(head: WebhookRequestHead): string | undefined {
	const site = head.header('sec-fetch-site')?.toLowerCase();
	if (site !== undefined && site !== 'same-origin' && site !== 'none')
		return `Sec-Fetch-Site: ${site.slice(0, 20)}`;
	const origin = head.header('origin');
	if (origin === undefined) return undefined;
	let host: string | undefined;
	try {
		host = new URL(origin).host;
	} catch {
		host = undefined;
	}
	return host !== undefined && host === head.host
		? undefined
		: `Origin ${JSON.stringify(origin.slice(0, 80))} is not this server`;
}

/** Reads at most `maxBytes`: a larger declared length is refused unread, a stream cut. */
export async function readCappedBody(
	chunks: AsyncIterable<Uint8Array> | null,
	declaredLength: string | undefined,
	maxBytes: number = WEBHOOK_LIMITS.maxBodyBytes,
): Promise<Parsed<string>> {
	const tooLarge: WebhookRefusal = {
		status: 413,
		error: 'payload_too_large',
		message: `Body larger than ${maxBytes} bytes.`,
		headers: { Connection: 'close' },
	};
	if (declaredLength !== undefined && Number(declaredLength) > maxBytes)
		return { ok: false, refusal: tooLarge };
	// TextDecoder rather than Buffer: the invalidation route also runs on edge runtimes.
	const decoder = new TextDecoder();
	let text = '';
	let size = 0;
	for await (const chunk of chunks ?? []) {
		size += chunk.byteLength;
		if (size > maxBytes) return { ok: false, refusal: tooLarge };
		text += decoder.decode(chunk, { stream: true });
	}
	return { ok: true, value: text + decoder.decode() };
}

export async function* webStreamChunks(
	body: ReadableStream<Uint8Array> | null,
): AsyncGenerator<Uint8Array> {
	if (!body) return;
	const reader = body.getReader();
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) return;
			yield value;
		}
	} finally {
		reader.cancel().catch(() => undefined);
	}
}

/** `{}` or empty: everything; `{ "ref": "…" }` or `{ "refs": ["…"] }`: those products. */
export function parseWebhookBody(
	text: string,
	maxRefs: number = WEBHOOK_LIMITS.maxRefs,
): Parsed<WebhookRequest> {
	if (text.trim() === '') return { ok: true, value: { scope: 'website' } };
	let body: unknown;
	try {
		body = JSON.parse(text);
	} catch {
		return badRequest('Body is not valid JSON');
	}
	return parseWebhookJson(body, maxRefs);
}

/** The refusal for the first of zod's issues in the order a sender fixes them: shape, fields, refs. */
function refusalOf(issues: readonly core.$ZodIssue[]): { ok: false; refusal: WebhookRefusal } {
	const unknown = issues.flatMap((issue) => (issue.code === 'unrecognized_keys' ? issue.keys : []));
	if (issues.some((issue) => issue.path.length === 0 && issue.code !== 'unrecognized_keys'))
		return badRequest('Expected a JSON object: {"ref": "…"}, {"refs": ["…"]} or {} for everything');
	if (unknown.length > 0)
		return badRequest(
			`Unknown field(s) ${unknown.map((k) => JSON.stringify(k.slice(0, 40))).join(', ')}: expected "ref" or "refs"`,
		);
	if (issues.some((issue) => issue.path[0] === 'ref'))
		return badRequest(
			`Expected "ref" to be a product ref: a non-empty string of at most ${WEBHOOK_LIMITS.maxRefLength} characters`,
		);
	return badRequest(
		`Expected "refs" to be an array of product refs (non-empty strings of at most ${WEBHOOK_LIMITS.maxRefLength} characters)`,
	);
}

export function parseWebhookJson(
	body: unknown,
	maxRefs: number = WEBHOOK_LIMITS.maxRefs,
): Parsed<WebhookRequest> {
	if (body === undefined) return { ok: true, value: { scope: 'website' } };
	const parsed = WEBHOOK_BODY.safeParse(body);
	if (!parsed.success) return refusalOf(parsed.error.issues);
	const { ref, refs: list } = parsed.data;
	if (list?.length === 0)
		return badRequest('Expected "refs" to name at least one product; send {} for everything');
	const refs = [...(ref === undefined ? [] : [ref]), ...(list ?? [])];
	if (refs.length === 0) return { ok: true, value: { scope: 'website' } };
	const unique = [...new Set(refs)];
	if (unique.length > maxRefs)
		return badRequest(
			`Expected at most ${maxRefs} refs per call, got ${unique.length}; send {} for everything`,
		);
	return { ok: true, value: { scope: 'products', refs: unique } };
}

function badRequest(message: string): { ok: false; refusal: WebhookRefusal } {
	return { ok: false, refusal: { status: 400, error: 'bad_request', message } };
}

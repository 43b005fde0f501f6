import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RefreshContentOptions } from 'astro';
import { LOADER_NAME } from '../loaders/loader-schema.js';
import { REFRESH_CONTEXT_KEY } from '../loaders/refresh-products.js';
import { presentsSecret } from '../on-demand/secret.js';
import {
	parseWebhookBody,
	readCappedBody,
	refuseHead,
	type WebhookRefusal,
} from '../on-demand/webhook.js';

/** `astro dev` webhook: the backoffice POSTs here when a shop edits content. */

export interface RefreshHandlerOptions {
	secret: string | undefined;
	refreshContent: (options: RefreshContentOptions) => Promise<void>;
	log: { info(message: string): void; warn(message: string): void };
}

export function createRefreshHandler(options: RefreshHandlerOptions) {
	return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
		const head = refuseHead({
			method: req.method ?? '',
			host: req.headers.host,
			header: (name) => headerValue(req, name),
		});
		if (head) return refuse(res, head);
		if (
			options.secret !== undefined &&
			!presentsSecret((name) => headerValue(req, name), options.secret)
		) {
			const message =
				'Missing or wrong secret: send `Authorization: Bearer <secret>` or `X-Audio-Reviews-Secret: <secret>`';
			return reply(res, 401, { error: 'unauthorized', message });
		}
		const body = await readCappedBody(req, req.headers['content-length']);
		if (!body.ok) return refuse(res, body.refusal);
		const parsed = parseWebhookBody(body.value);
		if (!parsed.ok) return refuse(res, parsed.refusal);
		const refs = parsed.value.scope === 'products' ? parsed.value.refs : undefined;
		try {
			await options.refreshContent({
				loaders: [LOADER_NAME],
				...(refs ? { context: { [REFRESH_CONTEXT_KEY]: { refs } } } : {}),
			});
		} catch (error) {
			options.log.warn(`Refresh failed: ${(error as Error).message}`);
			return reply(res, 502, {
				error: 'refresh_failed',
				message: `Refresh failed: ${(error as Error).message}`,
			});
		}
		options.log.info(
			refs
				? `Refreshed products ${refs.map((ref) => JSON.stringify(ref)).join(', ')}`
				: 'Re-synced every product',
		);
		return reply(res, 200, { ok: true, refreshed: refs ?? 'all' });
	};
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
	const value = req.headers[name];
	return Array.isArray(value) ? value.join(', ') : value;
}

function refuse(res: ServerResponse, refused: WebhookRefusal): void {
	reply(res, refused.status, { error: refused.error, message: refused.message }, refused.headers);
}

function reply(
	res: ServerResponse,
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
): void {
	res.writeHead(status, {
		'Content-Type': 'application/json; charset=utf-8',
		'Cache-Control': 'no-store',
		...headers,
	});
	res.end(JSON.stringify(body));
}

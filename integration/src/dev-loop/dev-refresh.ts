import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RefreshContentOptions } from 'astro';
import { presentsSecret } from '../on-demand/secret.js';
import {
	parseWebhookBody,
	readCappedBody,
	refuseHead,
	type WebhookRefusal,
} from '../on-demand/webhook.js';
import type { DevHub } from './dev-hub.js';
import { refreshCollections } from './refresh-collections.js';

/** `astro dev` webhook: the backoffice POSTs here when a shop edits content. */

export interface RefreshHandlerOptions {
	secret: string | undefined;
	refreshContent: (options: RefreshContentOptions) => Promise<void>;
	hub: DevHub;
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
		const result = await refreshCollections(options.refreshContent, options.hub, refs);
		if (result.failed.length > 0) {
			const message = `Refresh failed: ${result.failed.join('; ')}`;
			// The loader logged its own failure once; only a refresh no loader ran is news here.
			options.log.warn(
				result.failed.some((line) => line.startsWith('no collection'))
					? message
					: 'Refresh webhook answered 502: the sync failed (its reason is above)',
			);
			return reply(res, 502, { error: 'refresh_failed', message });
		}
		if (!refs) {
			options.log.info('Re-synced every product');
			return reply(res, 200, { ok: true, refreshed: 'all', skipped: result.skipped });
		}
		const refreshed = refs.filter((ref) => !result.unknown.includes(ref));
		options.log.info(
			`Refreshed products ${refreshed.map((ref) => JSON.stringify(ref)).join(', ') || '(none)'}` +
				(result.unknown.length > 0
					? `; unknown to the service: ${result.unknown.map((ref) => JSON.stringify(ref)).join(', ')}`
					: ''),
		);
		return reply(res, 200, {
			ok: true,
			refreshed,
			unknown: result.unknown,
			skipped: result.skipped,
		});
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

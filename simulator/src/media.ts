import type { IncomingMessage, ServerResponse } from 'node:http';
import { avatarSvg } from './avatar.js';
import { isNotModified, validatorsFor } from './conditional.js';

/**
 * The simulator's own media host: `GET /media/avatars/<user id>.svg` answers the author picture
 * of `avatar.ts`, so a generated catalogue can point `image_url` at pictures that load on a
 * machine with no network. It stands for the shop's CDN, not for the service: no faults, no
 * stats, no control. Anything else under `/media/` is a 404, which is how a test gets a picture
 * that fails to load.
 */
export const MEDIA_PREFIX = '/media';

/** Matched on the raw path: no `%`, `.` or `/` can reach the id, so nothing resolves outside it. */
const AVATAR_PATH = /^\/media\/avatars\/([A-Za-z0-9_-]{1,128})\.svg$/;

export function isMediaPath(rawPath: string): boolean {
	return rawPath === MEDIA_PREFIX || rawPath.startsWith(`${MEDIA_PREFIX}/`);
}

/**
 * A picture is a pure function of its URL: cacheable by anyone for a year and never revalidated
 * (`immutable`), with a strong ETag for a client that asks anyway. `nosniff` and a CSP that
 * allows nothing keep the SVG an image even when opened as a document.
 */
export function serveMedia(req: IncomingMessage, res: ServerResponse, rawPath: string): void {
	const method = req.method ?? 'GET';
	const match = AVATAR_PATH.exec(rawPath);
	if (!match) return void plain(res, 404, `No such picture: ${rawPath.slice(0, 200)}`);
	if (method !== 'GET' && method !== 'HEAD')
		return void plain(res, 405, `Method ${method} not allowed`, { Allow: 'GET, HEAD' });
	const body = avatarSvg(match[1]!);
	const validators = validatorsFor(body, undefined);
	const headers = {
		'Cache-Control': 'public, max-age=31536000, immutable',
		ETag: validators.etag,
		'Access-Control-Allow-Origin': '*',
		'X-Content-Type-Options': 'nosniff',
		'Content-Security-Policy': "default-src 'none'",
	};
	if (isNotModified(req.headers, validators)) {
		res.writeHead(304, headers);
		return void res.end();
	}
	res.writeHead(200, {
		...headers,
		'Content-Type': 'image/svg+xml',
		'Content-Length': String(Buffer.byteLength(body)),
	});
	res.end(body);
}

function plain(
	res: ServerResponse,
	status: number,
	text: string,
	headers: Record<string, string> = {},
): void {
	res.writeHead(status, {
		'Content-Type': 'text/plain; charset=utf-8',
		'Content-Length': String(Buffer.byteLength(text)),
		'Access-Control-Allow-Origin': '*',
		'X-Content-Type-Options': 'nosniff',
		...headers,
	});
	res.end(text);
}

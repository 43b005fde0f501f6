// @ts-check
/**
 * A built dist/ on a loopback port, as a static host serves it: the one server the screenshots
 * script and the browser and Lighthouse tests all photograph or audit pages through.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

/** @type {Record<string, string>} */
const TYPES = {
	'.html': 'text/html; charset=utf-8',
	'.css': 'text/css',
	'.js': 'text/javascript',
	'.xml': 'application/xml',
	'.ico': 'image/x-icon',
	'.svg': 'image/svg+xml',
};

/**
 * @typedef {{ status: number; bytes: number; bodyBytes: number }} Sent What one response cost:
 * its status, the bytes written to the socket for it (status line, headers, body and its chunked
 * framing: what the client received) and the file's bytes in its body.
 */

/**
 * Serves `dist` (or, as a function, the folder it names at request time: a test's site is built
 * after the server is declared) with UTF-8 paths decoded and nothing outside it reachable.
 * `onRequest`, for a meter: each request's path as it arrives, with what its response cost once
 * it is sent (the connection's bytes: one response at a time on it, as HTTP/1.1 browsers send).
 * @param {string | (() => string)} dist
 * @param {{ onRequest?: (path: string, sent: Promise<Sent>) => void }} [options]
 * @returns {Promise<{ origin: string; close(): Promise<void> }>}
 */
export async function serveDist(dist, { onRequest } = {}) {
	const root = typeof dist === 'string' ? () => dist : dist;
	const http = createServer(async (req, res) => {
		const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
		let bodyBytes = 0;
		const before = req.socket.bytesWritten;
		onRequest?.(
			path,
			new Promise((resolve) =>
				res.on('close', () =>
					resolve({ status: res.statusCode, bytes: req.socket.bytesWritten - before, bodyBytes }),
				),
			),
		);
		let file = normalize(join(root(), path));
		if (!file.startsWith(root())) return void res.writeHead(403).end();
		if ((await stat(file).catch(() => undefined))?.isDirectory()) file = join(file, 'index.html');
		const found = await stat(file).catch(() => undefined);
		if (!found) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
		res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
		bodyBytes = found.size;
		createReadStream(file).pipe(res);
	});
	await new Promise((resolve) => http.listen(0, '127.0.0.1', () => resolve(undefined)));
	const address = /** @type {import('node:net').AddressInfo} */ (http.address());
	return {
		origin: `http://127.0.0.1:${address.port}`,
		close: () =>
			new Promise((resolve) => {
				http.closeAllConnections();
				http.close(() => resolve());
			}),
	};
}

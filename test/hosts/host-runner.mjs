// Runs the function an adapter built, in Node, as its host calls it, behind a loopback HTTP server
// that routes as the host's build output says. `node host-runner.mjs netlify|vercel <site root>`;
// prints `listening <port>` once it serves. Nothing here is the package's: it stands in for the host.
//
// Netlify: static files of dist/ first (the function's `preferStatic`), then the function's default
// export called with (Request, Context). Its purge client calls https://api.netlify.com: with
// NETLIFY_API_STAND_IN=<port>, a TLS connection to api.netlify.com:443 goes to that loopback port
// instead (the certificate is still checked, against NODE_EXTRA_CA_CERTS).
// Vercel: .vercel/output/config.json's routes (headers, `handle: filesystem`, dest, status), then the
// function's `{ fetch }` handler, inside a request context whose purge API posts each call to
// VERCEL_PURGE_STAND_IN (an URL), or has no purge API when that is `none`.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';
import { Readable } from 'node:stream';
import tls from 'node:tls';
import { pathToFileURL } from 'node:url';

const [host, root] = process.argv.slice(2);
const TYPES = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript' };

async function fileAt(folder, pathname) {
	const path = decodeURIComponent(pathname);
	if (path.includes('..')) return undefined;
	for (const candidate of [path, join(path, 'index.html'), `${path}.html`]) {
		const file = join(folder, candidate);
		const info = await stat(file).catch(() => undefined);
		if (info?.isFile()) return file;
	}
	return undefined;
}

async function staticResponse(file, headers = {}) {
	const type = TYPES[extname(file)] ?? 'application/octet-stream';
	return new Response(await readFile(file), { headers: { 'content-type': type, ...headers } });
}

function redirectNetlifyApi(port) {
	const connect = tls.connect;
	tls.connect = function (...args) {
		const options = args[0];
		const target = options && typeof options === 'object' ? options : undefined;
		if (target && (target.servername ?? target.host) === 'api.netlify.com')
			args[0] = { ...target, host: '127.0.0.1', port, servername: 'api.netlify.com' };
		return connect.apply(this, args);
	};
}

async function netlifyHandler() {
	if (process.env.NETLIFY_API_STAND_IN)
		redirectNetlifyApi(Number(process.env.NETLIFY_API_STAND_IN));
	const fn = await import(pathToFileURL(join(root, '.netlify/v1/functions/ssr/ssr.mjs')).href);
	const dist = join(root, 'dist');
	return async (request) => {
		const { pathname } = new URL(request.url);
		const file = ['GET', 'HEAD'].includes(request.method)
			? await fileAt(dist, pathname)
			: undefined;
		if (file) return staticResponse(file);
		const waiting = [];
		const context = {
			ip: '127.0.0.1',
			requestId: randomUUID(),
			geo: { city: 'Test', country: { code: 'FR', name: 'France' } },
			site: { id: process.env.SITE_ID, name: 'shop', url: 'https://shop.example.com' },
			deploy: { id: 'deploy-1', context: 'production', published: true },
			account: { id: 'account-1' },
			server: { region: 'loopback' },
			params: {},
			url: new URL(request.url),
			waitUntil: (promise) => waiting.push(promise),
			json: (value) => Response.json(value),
		};
		const response = await fn.default(request, context);
		await Promise.allSettled(waiting);
		return response;
	};
}

function vercelPurgeApi(target) {
	const post = async (op, tags) => {
		const response = await fetch(target, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ op, tags: [tags].flat() }),
		});
		if (!response.ok) throw new Error(`Purge request failed with status ${response.status}`);
	};
	return {
		invalidateByTag: (tags) => post('invalidate', tags),
		dangerouslyDeleteByTag: (tags) => post('delete', tags),
		invalidateBySrcImage: (src) => post('invalidate-image', src),
		dangerouslyDeleteBySrcImage: (src) => post('delete-image', src),
	};
}

async function vercelHandler() {
	const output = join(root, '.vercel/output');
	const { routes } = JSON.parse(await readFile(join(output, 'config.json'), 'utf8'));
	const functions = new Map();
	const loadFunction = async (name) => {
		if (!functions.has(name)) {
			const folder = join(output, 'functions', `${name}.func`);
			const config = JSON.parse(await readFile(join(folder, '.vc-config.json'), 'utf8'));
			if (config.launcherType !== 'Nodejs') throw new Error(`Not a Node function: ${name}`);
			functions.set(name, (await import(pathToFileURL(join(folder, config.handler)).href)).default);
		}
		return functions.get(name);
	};
	const store = new AsyncLocalStorage();
	globalThis[Symbol.for('@vercel/request-context')] = { get: () => store.getStore() };
	const purgeTarget = process.env.VERCEL_PURGE_STAND_IN;
	const purge = purgeTarget && purgeTarget !== 'none' ? vercelPurgeApi(purgeTarget) : undefined;
	return async (request) => {
		const { pathname } = new URL(request.url);
		const headers = {};
		for (const route of routes) {
			if (route.handle === 'filesystem') {
				const file = await fileAt(join(output, 'static'), pathname);
				if (file && ['GET', 'HEAD'].includes(request.method)) return staticResponse(file, headers);
				continue;
			}
			if (route.handle) throw new Error(`Unhandled route phase: ${route.handle}`);
			if (!new RegExp(route.src).test(pathname)) continue;
			Object.assign(headers, route.headers ?? {});
			if (route.continue) continue;
			if (!route.dest) throw new Error(`Unhandled route: ${JSON.stringify(route)}`);
			const handler = await loadFunction(route.dest);
			const waiting = [];
			const context = {
				waitUntil: (promise) => waiting.push(promise),
				headers: Object.fromEntries(request.headers),
				...(purge ? { purge } : {}),
			};
			const response = await store.run(context, () => handler.fetch(request));
			await Promise.allSettled(waiting);
			for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
			return route.status
				? new Response(response.body, { status: route.status, headers: response.headers })
				: response;
		}
		return new Response('Not Found', { status: 404 });
	};
}

const handle = host === 'netlify' ? await netlifyHandler() : await vercelHandler();

const server = createServer(async (req, res) => {
	try {
		const body = ['GET', 'HEAD'].includes(req.method) ? undefined : Readable.toWeb(req);
		const request = new Request(`https://${req.headers.host}${req.url}`, {
			method: req.method,
			headers: Object.entries(req.headers).flatMap(([name, value]) =>
				[value].flat().map((one) => [name, one]),
			),
			...(body ? { body, duplex: 'half' } : {}),
		});
		const response = await handle(request);
		res.writeHead(response.status, [...response.headers].flat());
		if (response.body && req.method !== 'HEAD')
			for await (const chunk of response.body) res.write(chunk);
		res.end();
	} catch (error) {
		res.writeHead(599, { 'content-type': 'text/plain' });
		res.end(`host runner: ${error.stack ?? error}`);
	}
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));

import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { plain } from '../helpers/build-fixture.js';
// Astro's `--port 0` is not reported back reliably: ask the OS for a free port instead.
import { freePort } from '../live/standalone.js';

/**
 * The dev webhook against a real `astro dev` process and the simulator over HTTP: the endpoint
 * is guarded by the secret, a ref refreshes one product through the single-product endpoint,
 * no body re-syncs the whole catalogue.
 */
const SECRET = 'a-webhook-secret-of-some-length';
const ENDPOINT = '/_audio-reviews/refresh';
let sim: Simulator;
let server: ChildProcess;
let origin: string;
let log = '';
/** A grid linking every entry the natural way: productUrl() follows the store as refreshes change it. */
const LINKS_PAGE = `---
import { getCollection } from 'astro:content';
import { productUrl } from 'astro-audio-reviews/pages';
const entries = await getCollection('products');
---
<ul>{entries.map((entry) => <li data-id={entry.id}><a href={productUrl(entry)}>{entry.id}</a></li>)}</ul>
`;

beforeAll(async () => {
	sim = await startSimulator({ products: 12, locales: ['fr', 'en'], seed: 8 });
	const root = fileURLToPath(new URL(`../.tmp/dev-refresh-${process.pid}/`, import.meta.url));
	await rm(root, { recursive: true, force: true });
	await mkdir(root, { recursive: true });
	await cp(fileURLToPath(new URL('../fixtures/basic/', import.meta.url)), root, {
		recursive: true,
	});
	await writeFile(join(root, 'src/pages/links.astro'), LINKS_PAGE);
	const astro = fileURLToPath(new URL('../../node_modules/astro/bin/astro.mjs', import.meta.url));
	const port = await freePort();
	server = spawn(
		process.execPath,
		[astro, 'dev', '--root', root, '--host', '127.0.0.1', '--port', String(port)],
		{
			// A clean environment: the dev server must not see Vitest's own variables (VITEST, NODE_ENV=test…).
			env: {
				PATH: process.env.PATH,
				HOME: process.env.HOME,
				FORCE_COLOR: '0',
				AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
				AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
				AUDIO_REVIEWS_LOCALES: 'fr,en',
				AUDIO_REVIEWS_REFRESH_SECRET: SECRET,
			},
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	);
	origin = await new Promise<string>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`astro dev did not start:\n${log}`)), 90_000);
		const onData = (chunk: Buffer) => {
			log += chunk.toString();
			if (
				plain(log).includes(`Local    http://127.0.0.1:${port}/`) &&
				/Synced \d+ products/.test(log)
			) {
				clearTimeout(timer);
				resolve(`http://127.0.0.1:${port}`);
			}
		};
		server.stdout!.on('data', onData);
		server.stderr!.on('data', onData);
		server.on('exit', (code) => reject(new Error(`astro dev exited with ${code}:\n${log}`)));
	});
	// "ready" is printed before the page handler is installed: wait until a page answers.
	for (let attempt = 0; (await fetch(`${origin}/`)).status !== 200; attempt++) {
		if (attempt > 300) throw new Error(`astro dev never served its index page:\n${log}`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}, 120_000);

afterAll(async () => {
	server?.kill();
	sim?.close();
});

const post = (body?: unknown, secret: string | null = SECRET) =>
	fetch(`${origin}${ENDPOINT}`, {
		method: 'POST',
		headers: {
			'Content-Type': 'application/json',
			...(secret === null ? {} : { Authorization: `Bearer ${secret}` }),
		},
		...(body === undefined ? {} : { body: JSON.stringify(body) }),
	});
const page = async (path: string) => {
	const response = await fetch(`${origin}${path}`);
	return { status: response.status, html: await response.text() };
};

describe('dev refresh endpoint', () => {
	it('refuses calls without the secret, or with a wrong one, and anything but POST', async () => {
		expect((await post(undefined, null)).status).toBe(401);
		expect((await post(undefined, 'wrong-secret-of-the-same-size')).status).toBe(401);
		expect((await fetch(`${origin}${ENDPOINT}`)).status).toBe(405);
		expect((await post({ ref: 42 })).status).toBe(400);
	});

	it('follows the shared webhook rules: no cross-site call, JSON only, refs bounded, body capped', async () => {
		const call = (body: BodyInit, headers: Record<string, string> = {}) =>
			fetch(`${origin}${ENDPOINT}`, {
				method: 'POST',
				headers: {
					'Content-Type': 'application/json',
					Authorization: `Bearer ${SECRET}`,
					...headers,
				},
				body,
				duplex: 'half',
			} as RequestInit);
		const answer = async (response: Response) => ({
			status: response.status,
			body: await response.json(),
		});
		sim.resetStats();
		// A page open in the developer's browser, on another site or on another port of localhost.
		expect(await answer(await call('{}', { Origin: 'https://evil.example' }))).toEqual({
			status: 403,
			body: {
				error: 'cross_site',
				message:
					'Cross-site calls are refused (Origin "https://evil.example" is not this server); call this webhook from a server, not from a web page.',
			},
		});
		expect((await call('{}', { 'Sec-Fetch-Site': 'same-site' })).status).toBe(403);
		// The "simple" request a cross-site form or no-cors fetch can send.
		expect(await answer(await call('{}', { 'Content-Type': 'text/plain' }))).toEqual({
			status: 415,
			body: {
				error: 'unsupported_media_type',
				message: 'Send the body as JSON with `Content-Type: application/json` (got "text/plain").',
			},
		});
		const refs = Array.from({ length: 1001 }, (_, i) => `ref-${i}`);
		expect(await answer(await call(JSON.stringify({ refs })))).toEqual({
			status: 400,
			body: {
				error: 'bad_request',
				message: 'Expected at most 1000 refs per call, got 1001; send {} for everything',
			},
		});
		let offered = 0;
		const chunk = new Uint8Array(64 * 1024).fill(0x20);
		const huge = new ReadableStream<Uint8Array>({
			pull(controller) {
				if (offered >= 200 * 1024 * 1024) return controller.close();
				offered += chunk.byteLength;
				controller.enqueue(chunk);
			},
		});
		const response = await call(huge).catch((error: unknown) => error);
		if (response instanceof Response) expect(response.status).toBe(413);
		expect(offered).toBeLessThan(32 * 1024 * 1024);
		expect(sim.stats.total).toBe(0);
	});

	it('refreshes one product through the single-product endpoint, leaving the list alone', async () => {
		const ref = sim.refs()[3]!;
		expect((await page(`/products/${ref}/`)).html).not.toContain('Refreshed by the webhook');
		sim.updateProduct(ref, { seo_name: 'Refreshed by the webhook' });
		sim.resetStats();
		const response = await post({ ref });
		expect(response.status).toBe(200);
		expect(await response.json()).toEqual({ ok: true, refreshed: [ref], unknown: [], skipped: [] });
		// One request per locale, all to the single-product endpoint.
		expect({ list: sim.stats.list, single: sim.stats.single }).toEqual({ list: 0, single: 2 });
		expect((await page(`/products/${ref}/`)).html).toContain(
			'<title>Refreshed by the webhook</title>',
		);
		expect((await page(`/en/products/${ref}/`)).html).toContain(
			'<title>Refreshed by the webhook</title>',
		);
	});

	it('removes a product the service no longer knows', async () => {
		const ref = sim.refs()[5]!;
		expect((await page(`/products/${ref}/`)).status).toBe(200);
		sim.removeProduct(ref);
		expect((await post({ refs: [ref] })).status).toBe(200);
		expect((await page(`/products/${ref}/`)).status).toBe(404);
	});

	it('moves the links a refresh moves: a new case twin escapes the slug of the product it twins', async () => {
		const ref = sim.refs().find((candidate) => /^SKU-\d+$/.test(candidate))!;
		const linkOf = async (id: string) =>
			parse((await page('/links')).html)
				.querySelector(`li[data-id="${id}"] a`)
				?.getAttribute('href');
		expect(await linkOf(`fr/${ref}`)).toBe(`/products/${ref}/`);
		const twin = sim.addProduct({ external_id: ref.toLowerCase() });
		expect((await post({ ref: twin })).status).toBe(200);
		const moved = await linkOf(`fr/${ref}`);
		expect(moved).toMatch(new RegExp(`^/products/${twin}~[0-9a-f]{12}/$`));
		const twinLink = await linkOf(`en/${twin}`);
		expect(twinLink).toMatch(new RegExp(`^/en/products/${twin}~[0-9a-f]{12}/$`));
		expect(twinLink).not.toBe(`/en${moved}`);
		for (const path of [moved!, twinLink!]) expect((await page(path)).status, path).toBe(200);
	});

	it('re-syncs the whole catalogue when called without a body', async () => {
		const ref = sim.refs()[7]!;
		sim.updateProduct(ref, { seo_name: 'Changed before a full refresh' });
		sim.resetStats();
		expect((await post()).status).toBe(200);
		expect(sim.stats.list).toBeGreaterThanOrEqual(2);
		expect(sim.stats.single).toBe(0);
		expect((await page(`/products/${ref}/`)).html).toContain(
			'<title>Changed before a full refresh</title>',
		);
	});
});

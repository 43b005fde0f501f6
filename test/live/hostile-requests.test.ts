import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from '../helpers/build-fixture.js';
import { get, productPath, titleOf } from './pages.js';
import { type StandaloneServer, startStandalone } from './standalone.js';

/**
 * The on-demand fixture served by its standalone Node server: refs that need percent-encoding
 * in a path, and calls to the invalidation webhook that it must refuse.
 */
const SECRET = 'hostile-requests-secret-0123456789';
const ODD_REFS = [
	'a/b',
	'what?x=1#top',
	'plus+sign',
	'semi;colon',
	'at@sign',
	'mail@shop/x?y#z',
	'literal%2Fslash',
	'100%',
];

let sim: Simulator;
let server: StandaloneServer;

beforeAll(async () => {
	sim = await startSimulator({ products: 6, seed: 5 });
	const env = {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		FIXTURE_TOP_N: '2',
	};
	const site = await buildFixture('on-demand', { env, label: 'hostile-requests' });
	for (const ref of ODD_REFS)
		sim.addProduct({ external_id: ref, name: `Product ${ref}`, seo_name: `SEO ${ref}` });
	server = await startStandalone(site.dist, { ...env, AUDIO_REVIEWS_WEBHOOK_SECRET: SECRET });
});

afterAll(async () => {
	await server?.close();
	await sim?.close();
});

describe('on-demand pages of refs that need percent-encoding', () => {
	it.each(ODD_REFS)('serves %j at the URL livePath() makes for it', async (ref) => {
		const page = await get(server.url, productPath(ref));
		expect(page.status, server.log()).toBe(200);
		expect(titleOf(page.body)).toBe(`SEO ${ref}`);
		expect(page.body).toContain(
			`<link rel="canonical" href="https://shop.example.com${productPath(ref)}">`,
		);
	});

	it('still answers 404 for a ref that does not exist', async () => {
		expect((await get(server.url, productPath('no/such?ref'))).status).toBe(404);
	});
});

const webhook = (init: RequestInit & { headers?: Record<string, string> }) =>
	fetch(`${server.url}/_audio-reviews/invalidate`, {
		method: 'POST',
		...init,
		headers: {
			authorization: `Bearer ${SECRET}`,
			'content-type': 'application/json',
			...init.headers,
		},
	});
const refusal = async (response: Response) => ({
	status: response.status,
	body: (await response.json()) as { error: string; message: string },
});

describe('invalidation webhook: the shared webhook rules', () => {
	it('refuses cross-site calls, by Origin or Sec-Fetch-Site, even with the right secret', async () => {
		expect(
			await refusal(await webhook({ body: '{}', headers: { origin: 'https://evil.example' } })),
		).toEqual({
			status: 403,
			body: {
				error: 'cross_site',
				message:
					'Cross-site calls are refused (Origin "https://evil.example" is not this server); call this webhook from a server, not from a web page.',
			},
		});
		expect(
			(await refusal(await webhook({ body: '{}', headers: { 'sec-fetch-site': 'cross-site' } })))
				.body.message,
		).toBe(
			'Cross-site calls are refused (Sec-Fetch-Site: cross-site); call this webhook from a server, not from a web page.',
		);
		expect(
			(
				await webhook({
					body: '{}',
					headers: { origin: server.url, 'sec-fetch-site': 'same-origin' },
				})
			).status,
		).toBe(200);
	});

	it('requires a JSON content type', async () => {
		// (text/plain and form types never get this far: Astro's own origin check refuses them first.)
		expect(
			await refusal(await webhook({ body: '{}', headers: { 'content-type': 'application/xml' } })),
		).toEqual({
			status: 415,
			body: {
				error: 'unsupported_media_type',
				message:
					'Send the body as JSON with `Content-Type: application/json` (got "application/xml").',
			},
		});
	});

	it('bounds the refs of one call', async () => {
		const refs = Array.from({ length: 1001 }, (_, i) => `ref-${i}`);
		expect(await refusal(await webhook({ body: JSON.stringify({ refs }) }))).toEqual({
			status: 400,
			body: {
				error: 'bad_request',
				message: 'Expected at most 1000 refs per call, got 1001; send {} for everything',
			},
		});
	});

	it('stops reading a 200 MiB chunked body at the cap', async () => {
		const MiB = 1024 * 1024;
		let offered = 0;
		const chunk = new Uint8Array(64 * 1024).fill(0x20);
		const body = new ReadableStream<Uint8Array>({
			pull(controller) {
				if (offered >= 200 * MiB) return controller.close();
				offered += chunk.byteLength;
				controller.enqueue(chunk);
			},
		});
		const response = await webhook({ body, duplex: 'half' } as RequestInit & {
			headers?: Record<string, string>;
		}).catch((error: unknown) => error);
		// The server answers 413 and closes the connection; depending on timing the client sees the answer or the reset.
		if (response instanceof Response)
			expect(await refusal(response)).toEqual({
				status: 413,
				body: { error: 'payload_too_large', message: 'Body larger than 65536 bytes.' },
			});
		expect(offered).toBeLessThan(32 * MiB);
	});
});

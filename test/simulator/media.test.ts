import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProduct, type Simulator, startSimulator } from '../../simulator/src/index.js';

/**
 * The simulator's own media host (`avatars: 'served'`): author pictures at
 * `<baseUrl>/media/avatars/<id>.svg`, so pages built from it show pictures with no network.
 */
let served: Simulator;
let cdn: Simulator;

beforeAll(async () => {
	served = await startSimulator({ products: 30, seed: 4, avatars: 'served' });
	cdn = await startSimulator({ products: 30, seed: 4 });
});
afterAll(async () => {
	await served?.close();
	await cdn?.close();
});

const users = (products: ApiProduct[]) =>
	products.flatMap((product) => product.reviews.map((review) => review.user));

/** A request with the path exactly as written: fetch would resolve `..` and `.` segments first. */
function rawGet(
	sim: Simulator,
	path: string,
	method = 'GET',
): Promise<{ status: number; type: string | undefined; body: string }> {
	const url = new URL(sim.baseUrl);
	return new Promise((resolve, reject) => {
		request({ host: url.hostname, port: url.port, path, method }, (res) => {
			let body = '';
			res.on('data', (chunk: Buffer) => (body += chunk.toString()));
			res.on('end', () =>
				resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }),
			);
		})
			.on('error', reject)
			.end();
	});
}

describe("the simulator's author pictures", () => {
	it('points most generated authors at its own pictures, leaves the others without one, and changes nothing else', async () => {
		const withPicture = users(served.listAll({ locale: 'fr' })).filter(
			(user) => user.image_url !== undefined,
		);
		const all = users(served.listAll({ locale: 'fr' }));
		expect(withPicture.length / all.length).toBeGreaterThan(0.45);
		expect(withPicture.length).toBeLessThan(all.length);
		for (const user of withPicture)
			expect(user.image_url).toBe(`${served.baseUrl}/media/avatars/${user.id}.svg`);
		// The default keeps the invented CDN, and both catalogues are the same once pictures are set aside.
		const strip = (products: ApiProduct[]) =>
			JSON.stringify(products, (key, value) =>
				key === 'image_url' ? (value ? 'picture' : value) : value,
			);
		for (const user of users(cdn.listAll({ locale: 'fr' })).filter((u) => u.image_url))
			expect(user.image_url).toBe(`https://cdn.audio-reviews.example/avatars/${user.id}.jpg`);
		expect(strip(served.listAll({ locale: 'en' }))).toBe(strip(cdn.listAll({ locale: 'en' })));
	});

	it('serves each picture as a small, well-formed, cacheable SVG, the same for the same id and different across ids', async () => {
		const urls = [
			...new Set(users(served.listAll({ locale: 'fr' })).flatMap((user) => user.image_url ?? [])),
		];
		const bodies = new Set<string>();
		for (const url of urls) {
			const response = await fetch(url);
			const body = await response.text();
			expect(response.status, url).toBe(200);
			expect(response.headers.get('content-type')).toBe('image/svg+xml');
			expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
			expect(response.headers.get('x-content-type-options')).toBe('nosniff');
			expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(body));
			expect(Buffer.byteLength(body)).toBeLessThan(2_000);
			expect(await (await fetch(url)).text()).toBe(body);
			bodies.add(body);
		}
		expect(bodies.size).toBeGreaterThan(urls.length * 0.8);
		const xmllint = spawnSync('xmllint', ['--noout', '-'], {
			input: [...bodies][0],
			encoding: 'utf8',
		});
		expect(xmllint.stderr).toBe('');
		expect(xmllint.status).toBe(0);
		expect([...bodies][0]).toMatch(
			/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="64" height="64" /,
		);
	});

	it('answers a revalidation with 304 and HEAD with the headers alone', async () => {
		const url = `${served.baseUrl}/media/avatars/ana-silva.svg`;
		const first = await fetch(url);
		await first.arrayBuffer();
		const etag = first.headers.get('etag')!;
		expect(etag).toMatch(/^"[\w-]+"$/);
		const again = await fetch(url, { headers: { 'If-None-Match': etag } });
		expect(again.status).toBe(304);
		expect(await again.text()).toBe('');
		const head = await rawGet(served, '/media/avatars/ana-silva.svg', 'HEAD');
		expect(head).toEqual({ status: 200, type: 'image/svg+xml', body: '' });
	});

	it('answers 404 for anything but a plain id, so nothing outside the pictures is reachable and a test can make one fail', async () => {
		for (const path of [
			'/media',
			'/media/avatars/',
			'/media/avatars/../../ws/websites/x/products',
			'/media/avatars/%2e%2e%2fsecret.svg',
			'/media/avatars/a/b.svg',
			'/media/avatars/ana.jpg',
			'/media/avatars/ana.svg.svg',
			'/media/avatars/ana%00.svg',
			`/media/avatars/${'x'.repeat(129)}.svg`,
		]) {
			const response = await rawGet(served, path);
			expect(response.status, path).toBe(404);
			expect(response.type, path).toBe('text/plain; charset=utf-8');
		}
		expect((await rawGet(served, '/media/avatars/ana.svg', 'POST')).status).toBe(405);
		expect((await rawGet(served, `/media/avatars/${'x'.repeat(128)}.svg`)).status).toBe(200);
	});

	it('is not the service: pictures bypass its faults and are not counted', async () => {
		const sim = await startSimulator({ products: 2, avatars: 'served', errorRate: 1 });
		try {
			expect(
				(await fetch(`${sim.baseUrl}/ws/websites/${sim.websiteId}/products`)).status,
			).toBeGreaterThanOrEqual(500);
			sim.resetStats();
			const response = await fetch(`${sim.baseUrl}/media/avatars/u1.svg`);
			expect(response.status).toBe(200);
			await response.arrayBuffer();
			expect(sim.stats.total).toBe(0);
		} finally {
			await sim.close();
		}
	});

	it('takes another origin for the pictures from mediaBaseUrl, and refuses bad values naming the fix', async () => {
		const sim = await startSimulator({
			products: 10,
			seed: 4,
			mediaBaseUrl: 'http://sim.test:8787/media/',
		});
		try {
			const picture = users(sim.listAll({ locale: 'fr' })).find((user) => user.image_url)!;
			expect(picture.image_url).toBe(`http://sim.test:8787/media/avatars/${picture.id}.svg`);
		} finally {
			await sim.close();
		}
		await expect(startSimulator({ mediaBaseUrl: 'ftp://x/media' })).rejects.toThrow(
			/mediaBaseUrl must be an http\(s\) URL/,
		);
		await expect(startSimulator({ avatars: 'local' as 'served' })).rejects.toThrow(
			"avatars must be 'cdn' or 'served'",
		);
	});
});

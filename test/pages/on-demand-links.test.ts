import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';
import { type StandaloneServer, startStandalone } from '../live/standalone.js';

// A page rendered on demand by the server bundle (a process where no loader ran) links to the
// pre-rendered product pages: refs that need escaping, case twins, two locales.
let sim: Simulator;
let site: BuiltSite;
let server: StandaloneServer;

beforeAll(async () => {
	sim = await startSimulator({ products: 6, locales: ['fr', 'en'], seed: 3, adversarial: true });
	const env = {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		AUDIO_REVIEWS_LOCALES: 'fr,en',
	};
	site = await buildFixture('own-pages-server', {
		extends: 'basic',
		label: 'own-pages-server',
		env,
	});
	// Without the service: the server must not need the loader to link.
	await sim.close();
	server = await startStandalone(site.dist, {});
}, 240_000);

afterAll(async () => {
	await server?.close();
	await sim?.close();
});

describe('productUrl in a page rendered on demand', () => {
	it('links every entry to its pre-rendered page, as the build laid them out', async () => {
		const response = await fetch(`${server.url}/on-demand-grid`);
		expect(response.status, server.log()).toBe(200);
		const items = parse(await response.text()).querySelectorAll('#grid li');
		const expected =
			sim.listAll({ locale: 'fr', without: 'inactive' }).length +
			sim.listAll({ locale: 'en', without: 'inactive' }).length;
		expect(items).toHaveLength(expected);
		for (const item of items) {
			const href = item.querySelector('a')!.getAttribute('href')!;
			expect(
				existsSync(join(site.dist, 'client', decodeURIComponent(href), 'index.html')),
				href,
			).toBe(true);
		}
		const hrefOf = (id: string) =>
			items
				.find((item) => item.getAttribute('data-id') === id)!
				.querySelector('a')!
				.getAttribute('href');
		expect(hrefOf('fr/Shoe-1')).toMatch(/^\/products\/shoe-1~[0-9a-f]{12}\/$/);
		expect(hrefOf('en/shoe-1')).toMatch(/^\/en\/products\/shoe-1~[0-9a-f]{12}\/$/);
		expect(hrefOf('en/shoe-1')).not.toBe(`/en${hrefOf('fr/Shoe-1')}`);
		expect(hrefOf('en/a/b')).toMatch(/^\/en\/products\/a-b~[0-9a-f]{12}\/$/);
	});
});

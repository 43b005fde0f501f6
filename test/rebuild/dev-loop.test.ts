import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { type DevServer, devSite, startDev } from '../helpers/dev-server.js';

/**
 * The dev server never dies of the service: `s + enter` in a real pseudo-terminal with an
 * invalid product, the refresh webhook's `onInvalid` and unknown refs, a restart during an
 * outage with a store and a start during an outage without one, against the simulator.
 */
let sim: Simulator;
let root: string;
let emptyRoot: string;
let dev: DevServer | undefined;
const env = () => ({
	AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
	AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
	AUDIO_REVIEWS_LOCALES: 'fr',
	FIXTURE_RETRIES: '2',
});
const status = async (path: string) => (await fetch(`${dev!.origin}${path}`)).status;
const html = async (path: string) => (await fetch(`${dev!.origin}${path}`)).text();
const refresh = async (body: unknown) => {
	const response = await fetch(`${dev!.origin}/_audio-reviews/refresh`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(body),
	});
	return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

beforeAll(async () => {
	sim = await startSimulator({ products: 6, locales: ['fr'], seed: 43 });
	root = await devSite('basic', 'dev-loop');
}, 60_000);

afterAll(async () => {
	await dev?.stop();
	await sim?.close();
});

describe('astro dev keeps running whatever the service does', () => {
	it('`s + enter` with an invalid product logs the typed error, rejects nothing and keeps the pages', async () => {
		dev = await startDev(root, env(), { pty: true });
		const ref = sim.refs()[2]!;
		expect(await status(`/products/${ref}/`)).toBe(200);
		sim.updateProduct(ref, { seo_name: 42 as unknown as string });
		const from = dev.log().length;
		dev.type('s\r');
		await dev.waitFor(/Still serving the \d+ entries/, from);
		const after = dev.log().slice(from);
		// Once, with the value the service sent.
		expect(after.match(/Invalid product: seo_name/g)).toHaveLength(1);
		expect(after).toMatch(/Invalid product: seo_name: [^\n]*\(sent 42\)/);
		expect(after).toContain(`product ref "${ref}"`);
		expect(after).not.toMatch(/UnhandledRejection|unhandled rejection/i);
		expect(await status(`/products/${ref}/`)).toBe(200);
	});

	it('a sync held up by a slow service says it is still at work, then ends', async () => {
		await sim.setFaults({ latencyMs: 6_000 });
		const from = dev!.log().length;
		dev!.type('s\r');
		await dev!.waitFor(
			/Still syncing collection "products": \d+ requests, \d+ retries so far/,
			from,
		);
		await sim.setFaults({ latencyMs: 0 });
		await dev!.waitFor(/\[content\] Synced content/, from);
		expect(dev!.log().slice(from)).not.toMatch(/UnhandledRejection/);
	});

	it('the webhook applies onInvalid ("error": 502, nothing changed) and names unknown refs as unknown', async () => {
		const ref = sim.refs()[2]!;
		const failed = await refresh({ refs: [ref] });
		expect(failed.status).toBe(502);
		expect(failed.body.message).toContain(`Invalid product: seo_name`);
		expect(await status(`/products/${ref}/`)).toBe(200);
		sim.updateProduct(ref, { seo_name: 'Mended in the backoffice' });
		const mended = await refresh({ refs: [ref, 'NOPE-1'] });
		expect(mended).toEqual({
			status: 200,
			body: { ok: true, refreshed: [ref], unknown: ['NOPE-1'], skipped: [] },
		});
		expect(await html(`/products/${ref}/`)).toContain('<title>Mended in the backoffice');
	});

	it('a restart during an outage serves the store and says so', async () => {
		await dev?.stop();
		await sim.setFaults({ outage: true });
		dev = await startDev(root, env(), {
			ready: /LAST KNOWN GOOD[^\n]*serving/,
			port: dev!.port,
		});
		expect(dev.log()).toContain('the service is unreachable');
		expect(dev.log()).not.toMatch(/UnhandledRejection/);
		expect(await status(`/products/${sim.refs()[0]}/`)).toBe(200);
		await sim.setFaults({ outage: false });
	});

	it('a start during an outage with no store says so, keeps running, and a refresh fills it', async () => {
		await dev?.stop();
		await sim.setFaults({ outage: true });
		emptyRoot = await devSite('basic', 'dev-loop-empty');
		dev = await startDev(emptyRoot, env(), { ready: /Nothing to show yet/ });
		// The pages say what is happening (503), with no page error: no stack trace, no overlay
		// over the toolbar, no Astro warning per request; the terminal said it once.
		const from = dev.log().length;
		for (const path of [
			'/products/',
			`/products/${sim.refs()[0]}/`,
			`/en/products/${sim.refs()[0]}/`,
		]) {
			const response = await fetch(`${dev!.origin}${path}`);
			expect(response.status, path).toBe(503);
			const text = await response.text();
			expect(text).toContain('<title>Nothing to show yet</title>');
			expect(text).toContain('HTTP 503');
		}
		expect(dev.log().match(/Nothing to show yet/g)).toHaveLength(1);
		const after = dev.log().slice(from);
		expect(after).not.toMatch(/\n\s+at |does not exist|is empty|AudioReviewsError/);
		await sim.setFaults({ outage: false });
		const filled = await refresh({});
		expect(filled, JSON.stringify(filled.body)).toMatchObject({ status: 200, body: { ok: true } });
		expect(await status(`/products/${sim.refs()[0]}/`)).toBe(200);
	});

	it('a content config edit with an invalid product: the typed error, and the last good sync still served', async () => {
		const ref = sim.refs()[1]!;
		sim.updateProduct(ref, { seo_name: 42 as unknown as string });
		const from = dev!.log().length;
		// Astro clears the whole store when the content config changes, then syncs again.
		const config = join(emptyRoot, 'src/content.config.ts');
		await appendFile(config, '\n// edited while astro dev runs\n');
		await dev!.waitFor(/Still serving the \d+ entries/, from);
		const after = dev!.log().slice(from);
		expect(after).toContain('Clearing content store');
		expect(after).toContain(`product ref "${ref}"`);
		expect(after).toMatch(/Restored the \d+ entries of collection "products" synced at /);
		expect(after).not.toMatch(/UnhandledRejection/);
		expect(await status(`/products/${ref}/`)).toBe(200);
		expect(await status(`/products/${sim.refs()[0]}/`)).toBe(200);
	});
});

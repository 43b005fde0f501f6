import { describe, expect, it } from 'vitest';
import { get, productPath, titleOf } from '../live/pages.js';
import { freePort, startStandalone } from '../live/standalone.js';
import {
	BIG,
	getRef,
	hit,
	logs,
	MAX_AGE,
	nodeUrls,
	PURGE_SECRET,
	refAt,
	SWR,
	site,
	sleep,
	upstream,
	useVarnishNodes,
	webhook,
} from './varnish-nodes-site.js';

/**
 * Several server processes behind several Varnish nodes (`cacheVarnish()` and the package's
 * VCL): pages kept once per node, purges reaching every node, stale pages through outages.
 * Processes and nodes are real, on loopback; the service is the simulator.
 */

useVarnishNodes();

const title = (ref: string) => {
	const product = site.sim.getProduct(ref, { locale: 'en' });
	return product.seo_name ?? product.name;
};

describe('pages kept by the Varnish nodes, rendered by both processes', () => {
	it('renders a page at most once per node, spreading renders over both processes', async () => {
		const ref = refAt(0);
		for (const node of nodeUrls())
			for (let i = 0; i < 4; i++) {
				const page = await getRef(node, ref);
				expect(page.status, logs()).toBe(200);
				expect(titleOf(page.body)).toBe(title(ref));
				expect(hit(page)).toBe(i > 0);
				expect(page.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=/);
				for (const header of ['xkey', 'cdn-cache-control', 'cache-tag', 'aar-swr'])
					expect(page.headers.get(header)).toBeNull();
			}
		expect(upstream(ref)).toBe(2);
		const renderers = new Set<string>();
		for (let i = 1; i <= 6; i++)
			renderers.add((await getRef(nodeUrls()[0]!, refAt(i))).headers.get('x-rendered-by') ?? '');
		expect([...renderers].sort()).toEqual(['process1', 'process2']);
	});

	it('keeps nothing in a process: two requests straight to one process, even at once, render twice', async () => {
		const ref = refAt(7);
		const pages = await Promise.all([0, 1].map(() => getRef(site.processes[0]!.url, ref)));
		expect(pages.map((page) => page.status)).toEqual([200, 200]);
		expect(upstream(ref)).toBe(2);
	});
});

describe('purges', () => {
	it('a webhook to one process refreshes the product on every node; other pages stay cached', async () => {
		const [changed, other] = [refAt(8), refAt(9)];
		for (const node of nodeUrls()) for (const ref of [changed, other]) await getRef(node, ref);
		const before = upstream(other);
		site.sim.updateProduct(changed, { seo_name: 'Renamed by the backoffice' });
		const answer = await webhook(site.processes[1]!.url, { ref: changed });
		expect(answer.status, await answer.clone().text()).toBe(200);
		for (const node of nodeUrls()) {
			const page = await getRef(node, changed);
			expect(titleOf(page.body)).toBe('Renamed by the backoffice');
			const kept = await getRef(node, other);
			expect(hit(kept)).toBe(true);
		}
		expect(upstream(other)).toBe(before);
	});

	it('{} refreshes everything: a deleted product is 404 on every node', async () => {
		const [deleted, kept] = [refAt(10), refAt(11)];
		for (const node of nodeUrls()) for (const ref of [deleted, kept]) await getRef(node, ref);
		site.sim.removeProduct(deleted);
		expect((await webhook(site.processes[0]!.url, {})).status).toBe(200);
		for (const node of nodeUrls()) {
			expect((await getRef(node, deleted)).status).toBe(404);
			expect(hit(await getRef(node, kept))).toBe(false);
		}
	});

	it('a node that does not answer: 502 naming it, and the other nodes purged anyway', async () => {
		// A port nobody listens on: the node does not answer.
		const dead = `http://127.0.0.1:${await freePort()}`;
		const third = await startStandalone(site.dist, {
			...site.env,
			AUDIO_REVIEWS_CACHE_NODES: [...nodeUrls(), dead].join(','),
		});
		try {
			const ref = refAt(12);
			for (const node of nodeUrls()) await getRef(node, ref);
			site.sim.updateProduct(ref, { seo_name: 'Changed while a node was away' });
			const answer = await webhook(third.url, { ref });
			const body = (await answer.json()) as { failedNodes: { node: string }[]; message: string };
			expect(answer.status).toBe(502);
			expect(body.failedNodes.map((failed) => failed.node)).toEqual([dead]);
			expect(body.message).toContain(dead);
			for (const node of nodeUrls())
				expect(titleOf((await getRef(node, ref)).body)).toBe('Changed while a node was away');
		} finally {
			await third.close();
		}
	});

	it('nodes that refuse the purge (a process with the wrong secret): 502 naming each, nothing purged', async () => {
		const wrong = await startStandalone(site.dist, {
			...site.env,
			AUDIO_REVIEWS_PURGE_SECRET: 'not-the-nodes-secret-0123456789',
		});
		try {
			const ref = refAt(24);
			for (const node of nodeUrls()) await getRef(node, ref);
			const answer = await webhook(wrong.url, { ref });
			const body = (await answer.json()) as { failedNodes: { node: string; reason: string }[] };
			expect(answer.status).toBe(502);
			expect(body.failedNodes.map((failed) => failed.node)).toEqual(nodeUrls());
			for (const failed of body.failedNodes) expect(failed.reason).toMatch(/^HTTP 403 /);
			for (const node of nodeUrls()) expect(hit(await getRef(node, ref))).toBe(true);
		} finally {
			await wrong.close();
		}
	});

	it('a process started with a malformed AUDIO_REVIEWS_CACHE_NODES fails naming the value', async () => {
		const broken = await startStandalone(site.dist, {
			...site.env,
			AUDIO_REVIEWS_CACHE_NODES: 'varnish-1:6081',
		});
		try {
			expect((await getRef(broken.url, refAt(13))).status).toBe(500);
			expect(broken.log()).toContain('"varnish-1:6081" is not a Varnish node address');
		} finally {
			await broken.close();
		}
	});

	it('no visitor request purges anything: PURGE without or with a wrong secret, BAN, purge headers', async () => {
		const ref = refAt(14);
		const node = nodeUrls()[0]!;
		await getRef(node, ref);
		const tag = `aar-product-${site.sim.websiteId.toLowerCase()}-${encodeURIComponent(ref)}`;
		const attempts: [string, Record<string, string>][] = [
			['PURGE', { 'AAR-Purge-Keys': tag }],
			['PURGE', { 'AAR-Purge-Keys': tag, 'AAR-Purge-Secret': `${PURGE_SECRET}x` }],
			['PURGE', { 'AAR-Purge-Keys': tag, 'AAR-Purge-Secret': PURGE_SECRET.slice(0, 16) }],
			['PURGE', { xkey: tag, 'X-Purge': '1' }],
			['BAN', { 'X-Ban-Url': '.*' }],
			['GET', { 'AAR-Purge-Keys': tag, xkey: tag, 'xkey-purge': tag, 'Cache-Control': 'no-cache' }],
			['GET', { 'X-Purge-Method': 'regex', 'Surrogate-Key': tag, Pragma: 'no-cache' }],
		];
		for (const [method, headers] of attempts) {
			const answer = await fetch(`${node}${productPath(ref)}`, { method, headers });
			await answer.arrayBuffer();
			if (method !== 'GET') expect([403, 405]).toContain(answer.status);
		}
		expect(hit(await getRef(node, ref))).toBe(true);
		expect(upstream(ref)).toBe(1);
	});

	it('a 5,000-review product (250 review pages) and a 1,000-ref webhook purge with no refused header', async () => {
		const node = nodeUrls()[0]!;
		const paths = [1, 2, 125, 250].map((n) =>
			n === 1 ? productPath(BIG) : productPath(BIG).replace(/\/$/, `~reviews-${n}/`),
		);
		for (const path of paths) expect((await get(node, path)).status, logs()).toBe(200);
		expect((await get(node, productPath(BIG).replace(/\/$/, '~reviews-251/'))).status).toBe(404);
		const refs = [BIG, ...Array.from({ length: 999 }, (_, i) => `missing-${'x'.repeat(40)}-${i}`)];
		site.sim.updateProduct(BIG, { seo_name: 'Big product, renamed' });
		const answer = await webhook(site.processes[0]!.url, { refs });
		expect(answer.status, await answer.clone().text()).toBe(200);
		for (const path of paths) {
			const page = await get(node, path);
			expect(hit(page)).toBe(false);
			expect(page.body).toContain('Big product, renamed');
		}
	});
});

describe('races, errors and outages', () => {
	it('a render in flight when a purge arrives is delivered but not kept', async () => {
		const ref = refAt(15);
		const node = nodeUrls()[1]!;
		let release = () => {};
		const held = new Promise<void>((resolve) => (release = resolve));
		let arrived = () => {};
		const inFlight = new Promise<void>((resolve) => (arrived = resolve));
		site.sim.onRequest(async (_req, info) => {
			if (info.ref !== ref) return;
			site.sim.onRequest(undefined);
			arrived();
			await held;
		});
		const rendering = getRef(node, ref);
		await inFlight;
		expect((await webhook(site.processes[0]!.url, { ref })).status).toBe(200);
		release();
		expect((await rendering).status).toBe(200);
		const after = await getRef(node, ref);
		expect(hit(after)).toBe(false);
		expect(upstream(ref)).toBe(2);
		expect(hit(await getRef(node, ref))).toBe(true);
	});

	it('300 concurrent misses of one page cost at most 3 upstream requests', async () => {
		const ref = refAt(16);
		const pages = await Promise.all(
			Array.from({ length: 300 }, (_, i) => getRef(nodeUrls()[i % 2]!, ref)),
		);
		expect(pages.filter((page) => page.status !== 200)).toEqual([]);
		expect(upstream(ref)).toBeLessThanOrEqual(3);
	});

	it('never keeps a 5xx; serves stale pages while the service is down, past a process down, and while every process is down', async () => {
		const [stale, uncached] = [refAt(17), refAt(18)];
		const node = nodeUrls()[0]!;
		const good = await getRef(node, stale);
		await site.sim.setFaults({ outage: true });
		const down = await getRef(node, uncached);
		expect(down.status).toBe(503);
		await sleep(1200);
		const tried = upstream(uncached);
		const again = await getRef(node, uncached);
		expect(again.status).toBe(503);
		expect(upstream(uncached)).toBeGreaterThan(tried);
		// Past max-age, within stale-while-revalidate: the stale page at once.
		await sleep(MAX_AGE * 1000 + 200);
		expect((await getRef(node, stale)).body).toBe(good.body);
		// Past stale-while-revalidate too: the foreground render fails, the last good copy is served.
		await sleep(SWR * 1000);
		const kept = await getRef(node, stale);
		expect(kept.status, logs()).toBe(200);
		expect(kept.body).toBe(good.body);
		// The service back, one process down: requests that find it refused go to the other one.
		await site.sim.setFaults({ outage: false });
		await site.processes[0]!.close();
		for (let i = 19; i < 23; i++) expect((await getRef(node, refAt(i))).status, logs()).toBe(200);
		// The stale page is still past stale-while-revalidate: the render it asks for finds no process.
		await site.processes[1]!.close();
		const noProcess = await getRef(node, stale);
		expect(noProcess.status).toBe(200);
		expect(noProcess.body).toBe(good.body);
	});
});

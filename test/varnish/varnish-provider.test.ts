import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CachePurgeError } from '../../integration/src/errors/errors.js';
import {
	PURGE_CONFIRMED_HEADER,
	PURGE_KEYS_HEADER,
	PURGE_SECRET_HEADER,
	purgeEveryNode,
} from '../../integration/src/shared-cache/purge-nodes.js';
import { createVarnishProvider } from '../../integration/src/shared-cache/varnish-provider.js';
import { startServer, type TestServer } from '../helpers/http-server.js';

// The provider reads its purge secret through astro:env, which Astro serves; outside Astro,
// process.env alone, as getSecret does under @astrojs/node.
vi.mock('astro:env/server', () => ({ getSecret: () => undefined }));

/** A Varnish node's purge endpoint as the package's VCL answers it, over real HTTP. */
interface FakeNode extends TestServer {
	/** The keys of every purge received, one string per request. */
	purges: string[];
	secrets: (string | undefined)[];
	/** Most purges this node had in flight at once. */
	load: { peak: number };
}

const servers: TestServer[] = [];
afterEach(async () => {
	await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** `refuse` answers 403 as the VCL does to a wrong secret; otherwise 200 with the confirmation. */
async function node(answer: 'confirm' | 'refuse' | 'plain-200' = 'confirm'): Promise<FakeNode> {
	const purges: string[] = [];
	const secrets: (string | undefined)[] = [];
	let inFlight = 0;
	const load = { peak: 0 };
	const server = await startServer(async (req: IncomingMessage, res) => {
		if (req.method !== 'PURGE') {
			res.writeHead(405).end();
			return;
		}
		inFlight++;
		load.peak = Math.max(load.peak, inFlight);
		purges.push(String(req.headers[PURGE_KEYS_HEADER.toLowerCase()]));
		secrets.push(req.headers[PURGE_SECRET_HEADER.toLowerCase()] as string | undefined);
		// Held a moment, so a pool wider than 4 would have its other requests arrive meanwhile (a
		// correct pool passes however long this takes; it bounds nothing).
		await new Promise((resolve) => setTimeout(resolve, 20));
		inFlight--;
		if (answer === 'refuse') res.writeHead(403, 'Purge secret mismatch').end();
		else if (answer === 'plain-200') res.writeHead(200).end();
		else res.writeHead(200, { [PURGE_CONFIRMED_HEADER]: 'done' }).end();
	});
	servers.push(server);
	return Object.assign(server, { purges, secrets, load });
}

/** `count` distinct tags long enough that a purge needs several requests. */
const manyTags = (count: number) =>
	Array.from({ length: count }, (_, index) => `product:${String(index).padStart(200, '0')}`);

describe("the Varnish provider's headers (built on astro/cache/provider-utils)", () => {
	const provider = createVarnishProvider({ nodes: ['http://127.0.0.1:9'] });
	const request = new Request('https://shop.example/products/tea-pot/');

	it('gives Varnish its directives, the tags with the path tag, and the validators', () => {
		const lastModified = new Date('2026-03-01T10:00:00Z');
		const headers = provider.setHeaders!(
			{
				maxAge: 300,
				swr: 60,
				tags: ['product:a b', 'list,fr', 'product:a b'],
				lastModified,
				etag: '"v1"',
			},
			request,
		);
		expect(Object.fromEntries(headers)).toEqual({
			'cdn-cache-control': 'max-age=300, stale-while-revalidate=60',
			xkey: 'product:a%20b list%2Cfr astro-path:/products/tea-pot/',
			'last-modified': 'Sun, 01 Mar 2026 10:00:00 GMT',
			etag: '"v1"',
		});
	});

	it('sets no cache directive for a page with none, yet always its path tag', () => {
		const headers = provider.setHeaders!({}, request);
		expect(Object.fromEntries(headers)).toEqual({ xkey: 'astro-path:/products/tea-pot/' });
	});

	it("purges a path through its tag, beside the tags, on every node, never changing the caller's array", async () => {
		const [first, second] = [await node(), await node()];
		const purging = createVarnishProvider({ nodes: [first.url, second.url] });
		const tags = ['product:a'];
		await purging.invalidate({ tags, path: '/products/tea-pot/' });
		expect(tags).toEqual(['product:a']);
		for (const each of [first, second])
			expect(each.purges).toEqual(['product:a astro-path:/products/tea-pot/']);
	});
});

describe('the purge pool (p-limit, per node)', () => {
	it('sends every batch to every node, at most 4 in flight to one node', async () => {
		const nodes = [await node(), await node()];
		const tags = manyTags(300);
		await purgeEveryNode(
			{ nodes: nodes.map((n) => n.url), secret: 'shh', timeoutMs: 60_000 },
			tags,
		);
		for (const each of nodes) {
			expect(each.purges.length).toBeGreaterThan(4);
			expect(each.purges.flatMap((keys) => keys.split(' ')).sort()).toEqual([...tags].sort());
			expect(each.load.peak).toBeLessThanOrEqual(4);
			expect(new Set(each.secrets)).toEqual(new Set(['shh']));
		}
	});

	it('names each node that refused or gave no confirmation, and still purges the others', async () => {
		const [good, refusing, unconfirmed] = [
			await node(),
			await node('refuse'),
			await node('plain-200'),
		];
		const tags = manyTags(300);
		const failed = await purgeEveryNode(
			{ nodes: [good.url, refusing.url, unconfirmed.url], secret: undefined, timeoutMs: 60_000 },
			tags,
		).catch((error: unknown) => error);
		expect(failed).toBeInstanceOf(CachePurgeError);
		expect((failed as CachePurgeError).failedNodes).toEqual([
			{ node: refusing.url, reason: 'HTTP 403 Purge secret mismatch' },
			{ node: unconfirmed.url, reason: 'answered 200 without the package VCL confirmation' },
		]);
		expect(good.purges.flatMap((keys) => keys.split(' ')).sort()).toEqual([...tags].sort());
		// A refused node's batches still queued are not sent: at most one round of 4.
		expect(refusing.purges.length).toBeLessThanOrEqual(4);
		expect(good.secrets.every((secret) => secret === undefined)).toBe(true);
	});

	it('sends nothing for no tags', async () => {
		const quiet = await node();
		await purgeEveryNode({ nodes: [quiet.url], secret: undefined, timeoutMs: 60_000 }, []);
		expect(quiet.purges).toEqual([]);
	});
});

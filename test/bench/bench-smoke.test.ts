import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Results } from './bench-results.js';
import { expectQueryBytes, expectSearchPostgres, expectStaticSearch } from './search-checks.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** `npm run bench -- --smoke` in a child process, its report and data written to a temp folder. */
let out: string;
let results: Results;
let markdown: string;
const benchmarks = join(REPO, 'BENCHMARKS.md');
const before = existsSync(benchmarks) ? statSync(benchmarks).mtimeMs : undefined;

beforeAll(async () => {
	out = await mkdtemp(join(tmpdir(), 'aar-bench-smoke-'));
	const child = spawn(process.execPath, ['bench/run.mjs', '--smoke', '--out-dir', out], {
		cwd: REPO,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const log: Buffer[] = [];
	child.stdout.on('data', (chunk: Buffer) => log.push(chunk));
	child.stderr.on('data', (chunk: Buffer) => log.push(chunk));
	const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
	if (code !== 0)
		throw new Error(
			`bench/run.mjs --smoke exited with ${code}:\n${Buffer.concat(log).toString('utf8')}`,
		);
	results = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as Results;
	markdown = await readFile(join(out, 'BENCHMARKS.md'), 'utf8');
	// A liveness bound: about 150 s alone on 2 quiet cores, it shares them with the other files.
}, 1_800_000);

afterAll(async () => {
	if (out) await rm(out, { recursive: true, force: true });
});

/** Page files of the main size's catalogue: its products' pages and a popular product's review pages. */
const pageFiles = () => results.catalogue[String(results.config.sizes[0])]!.pageFiles;

describe('bench (smoke)', () => {
	it('writes its results and report to the given folder, never over the real BENCHMARKS.md', () => {
		expect(markdown).toContain('# Benchmarks');
		expect(markdown).toContain('Smoke run');
		expect(existsSync(benchmarks) ? statSync(benchmarks).mtimeMs : undefined).toBe(before);
		// A failed build's whole error (the tail of its log) goes into the message, so CI shows why.
		const failed = results.builds
			.filter((build) => !build.ok)
			.map((build) => `${build.kind} ${build.size}: ${build.error}`);
		expect(results.errors, failed.join('\n\n')).toEqual([]);
		expect(
			results.builds.every((build) => build.ok && build.wallMs! > 0 && build.maxRssBytes! > 0),
		).toBe(true);
	});

	it('benches the catalogue of the issue: ~3 reviews for most products, a long tail up to hundreds, 200–2,000-char transcripts', () => {
		const catalogue = results.catalogue[String(results.config.sizes[0])]!;
		expect(catalogue.products).toBe(results.config.sizes[0]);
		expect(catalogue.pageFiles).toBeGreaterThan(catalogue.products);
		expect(catalogue.medianReviews).toBeGreaterThanOrEqual(1);
		expect(catalogue.medianReviews).toBeLessThanOrEqual(4);
		// One product in 200 has hundreds (the long tail): the smoke's 200 products hold one.
		expect(catalogue.maxReviews).toBeGreaterThanOrEqual(100);
		expect(catalogue.reviewsPerProduct).toBeGreaterThan(2);
		expect(catalogue.transcriptMinChars).toBeGreaterThanOrEqual(200);
		expect(catalogue.transcriptMaxChars).toBeLessThanOrEqual(2000);
	});

	it('syncs with at most ceil(N / cap) + 1 list requests and no single-product request', () => {
		const [size] = results.config.sizes;
		expect(results.requests.maxList).toBe(Math.ceil(size! / results.config.cap) + 1);
		expect(results.requests.perRun.length).toBeGreaterThan(0);
		for (const run of results.requests.perRun) {
			expect(run.list).toBeGreaterThan(0);
			expect(run.list).toBeLessThanOrEqual(results.requests.maxList);
			expect(run.single).toBe(0);
		}
		expect(results.peer.oursRequests.single).toBe(0);
		// The peer really is the one-request-per-product loader it stands for.
		expect(results.peer.peerRequests.single).toBe(results.config.peerSize);
	});

	it('rebuild re-renders exactly the page of the one changed product', () => {
		expect(results.rebuild.renderedSlugs).toEqual([results.rebuild.changedRef]);
		expect(results.rebuild.exactlyTheChangedPage).toBe(true);
		// Every page file but the changed product's one page (the long tail adds review pages to the count).
		expect(results.rebuild.pagesSkipped).toBe(pageFiles() - 1);
		// Again with dist/ kept (vite.build.emptyOutDir: false): unchanged pages stay in place.
		const keep = results.rebuildKeepDist;
		expect(keep.renderedSlugs).toEqual([keep.changedRef]);
		expect(keep.changedRef).not.toBe(results.rebuild.changedRef);
		expect(keep.pageFiles).toBe(keep.pagesTotal);
	});

	it('the floor and ours write the same set of page files', () => {
		for (const same of [results.cold.samePages, results.cold.withoutIncremental.samePages]) {
			expect(same.equal).toBe(true);
			expect(same.oursFiles).toBe(pageFiles());
		}
		expect(
			results.scale.every((row) => row.oursMs !== undefined && row.floorMs !== undefined),
		).toBe(true);
	});

	it("builds the floor and ours on Node's default heap (no --max-old-space-size), peak RSS each", () => {
		const heap = results.defaultHeap!;
		expect(heap.ok).toBe(true);
		// Each build reports the limit it ran under: Node's default, as a child without flags has it.
		const limitMiB = Math.round(heap.heapLimitBytes / 2 ** 20);
		expect(limitMiB).toBeGreaterThan(0);
		expect(heap.rows.map((row) => row.size)).toEqual([results.config.sizes[0]]);
		for (const name of ['floor', 'ours']) {
			const build = heap.rows[0]!.builds[name]!;
			expect(build, name).toMatchObject({ ok: true });
			expect(build.maxRssBytes, name).toBeGreaterThan(50 * 2 ** 20);
			expect(build.heapLimitMiB, name).toBe(limitMiB);
		}
		expect(markdown).toContain("### 5d. On Node's default heap");
	});

	it('measures the long tail where a visitor meets it: pages written, the largest page, its Lighthouse score', () => {
		const tail = results.longTail!;
		expect(tail, 'figure 7 missing').toBeDefined();
		expect(tail.size).toBe(results.config.sizes[0]);
		expect(tail.pages).toBeGreaterThanOrEqual(results.config.sizes[0]!);
		expect(tail.path).toMatch(/\/products\/[^/]+\/index\.html$/);
		// The largest page is the popular product's: the long tail reached the pages.
		expect(tail.reviews).toBeGreaterThanOrEqual(100);
		expect(tail.bytes).toBeGreaterThan(100_000);
		expect(tail.auditError).toBeUndefined();
		expect(tail.elements).toBeGreaterThan(100);
		// A score, not a verdict: under a loaded machine's CPU, performance is not a figure.
		expect(
			Number.isInteger(tail.performance) && tail.performance! >= 0 && tail.performance! <= 100,
		).toBe(true);
		expect(tail.oursMs).toBeGreaterThan(0);
		expect(tail.floorMs).toBeGreaterThan(0);
		expect(markdown).toContain('## 7. The long tail: the largest page');
		expect(markdown).toMatch(
			/\| 7 \| long tail, 200 products: Lighthouse performance \(phone\) of the largest page \| \d+ \([\d,]+ reviews/,
		);
	});

	it('measures audio-reviews poll: the first run calls, no change costs only 304 list pages, an edit and a deletion call once', () => {
		const cases = Object.fromEntries(results.poll!.cases.map((c) => [c.name, c]));
		expect(Object.keys(cases)).toEqual(['first run', 'no change', 'one edit', 'one deletion']);
		for (const c of results.poll!.cases) expect(c.ok, c.name).toBe(true);
		expect(cases['first run']).toMatchObject({ outcome: 'called', hookCalls: 1 });
		const quiet = cases['no change']!;
		expect(quiet).toMatchObject({ outcome: 'no-change', hookCalls: 0 });
		expect(quiet.requests.notModified).toBe(quiet.requests.list);
		expect(quiet.requests.single).toBe(0);
		expect(quiet.fromService).toBeLessThan(cases['first run']!.fromService / 10);
		expect(cases['one edit']).toMatchObject({ outcome: 'called', hookCalls: 1, counts: [0, 1, 0] });
		expect(cases['one deletion']).toMatchObject({
			outcome: 'called',
			hookCalls: 1,
			counts: [0, 0, 1],
		});
		// No-change runs at two sizes side by side, with and without the conditional answers.
		const poll = results.poll!;
		expect(poll.stateBytes).toBeGreaterThan(0);
		expect(poll.conditional.map((row) => row.size)).toEqual([50, results.config.sizes[0]]);
		expect(poll.unconditional.map((row) => row.size)).toEqual([50, results.config.sizes[0]]);
		for (const row of [...poll.conditional, ...poll.unconditional]) {
			expect(row.noChangeMs, `no change at ${row.size}`).toBeGreaterThan(0);
			expect(row.lists).toBeGreaterThan(0);
		}
		expect(markdown).toContain('## Deploys on change (`audio-reviews poll`)');
		expect(markdown).toContain('**Without conditional answers**');
	});

	it("measures astro dev beside file(): starts, page loads with no sync, s + enter, the webhook's refresh", () => {
		const dev = results.dev!;
		expect(dev, 'the dev figure missing').toBeDefined();
		expect(dev.entries).toBe(dev.size * 2);
		for (const [name, server] of Object.entries({ floor: dev.floor, ours: dev.ours })) {
			for (const key of ['startMs', 'keptStartMs', 'rssBytes', 'syncEnterMs'] as const)
				expect(server[key], `${name} ${key}`).toBeGreaterThan(0);
			expect(server.navigationMs, name).toHaveLength(3);
			expect(server.syncsDuringNavigation, name).toBe(0);
		}
		expect(dev.ours.webhook).toMatchObject({ status: 200 });
		expect(dev.ours.webhook.pageMs).toBeGreaterThan(0);
		expect(markdown).toContain('## Dev at 10,000 products (`astro dev`)');
	});

	it('measures the review feed: its size and the build time it costs', () => {
		expect(results.feed?.onMs).toBeGreaterThan(0);
		expect(results.feed?.offMs).toBeGreaterThan(0);
		expect(results.feed?.writerMs).toBeGreaterThanOrEqual(0);
		expect(results.feed?.feed?.pages).toBe(results.config.sizes[0]);
		expect(results.feed?.feed?.reviews).toBeGreaterThan(0);
		expect(results.feed?.feed?.bytes).toBeGreaterThan(0);
		expect(markdown).toContain('## Product review feed');
	});

	it('measures Pagefind over the pages with and without the search option: index time, memory, words, files', () =>
		expectStaticSearch(results, markdown, pageFiles()));

	it("measures the bytes a browser fetches per query from Pagefind's index, cold and warm", () =>
		expectQueryBytes(results, markdown));

	it('measures the first sitemap file of the on-demand fixture, cold from the list endpoint and cached', () => {
		expect(results.sitemap).toBeDefined();
		const sitemap = results.sitemap!;
		expect(sitemap.requests).toBeGreaterThan(sitemap.size / 100);
		expect(sitemap.urls).toBeGreaterThan(0);
		expect(sitemap.coldMs).toBeGreaterThan(sitemap.cachedMs);
		expect(markdown).toContain('## Sitemap of an on-demand catalogue');
	});

	it('reports the live figures, or why there are none', () => {
		expect(results.live).toBeDefined();
		expect(results.live!.ok || typeof results.live!.reason === 'string').toBe(true);
	});

	it('measures live serving through a CDN (Varnish): hits and misses through it, no upstream request for the hits', () => {
		const live = results.live!;
		expect(live.ok, live.reason).toBe(true);
		expect(live.cdnSkipped, "needs Debian's varnish (apt-get install varnish)").toBeUndefined();
		for (const key of [
			'cdnHitRps',
			'cdnMissRps',
			'cdnRatio',
			'cdnRatioVsDirectMisses',
			'cdnMissP50Ms',
			'cdnMissP99Ms',
		] as const) {
			expect(live[key], key).toBeGreaterThan(0);
		}
		// Hits through Varnish on loopback can take under a millisecond, which autocannon reports as 0.
		for (const key of ['cdnHitP50Ms', 'cdnHitP99Ms'] as const)
			expect(live[key], key).toBeGreaterThanOrEqual(0);
		expect(live.cdnWarmUpstream).toBeGreaterThan(0);
		expect(live.cdnUpstream).toBe(0);
		expect(live.cdnOriginRequests).toBe(0);
		expect(markdown).toMatch(/\| 6c \| live through a CDN \(Varnish [\d.]+, builtin VCL\)/);
	});

	it('measures several processes behind Varnish nodes: hits with one process and two, purge to every node fresh, upstream per 1,000 views', () => {
		const nodes = results.liveNodes!;
		expect(nodes, 'figure 6e missing').toBeDefined();
		expect(nodes.ok, nodes.reason).toBe(true);
		for (const key of [
			'hitRpsOneProcess',
			'hitRpsTwoProcesses',
			'missRpsOneProcess',
			'missRpsTwoProcesses',
			'purgeP50Ms',
		] as const)
			expect(nodes[key], key).toBeGreaterThan(0);
		expect(nodes.purgeP95Ms).toBeGreaterThanOrEqual(nodes.purgeP50Ms);
		// Every purge of the smoke size was followed until both nodes served the new page.
		// The figure's numbers in each message: a failure in CI says which bound moved, and by how much.
		const figure = JSON.stringify({ ...nodes, config: undefined });
		expect(nodes.purges, figure).toBe(nodes.config.purges);
		expect(nodes.rounds, figure).toHaveLength(2 * nodes.config.rounds);
		// Cold pages viewed on either node: each page rendered at least once, at most once a node.
		const upstream = (nodes.upstreamPer1000Views * nodes.config.views) / 1000;
		expect(upstream, figure).toBeGreaterThanOrEqual(nodes.viewPages);
		expect(upstream, figure).toBeLessThanOrEqual(2 * nodes.viewPages);
		expect(markdown).toContain('### 6e. Several processes behind Varnish nodes');
		expect(markdown).toMatch(
			/\| purge, webhook call to both nodes serving the new page \| p50 [\d.]+ ms, p95 [\d.]+ ms \(10\) \|/,
		);
		expect(markdown).toMatch(/\| 6e \| several processes behind Varnish nodes \(§6e\): purge/);
	});

	it('measures what the metrics cost: hits and misses with the SDK and without the API, side by side', () => {
		const metrics = results.liveMetrics!;
		expect(metrics, 'figure 6f missing').toBeDefined();
		expect(metrics.ok, metrics.reason).toBe(true);
		for (const key of ['hitRpsWith', 'hitRpsWithout', 'missRpsWith', 'missRpsWithout'] as const)
			expect(metrics[key], key).toBeGreaterThan(0);
		expect(metrics.rounds.map((round) => round.variant).sort()).toEqual(['with', 'without']);
		expect(markdown).toContain('### 6f. What the metrics cost');
		expect(markdown).toMatch(/\| 6f \| metrics cost: misses with the SDK \/ without the API/);
	});

	it('measures search on demand in PostgreSQL: index against fetch, a no-change index, the endpoint', () =>
		expectSearchPostgres(results, markdown));
});

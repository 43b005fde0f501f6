// The first sitemap file of an on-demand catalogue: the on-demand fixture served by
// @astrojs/node standalone, the bench's catalogue (in the fixture's locale) behind the simulator
// with its latency and page cap, and one cold request for /sitemap-products-1.xml on a fresh server
// (empty route cache), then the same request again (a route-cache hit).
import { startSimulator } from '../../simulator/dist/index.js';
import { buildSite, startServer } from '../live/site.mjs';
import { simulatorOptions } from './catalogue.mjs';
import { median } from './median.mjs';

const FILE = '/sitemap-products-1.xml';

async function timedGet(url) {
	const started = performance.now();
	const response = await fetch(url);
	const body = await response.text();
	return {
		status: response.status,
		cache: response.headers.get('x-astro-cache'),
		body,
		ms: performance.now() - started,
	};
}

/** Median of the reps, plus every rep's numbers. */
export async function measureSitemap({ size, reps, latencyMs, cap, say }) {
	const sim = await startSimulator({
		...simulatorOptions(size, { latencyMs, maxLimit: cap }),
		locales: ['en'],
	});
	sim.unref();
	const runs = [];
	try {
		const env = {
			AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
			AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
			FIXTURE_TOP_N: '1',
		};
		const built = await buildSite(env);
		for (let rep = 1; rep <= reps; rep++) {
			const server = await startServer(built.dist, env);
			try {
				sim.resetStats();
				const cold = await timedGet(`${server.url}${FILE}`);
				if (cold.status !== 200 || cold.cache !== 'MISS')
					throw new Error(
						`${FILE}: HTTP ${cold.status}, X-Astro-Cache ${cold.cache}\n${server.log().slice(-2000)}`,
					);
				const requests = sim.stats.total;
				const cached = await timedGet(`${server.url}${FILE}`);
				if (cached.cache !== 'HIT' || sim.stats.total !== requests)
					throw new Error(
						`${FILE} again: X-Astro-Cache ${cached.cache}, ${sim.stats.total - requests} more requests`,
					);
				const run = {
					coldMs: Math.round(cold.ms),
					cachedMs: Math.round(cached.ms * 10) / 10,
					requests,
					urls: cold.body.split('<url>').length - 1,
					bytes: Buffer.byteLength(cold.body),
				};
				say?.(`  sitemap rep ${rep}: ${JSON.stringify(run)}`);
				runs.push(run);
			} finally {
				await server.close();
			}
		}
	} finally {
		await sim.close();
	}
	return {
		size,
		reps,
		latencyMs,
		cap,
		coldMs: median(runs.map((r) => r.coldMs)),
		cachedMs: median(runs.map((r) => r.cachedMs)),
		requests: median(runs.map((r) => r.requests)),
		urls: runs[0]?.urls,
		bytes: runs[0]?.bytes,
		runs,
	};
}

/** Markdown lines of the figure, for BENCHMARKS.md. */
export function sitemapMarkdown(f, { n }) {
	if (!f) return ['Not measured in this run.'];
	return [
		`The on-demand fixture (\`test/fixtures/on-demand\`, \`@astrojs/node\` standalone, memory route cache, loader concurrency 32) over ${n(f.size)} products (the bench's catalogue in the fixture's locale), the simulator at ${f.latencyMs} ms latency with a page cap of ${f.cap}. Cold: the first request for \`/sitemap-products-1.xml\` on a freshly started server; cached: the same request again. Median of ${f.reps}.`,
		'',
		'| | first sitemap file, cold | the same, cached | upstream requests (cold) | URLs | size |',
		'| --- | --- | --- | --- | --- | --- |',
		`| ${n(f.size)} products | ${(f.coldMs / 1000).toFixed(1)} s | ${f.cachedMs} ms | ${n(f.requests)} | ${n(f.urls)} | ${(f.bytes / 2 ** 20).toFixed(1)} MiB |`,
		'',
		`Runs (cold ms): ${f.runs.map((r) => r.coldMs).join(', ')}. The requests are the slice's list pages (${f.cap} products each, overlapping by one to catch products shifting between pages) plus none for the index: the file is one walk of its positions.`,
	];
}

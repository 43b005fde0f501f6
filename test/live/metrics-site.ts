import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { afterAll, beforeAll } from 'vitest';
import { startVarnish, type Varnish, varnishMissing } from '../../bench/live/varnish.mjs';
import { buildFixture } from '../helpers/build-fixture.js';
import { readDocPage } from '../helpers/markdown.js';
import { REPO_ROOT } from '../helpers/shell.js';
import { PURGE_SECRET, siteVcl, WEBHOOK_SECRET } from '../varnish/varnish-nodes-site.js';
import { type Prometheus, prometheusMissing, startPrometheus } from './prometheus.js';
import { freePort, type StandaloneServer, startStandalone } from './standalone.js';

/**
 * What test/live/metrics-prometheus.test.ts runs: the several-processes shop (one on-demand build
 * with `cacheVarnish()`, two server processes, two Varnish nodes spreading over both), each
 * process started with docs/on-demand.md's `instrumentation.mjs` as written, and Debian's
 * Prometheus scraping both processes with the docs' alerting rules loaded.
 */

/** A visitor's deadline shorter than an attempt's timeout (3 s): a hung request is cut by it. */
export const BUDGET_MS = 2500;
export const ALERTS = join(REPO_ROOT, 'docs/monitoring/audio-reviews-alerts.yml');
export const DASHBOARD = join(REPO_ROOT, 'docs/monitoring/audio-reviews-dashboard.json');

export interface MetricsShop {
	sim: Simulator;
	processes: StandaloneServer[];
	nodes: Varnish[];
	/** Each node's loopback port, as `server.port` names it. */
	nodePorts: number[];
	prometheus: Prometheus;
}

export const shop = {} as MetricsShop;

/** The `instrumentation.mjs` recipe of docs/on-demand.md, character for character. */
export function instrumentationRecipe(): string {
	const block = readDocPage('docs/on-demand.md').blocks.find(
		(candidate) => candidate.title === 'instrumentation.mjs',
	);
	if (!block) throw new Error('docs/on-demand.md has no instrumentation.mjs recipe');
	return block.code;
}

export function useMetricsShop(): void {
	beforeAll(async () => {
		const missing = varnishMissing() ?? prometheusMissing();
		if (missing) throw new Error(`test/live/metrics-prometheus.test.ts needs: ${missing}`);
		shop.sim = await startSimulator({ products: 40, seed: 47 });
		const env = {
			AUDIO_REVIEWS_BASE_URL: shop.sim.baseUrl,
			AUDIO_REVIEWS_WEBSITE_ID: shop.sim.websiteId,
			FIXTURE_TOP_N: '1',
			FIXTURE_RETRY_BUDGET_MS: String(BUDGET_MS),
		};
		const built = await buildFixture('on-demand', {
			env: { ...env, FIXTURE_ROUTE_CACHE: 'varnish' },
			label: 'on-demand-metrics',
		});
		// The site's own file, beside its dist/, resolving the SDK as a shop's install would.
		const instrumentation = join(dirname(built.dist), 'instrumentation.mjs');
		await writeFile(instrumentation, instrumentationRecipe());
		shop.nodePorts = [await freePort(), await freePort()];
		const metricsPorts = [await freePort(), await freePort()];
		const processEnv = {
			...env,
			AUDIO_REVIEWS_CACHE_NODES: shop.nodePorts.map((port) => `http://127.0.0.1:${port}`).join(),
			AUDIO_REVIEWS_PURGE_SECRET: PURGE_SECRET,
			AUDIO_REVIEWS_WEBHOOK_SECRET: WEBHOOK_SECRET,
			OTEL_EXPORTER_PROMETHEUS_HOST: '127.0.0.1',
		};
		// The simulator counts from here: the build's requests were made with no provider.
		shop.sim.resetStats();
		shop.processes = await Promise.all(
			metricsPorts.map((port) =>
				startStandalone(
					built.dist,
					{ ...processEnv, OTEL_EXPORTER_PROMETHEUS_PORT: String(port) },
					{ nodeArgs: ['--import', pathToFileURL(instrumentation).href] },
				),
			),
		);
		const vcl = siteVcl(shop.processes.map((process) => process.url));
		shop.nodes = await Promise.all(
			shop.nodePorts.map((port) =>
				startVarnish(shop.processes[0]!.url, {
					vcl,
					port,
					env: { AUDIO_REVIEWS_PURGE_SECRET: PURGE_SECRET },
				}),
			),
		);
		shop.prometheus = await startPrometheus({
			targets: metricsPorts.map((port) => `127.0.0.1:${port}`),
			ruleFiles: [ALERTS],
		});
	}, 240_000);

	afterAll(async () => {
		await shop.sim?.setFaults({ outage: false, hangRate: 0 });
		await shop.prometheus?.close();
		await Promise.all((shop.nodes ?? []).map((node) => node.close()));
		await Promise.all((shop.processes ?? []).map((process) => process.close()));
		await shop.sim?.close();
	});
}

/** Logs of every process, node and Prometheus, for failure messages. */
export function logs(): string {
	return [
		...shop.processes.map((p) => p.log()),
		...shop.nodes.map((n) => n.log()),
		shop.prometheus?.log() ?? '',
	].join('\n');
}

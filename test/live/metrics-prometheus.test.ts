import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { settledCounters } from '../../bench/live/varnish.mjs';
import { readDocPage } from '../helpers/markdown.js';
import { webhook } from '../varnish/varnish-nodes-site.js';
import { ALERTS, DASHBOARD, logs, shop, useMetricsShop } from './metrics-site.js';
import { get, nthOnDemandRef, productPath } from './pages.js';

/**
 * docs/on-demand.md's "Metrics" for real: two server processes behind two Varnish nodes, each
 * process exporting its metrics through the docs' `instrumentation.mjs`, Debian's Prometheus
 * scraping both. After a scripted run (cold views, a service that holds requests past the
 * visitor's deadline, an outage, an edit and its webhook purge, a node down during a purge),
 * Prometheus's answers are compared with the simulator's and the nodes' own counts.
 */

useMetricsShop();

const SCOPE = 'otel_scope_name="astro-audio-reviews"';
const ref = (index: number) => nthOnDemandRef(shop.sim, 1, index);
const nodeUrl = (index: number) => `http://127.0.0.1:${shop.nodePorts[index]}`;
/** A visitor through the nodes in turn. */
const view = (index: number, node = index % 2) => get(nodeUrl(node), productPath(ref(index)));

const statuses = { webhook: [] as number[], shed: 0 };
let runEnded = 0;

async function sumBy(promql: string, labels: string[]): Promise<Record<string, number>> {
	const out: Record<string, number> = {};
	for (const sample of await shop.prometheus.query(promql)) {
		const key = labels.map((label) => sample.metric[label] ?? '').join(' ');
		if (sample.value !== 0) out[key] = (out[key] ?? 0) + sample.value;
	}
	return out;
}

describe('a scripted run of a two-process, two-node shop', () => {
	it('serves cold views, sheds visitors of a hung service, fails through an outage', async () => {
		const cold = await Promise.all([0, 1, 2, 3, 4, 5].map((index) => view(index)));
		expect(
			cold.map((page) => page.status),
			logs(),
		).toEqual([200, 200, 200, 200, 200, 200]);
		expect((await get(nodeUrl(0), productPath('NO-SUCH-REF'))).status).toBe(404);
		// A shop's processes have been scraped before trouble comes: `rate()` needs a sample before it.
		await shop.prometheus.scrapedSince(Date.now());

		await shop.sim.setFaults({ hangRate: 1 });
		const shed = await Promise.all([6, 7, 8].map((index) => view(index)));
		await shop.sim.setFaults({ hangRate: 0 });
		expect(shed.map((page) => page.status)).toEqual([503, 503, 503]);
		statuses.shed = shed.length;

		await shop.sim.setFaults({ outage: true });
		const outage = await Promise.all([9, 10].map((index) => view(index)));
		await shop.sim.setFaults({ outage: false });
		expect(outage.map((page) => page.status)).toEqual([503, 503]);
	});

	it('purges an edited product on both nodes, then with one node down answers 502', async () => {
		const before = await Promise.all(shop.nodes.map((node) => settledCounters(node, () => true)));
		shop.sim.updateProduct(ref(0), { seo_name: 'Edited in the backoffice' });
		const purged = await webhook(shop.processes[0]!.url, { ref: ref(0) });
		expect(purged.status, await purged.clone().text()).toBe(200);
		statuses.webhook.push(purged.status);
		const wrong = await fetch(`${shop.processes[1]!.url}/_audio-reviews/invalidate`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Authorization: 'Bearer wrong-secret' },
			body: '{}',
		});
		statuses.webhook.push(wrong.status);
		expect(wrong.status).toBe(401);
		const after = await Promise.all(
			shop.nodes.map((node, index) => settledCounters(node, (c) => c.synth > before[index]!.synth)),
		);
		// Each node answered exactly one purge (Varnish's own synthetic answers).
		expect(after.map((counters, index) => counters.synth - before[index]!.synth)).toEqual([1, 1]);
		expect((await view(0, 1)).status).toBe(200);

		// The down node's failure series is scraped at 0 first: a first failure must show.
		const downPort = shop.nodePorts[1];
		await until(
			async () =>
				(
					await shop.prometheus.query(
						`audio_reviews_purges_total{server_port="${downPort}",outcome="error"}`,
					)
				).length === 2,
		);
		await shop.nodes[1]!.close();
		shop.sim.updateProduct(ref(1), { seo_name: 'Edited while a node was down' });
		const partial = await webhook(shop.processes[1]!.url, { ref: ref(1) });
		statuses.webhook.push(partial.status);
		expect(partial.status).toBe(502);
		const confirmed = await settledCounters(shop.nodes[0]!, (c) => c.synth > after[0]!.synth);
		expect(confirmed.synth - after[0]!.synth).toBe(1);
		runEnded = Date.now();
	});
});

describe('what Prometheus answers, against the simulator and the nodes', () => {
	it('upstream requests by endpoint and status: the simulator received exactly these', async () => {
		await shop.prometheus.scrapedSince(runEnded);
		const seen = await sumBy(
			`sum by (url_template, http_response_status_code, error_type) (http_client_request_duration_count{${SCOPE}})`,
			['url_template', 'http_response_status_code', 'error_type'],
		);
		const endpoint: Record<string, string> = {
			single: '/ws/websites/{websiteId}/products/{productRef}',
			list: '/ws/websites/{websiteId}/products',
		};
		const expected: Record<string, number> = {};
		for (const request of shop.sim.requests) {
			const error =
				request.status === 0
					? 'timeout'
					: request.status === 503
						? 'ERR_DB_READ'
						: request.ref === 'NO-SUCH-REF'
							? 'ERR_DB_MISSING'
							: '';
			const key = [endpoint[request.endpoint], request.status || '', error].join(' ');
			expected[key] = (expected[key] ?? 0) + 1;
		}
		expect(seen, logs()).toEqual(expected);
		expect(shop.sim.stats.hangs).toBe(statuses.shed);
		expect(shop.sim.stats.byStatus[503]).toBe(4);
	});

	it('shed loads: one per visitor of the hung service, the outage as failed', async () => {
		const loads = await sumBy(`sum by (outcome) (audio_reviews_loads_total)`, ['outcome']);
		// 6 cold views and the edited page again; the unknown ref; 3 shed; 2 failed through the outage.
		expect(loads).toEqual({ ok: 7, not_found: 1, shed: statuses.shed, failed: 2 });
		const perMinute = await shop.prometheus.query(
			'sum(rate(audio_reviews_loads_total{outcome="shed"}[5m])) * 60',
		);
		expect(perMinute[0]?.value).toBeGreaterThan(0);
	});

	it('purges per node: both confirmed the first, the down node counted as failed', async () => {
		const purges = await sumBy(`sum by (server_port, outcome) (audio_reviews_purges_total)`, [
			'server_port',
			'outcome',
		]);
		const [up, down] = shop.nodePorts;
		expect(purges).toEqual({ [`${up} ok`]: 2, [`${down} ok`]: 1, [`${down} error`]: 1 });
		const failed = await sumBy(
			'sum by (server_address, server_port) (increase(audio_reviews_purges_total{outcome!="ok"}[15m]))',
			['server_port'],
		);
		expect(Object.keys(failed)).toEqual([String(down)]);
	});

	it('webhook answers by status', async () => {
		const answers = await sumBy(
			'sum by (http_response_status_code) (audio_reviews_webhook_requests_total)',
			['http_response_status_code'],
		);
		const expected: Record<string, number> = {};
		for (const status of statuses.webhook) expected[status] = (expected[status] ?? 0) + 1;
		expect(answers).toEqual(expected);
	});
});

describe('the alerting rules and the dashboard of docs/monitoring/', () => {
	it('loads every rule healthy, and the failed purge fires its alert', async () => {
		const names = (
			parseYaml(await readFile(ALERTS, 'utf8')) as {
				groups: Array<{ rules: Array<{ alert: string }> }>;
			}
		).groups.flatMap((group) => group.rules.map((rule) => rule.alert));
		await until(async () => (await shop.prometheus.rules()).every((rule) => rule.health === 'ok'));
		expect((await shop.prometheus.rules()).map((rule) => rule.name).sort()).toEqual(names.sort());
		await until(async () =>
			(await shop.prometheus.rules()).some(
				(rule) => rule.name === 'AudioReviewsPurgeFailed' && rule.state === 'firing',
			),
		);
	});

	it("runs every panel's query, the docs' queries among them", async () => {
		const dashboard = JSON.parse(await readFile(DASHBOARD, 'utf8')) as {
			panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
		};
		const exprs = dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr));
		for (const panel of dashboard.panels)
			for (const target of panel.targets) {
				const samples = await shop.prometheus.query(target.expr);
				expect(samples.length, panel.title).toBeGreaterThan(0);
			}
		const squeeze = (query: string) => query.replace(/\s+/g, ' ').trim();
		const documented = readDocPage('docs/on-demand.md')
			.blocks.filter((block) => block.lang === 'promql')
			.flatMap((block) => block.code.split(/\n\s*\n/))
			.map(squeeze);
		expect(documented.length).toBeGreaterThanOrEqual(5);
		expect(documented.filter((query) => !exprs.map(squeeze).includes(query))).toEqual([]);
	});
});

/** Polls `done` until it holds; a minute is a liveness bound only. */
async function until(done: () => Promise<boolean>): Promise<void> {
	const deadline = Date.now() + 60_000;
	while (!(await done())) {
		if (Date.now() > deadline) throw new Error(`condition not met within a minute:\n${logs()}`);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}

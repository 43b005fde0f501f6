import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './standalone.js';

/**
 * Debian's Prometheus (`apt-get install prometheus`, which scripts/test-prereqs.mjs installs) on a
 * loopback port, with its own config and storage in a temp folder, scraping the given targets
 * every second. Tests wait for its scrapes through its HTTP API, never for a time.
 */

export const PROMETHEUS = '/usr/bin/prometheus';

export function prometheusMissing(): string | undefined {
	return existsSync(PROMETHEUS)
		? undefined
		: `${PROMETHEUS} not found: install Debian's Prometheus with \`apt-get install prometheus\``;
}

export interface Sample {
	metric: Record<string, string>;
	value: number;
}

export interface Prometheus {
	url: string;
	/** `/api/v1/query` at the current time: the vector's samples (a scalar as one sample). */
	query(promql: string): Promise<Sample[]>;
	/** `/api/v1/rules`: each rule's name, health and state (`inactive`, `pending`, `firing`). */
	rules(): Promise<Array<{ name: string; health: string; state?: string; lastError?: string }>>;
	/** Resolves once every target was scraped, healthy, by a scrape that started after `since`. */
	scrapedSince(since: number): Promise<void>;
	log(): string;
	close(): Promise<void>;
}

export interface PrometheusOptions {
	/** `host:port` of each process's metrics endpoint. */
	targets: string[];
	/** Rule files (alerting rules) to load, by absolute path. */
	ruleFiles?: string[];
}

export async function startPrometheus(options: PrometheusOptions): Promise<Prometheus> {
	const missing = prometheusMissing();
	if (missing) throw new Error(missing);
	const folder = await mkdtemp(join(tmpdir(), 'aar-prometheus-'));
	const config = join(folder, 'prometheus.yml');
	await writeFile(config, configText(options));
	const port = await freePort();
	const child = spawn(
		PROMETHEUS,
		[
			`--config.file=${config}`,
			`--storage.tsdb.path=${join(folder, 'data')}`,
			`--web.listen-address=127.0.0.1:${port}`,
		],
		{ stdio: ['ignore', 'pipe', 'pipe'] },
	);
	let log = '';
	child.stdout?.on('data', (chunk) => (log += chunk));
	child.stderr?.on('data', (chunk) => (log += chunk));
	const url = `http://127.0.0.1:${port}`;
	const api = async (path: string) => {
		const response = await fetch(`${url}${path}`);
		const body = (await response.json()) as { status: string; data: unknown; error?: string };
		if (body.status !== 'success') throw new Error(`Prometheus ${path}: ${body.error}`);
		return body.data;
	};
	const prometheus: Prometheus = {
		url,
		log: () => log,
		async query(promql) {
			const data = (await api(`/api/v1/query?query=${encodeURIComponent(promql)}`)) as {
				resultType: string;
				result:
					| Array<{ metric: Record<string, string>; value: [number, string] }>
					| [number, string];
			};
			if (data.resultType === 'scalar')
				return [{ metric: {}, value: Number((data.result as [number, string])[1]) }];
			return (
				data.result as Array<{ metric: Record<string, string>; value: [number, string] }>
			).map((sample) => ({ metric: sample.metric, value: Number(sample.value[1]) }));
		},
		async rules() {
			const data = (await api('/api/v1/rules')) as {
				groups: Array<{ rules: Array<{ name: string; health: string; state?: string }> }>;
			};
			return data.groups.flatMap((group) => group.rules);
		},
		async scrapedSince(since) {
			await until(
				async () => {
					const data = (await api('/api/v1/targets')) as {
						activeTargets: Array<{ health: string; lastScrape: string }>;
					};
					return (
						data.activeTargets.length === options.targets.length &&
						data.activeTargets.every(
							(target) => target.health === 'up' && Date.parse(target.lastScrape) > since,
						)
					);
				},
				`every target scraped after ${new Date(since).toISOString()}`,
			);
		},
		close: () => stop(child, folder),
	};
	await until(
		() =>
			fetch(`${url}/-/ready`).then(
				(response) => response.ok,
				() => false,
			),
		'Prometheus ready',
		() => child.exitCode !== null,
		() => log,
	);
	return prometheus;
}

function configText(options: PrometheusOptions): string {
	const rules = (options.ruleFiles ?? []).map((file) => `  - ${JSON.stringify(file)}\n`).join('');
	return [
		'global:',
		'  scrape_interval: 1s',
		'  evaluation_interval: 1s',
		rules ? `rule_files:\n${rules}` : '',
		'scrape_configs:',
		'  - job_name: shop',
		'    static_configs:',
		`      - targets: ${JSON.stringify(options.targets)}`,
		'',
	].join('\n');
}

/** Polls `done` until it holds; a minute is a liveness bound, not a speed one. */
async function until(
	done: () => Promise<boolean>,
	what: string,
	failed: () => boolean = () => false,
	log: () => string = () => '',
): Promise<void> {
	const deadline = Date.now() + 60_000;
	for (;;) {
		if (failed()) throw new Error(`Prometheus exited before ${what}:\n${log()}`);
		if (await done().catch(() => false)) return;
		if (Date.now() > deadline) throw new Error(`No ${what} within a minute:\n${log()}`);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}

async function stop(child: ChildProcess, folder: string): Promise<void> {
	if (child.exitCode === null) {
		const exited = new Promise((resolve) => child.once('exit', resolve));
		child.kill('SIGTERM');
		await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
		if (child.exitCode === null) child.kill('SIGKILL');
	}
	await rm(folder, { recursive: true, force: true });
}

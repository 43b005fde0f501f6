import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runScript } from './live-figure.mjs';
import { BENCH } from './sites.mjs';

/**
 * Figure 6e, several server processes behind Varnish nodes: bench/live-nodes.mjs in a child
 * process (it builds its own site and starts its own Varnish nodes), its last stdout line (JSON).
 */
export async function liveNodesFigure({ config, say }) {
	const script = join(BENCH, 'live-nodes.mjs');
	if (!existsSync(script))
		return { ok: false, reason: 'bench/live-nodes.mjs does not exist in this checkout' };
	say('several processes behind Varnish nodes (bench/live-nodes.mjs)');
	const figure = nodesResult(await runScript(script, config.smoke));
	if (figure.ok) say(`  live-nodes: ${JSON.stringify({ ...figure, rounds: undefined })}`);
	return figure;
}

/** The figure from bench/live-nodes.mjs' exit code and output: its JSON line, or why there is none. */
export function nodesResult({ code, stdout, stderr }) {
	const last = stdout.trim().split('\n').at(-1) ?? '';
	if (code !== 0)
		return {
			ok: false,
			reason: `bench/live-nodes.mjs exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' ')}`,
		};
	try {
		const data = JSON.parse(last);
		if (data.name !== 'live-nodes') throw new Error('not its line');
		return { ok: true, ...data };
	} catch {
		return {
			ok: false,
			reason: `last stdout line of bench/live-nodes.mjs is not its JSON: ${last.slice(0, 200)}`,
		};
	}
}

const rps = (n, value) => `${n(value)} req/s`;

/** Figure 6e's lines: the setup, hits and misses by process count, purge latency, upstream requests. */
export function nodesMarkdown(f, { n }) {
	if (!f?.ok) return [`Not measured in this run: ${f?.reason ?? 'skipped (--no-live)'}.`];
	const c = f.config;
	const upstream = (f.upstreamPer1000Views * c.views) / 1000;
	const perNode =
		upstream <= f.viewPages * 2 ? 'at most one per page a node' : 'more than one per page a node';
	const lines = [
		`${f.measuredBy ? `${f.measuredBy}: t` : 'T'}he on-demand fixture built once with \`cacheVarnish()\`, two \`@astrojs/node\` processes of it, two Varnish nodes running the site VCL of docs/on-demand.md (round robin over both processes, the package's \`varnish/audio-reviews.vcl\` included) and a third over one process; the simulator answering in 40 ms; autocannon with ${c.connections} connections. Each hit and miss figure is the median of ${c.rounds} round${c.rounds === 1 ? '' : 's'} alternating one process and two.`,
		'',
		'| | one process | two processes |',
		'|---|---|---|',
		`| cached hits through a node (${c.hitSeconds} s per round) | ${rps(n, f.hitRpsOneProcess)} | ${rps(n, f.hitRpsTwoProcesses)} |`,
		`| misses through a node (${n(c.misses)} never-asked products) | ${rps(n, f.missRpsOneProcess)} | ${rps(n, f.missRpsTwoProcesses)} |`,
		'',
		'| | measured |',
		'|---|---|',
		`| purge, webhook call to both nodes serving the new page | p50 ${f.purgeP50Ms} ms, p95 ${f.purgeP95Ms} ms (${n(f.purges)}) |`,
		`| upstream requests per 1,000 views (${n(f.viewPages)} cold pages, 2 nodes) | ${n(f.upstreamPer1000Views)}: ${perNode} |`,
	];
	if (f.rounds?.length) {
		const hits = f.rounds.map((r) => r.hitRps);
		lines.push(
			'',
			`Rounds: ${f.rounds.map((r) => `${r.label} ${r.round}: hits ${rps(n, r.hitRps)} (p99 ${r.hitP99Ms} ms), misses ${rps(n, r.missRps)}`).join('; ')}. Cached hits ranged from ${n(Math.min(...hits))} to ${rps(n, Math.max(...hits))} over the rounds.`,
		);
	}
	return lines;
}

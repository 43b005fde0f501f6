import { metricsSection as metricsLines } from './metrics-figure.mjs';
import { nodesMarkdown } from './nodes-figure.mjs';
import { ms, n, pct, s, x } from './report-format.mjs';
import { searchPostgresSection as searchPostgresLines } from './search-postgres-figure.mjs';

/** Where the time goes: the CPU profile of one build, by owner, page function and file. */
export function profileSection(r, line) {
	// Profile.
	line('## Where the time goes (CPU profile)');
	line();
	const p = r.profile;
	if (p) {
		line(
			`One extra cold build of ours at ${n(p.size)} products with \`node --cpu-prof\` on the process running Astro's CLI (${s(p.wallMs)} with the profiler on). Self time by owner; idle is time the main thread waited (network, disk, child processes): ${s(p.idleMs)} of ${s(p.totalMs)}. Shares are of busy time (${s(p.busyMs)}). Summarised by bench/lib/profile.mjs (\`node bench/lib/profile.mjs <file>.cpuprofile\` prints it).`,
		);
		line();
		line('| owner | self time | share |');
		line('|---|---|---|');
		for (const row of p.buckets) line(`| ${row.name} | ${s(row.ms)} | ${pct(row.share)} |`);
		line();
		if (p.pageFunctions?.length) {
			line(
				"Inside the package's page chunk (the injected page, its components and the helpers they import, as Vite bundled them), by function:",
			);
			line();
			line('| function | self time | share |');
			line('|---|---|---|');
			for (const row of p.pageFunctions)
				line(`| \`${row.name}\` | ${s(row.ms)} | ${pct(row.share)} |`);
			line();
		}
		line('<details><summary>Top files by self time</summary>');
		line();
		line('| file | self time | share |');
		line('|---|---|---|');
		for (const row of p.files) line(`| \`${row.name}\` | ${s(row.ms)} | ${pct(row.share)} |`);
		line();
		line('</details>');
	} else {
		line('Not profiled in this run (`--no-profile` or smoke).');
	}
	line();
}

/** 6: live serving, from bench/live.mjs: the route cache, then a CDN in front. */
export function liveSection(r, line) {
	const live = r.live;
	const m = r.machine;
	// 6.
	line('## 6. Live serving (bench/live.mjs)');
	line();
	if (live?.ok) {
		line('| | value | target |');
		line('|---|---|---|');
		line(
			`| cached hits | ${n(Math.round(live.cachedRps))} req/s, p50 ${live.cachedP50Ms} ms, p99 ${live.cachedP99Ms} ms | |`,
		);
		line(
			`| misses | ${n(Math.round(live.missRps))} req/s, p50 ${live.missP50Ms} ms, p99 ${live.missP99Ms} ms | |`,
		);
		line(
			`| cached / miss throughput | ${x(live.ratio ?? live.cachedRps / live.missRps, 1)} | ≥ 20× |`,
		);
		line(
			`| upstream requests per 1,000 views (cached phase) | ${n(live.upstreamPer1000Views)} | |`,
		);
		line(
			`| upstream requests per product per max-age window | at most ${n(live.maxUpstreamPerProductPerWindow)} | ≤ 1 |`,
		);
		if (hasCdn(live)) {
			line(
				`| CDN (${cdnName(live)}): cached hits | ${n(Math.round(live.cdnHitRps))} req/s, p50 ${ms(live.cdnHitP50Ms)}, p99 ${ms(live.cdnHitP99Ms)} | |`,
			);
			line(
				`| CDN: misses through it | ${n(Math.round(live.cdnMissRps))} req/s, p50 ${ms(live.cdnMissP50Ms)}, p99 ${ms(live.cdnMissP99Ms)} | |`,
			);
			line(`| CDN hits / misses through the CDN | ${x(live.cdnRatio, 1)} | ≥ 20× |`);
			line(`| CDN hits / direct misses | ${x(live.cdnRatioVsDirectMisses, 1)} | |`);
			line(
				`| upstream requests, CDN hit phase | ${n(live.cdnWarmUpstream)} for the warm-up, then ${n(live.cdnUpstream)} (origin requests: ${n(live.cdnOriginRequests)}) over ${n(live.cdnHitCount)} hits | only the warm-up's |`,
			);
		}
		line();
		if (hasCdn(live)) {
			line(
				`CDN rows: ${cdnName(live)} with its builtin VCL (Debian's \`varnishd\`, no configuration: only the pages' \`Cache-Control\` decides what it keeps) stands in for the CDN, in front of the same standalone server, on loopback. ` +
					'Cached hits: the same pages as above, requested once through Varnish, then by autocannon with the same connections and duration; misses: other never-requested products. ' +
					"The warm-up costs one upstream request per page: Varnish forwards the visitor's `Host`, which is part of the key of Astro's route cache, so to Astro these are new URLs. " +
					`Autocannon, Varnish, the Node server and the simulator share the machine's ${m.cores} cores, so the hit figure is bounded by the load generator as much as by Varnish; at a CDN, hits cost the origin's machine nothing.`,
			);
		} else {
			line(`CDN phase (Varnish in front of the server): not measured: ${cdnReason(live)}.`);
		}
		line();
		line(
			"From bench/live.mjs (on-demand fixture on @astrojs/node standalone, simulator at 40 ms, autocannon on loopback); the targets and their analysis are that script's.",
		);
		if (live.summary?.length) {
			line();
			line('```');
			for (const l of live.summary) line(l);
			line('```');
		}
	} else {
		line(`Not measured in this run: ${live?.reason ?? 'skipped (--no-live)'}.`);
	}
	line();
}

/** 6e: several server processes behind Varnish nodes, from bench/live-nodes.mjs. */
export function nodesSection(r, line) {
	line('### 6e. Several processes behind Varnish nodes (`bench/live-nodes.mjs`)');
	line();
	for (const text of nodesMarkdown(r.liveNodes, { n })) line(text);
	line();
}

/** 6f: what the metrics cost, from bench/live-metrics.mjs. */
export const metricsSection = (r, line) => metricsLines(r, line, n);

/** 6g: search on demand in PostgreSQL, from bench/search-postgres.mjs. */
export const searchPostgresSection = (r, line) => searchPostgresLines(r, line, n);

/** Whether the live figures include bench/live.mjs' CDN (Varnish) phases; older results do not. */
export function hasCdn(live) {
	return typeof live?.cdnHitRps === 'number' && typeof live?.cdnMissRps === 'number';
}

export function cdnName(live) {
	const version = /^varnish-(\d+\.\d+)/.exec(live.cdnVersion ?? '');
	return version ? `Varnish ${version[1]}` : 'Varnish';
}

export function cdnReason(live) {
	return live?.cdnSkipped ?? 'the results predate the CDN phase of bench/live.mjs';
}

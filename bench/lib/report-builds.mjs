import { defaultHeapMarkdown } from './heap-figure.mjs';
import { gib, n, pct, s, verdict, x } from './report-format.mjs';

/** 1: the cold builds against the floor, with and without `incrementalBuild`. */
export function coldSection(r, line) {
	const c = r.config;
	const cold = r.cold;
	const off = cold?.withoutIncremental;
	// 1.
	line('## 1. Cold build vs the floor');
	line();
	line(
		`\`astro build\` of ${n(cold?.size)} product pages from an empty site folder (no store, no cache). Ours: \`productsLoader\` syncing from the simulator. Floor: the exact JSON the list endpoint serves, dumped to disk, loaded by Astro's \`file()\` with the package's \`productSchema\`: no network at all. Runs alternate (floor, ours, then ours, floor); median of ${c.reps}.`,
	);
	line();
	line('| `incrementalBuild` off (figure 1) | runs | median | peak RSS (median) |');
	line('|---|---|---|---|');
	line(
		`| ours | ${(off?.oursRuns ?? []).map(s).join(', ')} | ${s(off?.oursMs)} | ${gib(off?.oursRssBytes)} |`,
	);
	line(
		`| floor (\`file()\`) | ${(off?.floorRuns ?? []).map(s).join(', ')} | ${s(off?.floorMs)} | ${gib(off?.floorRssBytes)} |`,
	);
	line(
		`| ratio | | ${x(off?.ratio)} (target ≤ 1.15×) | ${x(off?.oursRssBytes && off?.floorRssBytes ? off.oursRssBytes / off.floorRssBytes : undefined)} |`,
	);
	line();
	line(
		`The same pair with \`experimental.incrementalBuild: true\` in both sites (figure 1b; same run, same alternation; the rebuild of figure 4 starts from the last of these). With it on, every page of ours carries a \`cacheKey\`, so Astro writes each page twice on a cold build (\`dist/\` and its cache in \`node_modules/.astro/dist/\`); \`file()\` entries carry no digest, so the floor's pages have no key and are written once.`,
	);
	line();
	line('| `incrementalBuild: true` (figure 1b) | runs | median | peak RSS (median) |');
	line('|---|---|---|---|');
	line(
		`| ours | ${(cold?.oursRuns ?? []).map(s).join(', ')} | ${s(cold?.oursMs)} | ${gib(cold?.oursRssBytes)} |`,
	);
	line(
		`| floor (\`file()\`) | ${(cold?.floorRuns ?? []).map(s).join(', ')} | ${s(cold?.floorMs)} | ${gib(cold?.floorRssBytes)} |`,
	);
	line(
		`| ratio | | ${x(cold?.ratio)} | ${x(cold?.oursRssBytes && cold?.floorRssBytes ? cold.oursRssBytes / cold.floorRssBytes : undefined)} |`,
	);
	line();
	if (cold?.samePages)
		line(
			`Page files (incrementalBuild on): ours ${n(cold.samePages.oursFiles)}, floor ${n(cold.samePages.floorFiles)}, ${cold.samePages.equal ? 'the same paths' : `different: only ours ${cold.samePages.onlyOurs.join(', ')}; only floor ${cold.samePages.onlyFloor.join(', ')}`}.`,
		);
	const firstSync = r.builds.find(
		(b) => b.kind === 'ours' && b.size === cold?.size && !b.rebuild && b.sync,
	);
	if (firstSync) line(`Loader summary of the first cold build: \`${firstSync.sync}\``);
	line();
}

/** 2: the hand-written peer, measured and estimated at the main size. */
export function peerSection(r, line) {
	const { config: c, cold, peer } = r;
	const est = peer?.estimateAtMain;
	// 2.
	line('## 2. vs the hand-written peer');
	line();
	line(
		`The peer (bench/sites/peer/src/content.config.ts) is what a user would write: page through the list sequentially for the refs, then fetch each product from the single-product endpoint, one at a time, \`parseData\` + \`store.set\`. At ${c.latencyMs} ms per request it needs about N × ${c.latencyMs} ms. ${peer?.size === cold?.size ? `It runs at ${n(peer?.size)} products, the size of figure 1, and is compared with ours' cold builds there (median, both without \`incrementalBuild\`: the peer's entries have no digest).` : `It runs at ${n(peer?.size)} products; ours is measured at the same size in the same run.`}`,
	);
	line();
	line('| | wall time | requests (list + single) | peak RSS |');
	line('|---|---|---|---|');
	line(
		`| peer | ${s(peer?.peerMs)} | ${n(peer?.peerRequests?.list)} + ${n(peer?.peerRequests?.single)} | ${gib(peer?.peerRssBytes)} |`,
	);
	line(
		`| ours | ${s(peer?.oursMs)} | ${n(peer?.oursRequests?.list)} + ${n(peer?.oursRequests?.single)} | ${gib(peer?.oursRssBytes)} |`,
	);
	line(`| peer / ours | ${x(peer?.ratio, 1)} | | |`);
	line();
	if (peer?.syncRatio) {
		line(
			`The collection sync alone (the loaders' own timing: the peer's "Loaded … in", ours' "Synced … in"): peer ${peer.peerSyncSeconds} s, ours ${peer.oursSyncSeconds} s, ${x(peer.syncRatio, 0)}. The rest of the build (bundling, rendering ${n(peer.size)} pages) is the same work in both and does not shrink with a better loader, so the whole-build ratio is bounded by it.`,
		);
		line();
	}
	if (est) {
		line(
			`Estimated at ${n(est.size)} products: ours' measured cold build (${s(est.oursMs)}, of which ${est.oursSyncSeconds} s sync) with its sync replaced by the peer's sync scaled linearly (${est.peerSyncSeconds.toFixed(0)} s): ${s(est.peerMs)}, ${x(est.ratio, 1)} ours. An estimate, not a measurement: the peer at ${n(est.size)} would take ${(est.peerMs / 60000).toFixed(0)} minutes of bench time.`,
		);
		line();
	}
}

/** 3: the requests of each cold build and of the rebuild. */
export function requestsSection(r, line) {
	const { config: c, requests: req, rebuild: reb } = r;
	// 3.
	line('## 3. Requests for a full sync');
	line();
	line(
		`Counted by the simulator during each cold build of ours at ${n(req?.size)} products, cap ${c.cap}: target ≤ ceil(N / cap) + 1 = ${n(req?.maxList)} list requests and no single-product request.`,
	);
	line();
	line('| run | list | single | total |');
	line('|---|---|---|---|');
	for (const [i, run] of (req?.perRun ?? []).entries())
		line(`| cold ${i + 1} | ${n(run.list)} | ${n(run.single)} | ${n(run.total)} |`);
	if (reb?.requests)
		line(
			`| rebuild | ${n(reb.requests.list)} | ${n(reb.requests.single)} | ${n(reb.requests.total)} (${n(reb.requests.notModified)} answered 304) |`,
		);
	line();
}

/** 4: the rebuilds with one product changed, as configured and with dist/ kept. */
export function rebuildSection(r, line) {
	const { rebuild: reb, rebuildKeepDist: keep } = r;
	// 4.
	line('## 4. Rebuild with 1 product changed');
	line();
	line(
		`After the last cold build of ours, \`seo_name\` of product \`${reb?.changedRef ?? '—'}\` is changed in the simulator and the same site folder is built again (content store and incremental cache kept). Pages are counted from Astro's log: "(restored)"/"(cached)" lines were skipped, the others rendered.`,
	);
	line();
	line('| | value | target | result |');
	line('|---|---|---|---|');
	line(
		`| pages rendered | ${n(reb?.pagesRendered)} of ${n(reb?.pagesTotal)} (${pct(reb?.renderedShare, 2)})${reb?.renderedSlugs ? `: ${reb.renderedSlugs.map((slug) => `\`${slug}\``).join(', ')}` : ''} | ≤ 1 % | ${verdict(reb?.renderedShare === undefined ? undefined : reb.renderedShare <= 0.01)} |`,
	);
	line(
		`| exactly the changed product's page | ${reb?.exactlyTheChangedPage === undefined ? '—' : reb.exactlyTheChangedPage ? 'yes' : 'no'} | yes | ${verdict(reb?.exactlyTheChangedPage)} |`,
	);
	line(
		`| wall time | ${s(reb?.wallMs)} vs cold ${s(reb?.coldMs)} = ${x(reb?.ratio)} | ≤ 0.6× | ${verdict(reb?.ratio === undefined ? undefined : reb.ratio <= 0.6)} |`,
	);
	line(`| peak RSS | ${gib(reb?.rssBytes)} | | |`);
	line();
	if (reb?.sync) line(`Loader summary of the rebuild: \`${reb.sync}\``);
	line();
	if (keep) {
		line(
			`Then \`seo_name\` of \`${keep.changedRef}\` is changed and the same folder is built again with \`audioReviews({ keepOutDir: true })\`, which sets \`vite.build.emptyOutDir: false\` (not part of Astro's config hash, so the cache stays valid) and deletes pages the build no longer has: Astro then finds unchanged pages already in \`dist/\` ("(cached)") instead of deleting \`dist/\` and copying ${n(keep.pagesTotal)} files back from its cache ("(restored)"). This is the recipe for hosts that keep \`dist/\` between builds (a VPS, a self-hosted runner, a CI cache of \`dist/\`); hosts that start from a fresh checkout get figure 4b.`,
		);
		line();
		line('| | value | target | result |');
		line('|---|---|---|---|');
		line(
			`| pages rendered | ${n(keep.pagesRendered)} of ${n(keep.pagesTotal)} (${pct(keep.renderedShare, 2)})${keep.renderedSlugs ? `: ${keep.renderedSlugs.map((slug) => `\`${slug}\``).join(', ')}` : ''} | ≤ 1 % | ${verdict(keep.renderedShare === undefined ? undefined : keep.renderedShare <= 0.01)} |`,
		);
		line(
			`| wall time | ${s(keep.wallMs)} vs cold ${s(keep.coldMs)} = ${x(keep.ratio)} | ≤ 0.6× | ${verdict(keep.ratio === undefined ? undefined : keep.ratio <= 0.6)} |`,
		);
		line(
			`| page files in dist/ | ${n(keep.pageFiles)} | ${n(keep.pagesTotal)} | ${verdict(keep.pageFiles === keep.pagesTotal)} |`,
		);
		line();
		if (keep.sync) line(`Loader summary: \`${keep.sync}\``);
		line();
	}
}

/** 5: time and memory at every size, and the peak RSS of each build phase. */
export function scaleSection(r, line) {
	const c = r.config;
	// 5.
	line('## 5. Memory and scale');
	line();
	const scaleInc = c.scaleIncremental ?? true;
	line(
		`Each size beside the \`file()\` floor at the same size, both sites with \`incrementalBuild\` ${scaleInc ? 'on' : 'off'} (${n(c.sizes[0])}: the medians of figure ${scaleInc ? '1b' : '1'}; larger sizes: one run each, floor first). Node runs each build with \`--max-old-space-size=8192\` (the default heap limit is below what Astro itself needs near 100k).`,
	);
	line();
	line(
		'| products | ours | floor | time ratio | ours ms/product | floor ms/product | ours peak RSS | floor peak RSS | RSS ratio (≤ 1.1×) |',
	);
	line('|---|---|---|---|---|---|---|---|---|');
	for (const row of r.scale) {
		line(
			`| ${n(row.size)} | ${row.oursMs ? s(row.oursMs) : `failed${row.oursError ? `: ${row.oursError.slice(0, 120)}` : ''}`} | ${row.floorMs ? s(row.floorMs) : `failed${row.floorError ? `: ${row.floorError.slice(0, 120)}` : ''}`} | ${x(row.oursMs && row.floorMs ? row.oursMs / row.floorMs : undefined)} | ${row.oursMs ? (row.oursMs / row.size).toFixed(2) : '—'} | ${row.floorMs ? (row.floorMs / row.size).toFixed(2) : '—'} | ${gib(row.oursRssBytes)} | ${gib(row.floorRssBytes)} | ${x(row.oursRssBytes && row.floorRssBytes ? row.oursRssBytes / row.floorRssBytes : undefined)} |`,
		);
	}
	line();

	const withPhases = r.builds.filter(
		(b) => b.ok && b.memory?.phases && !b.rebuild && (b.kind === 'ours' || b.kind === 'floor'),
	);
	if (withPhases.length) {
		line(
			"Peak RSS per build phase (sampled every 500 ms; phases cut at Astro's log lines, ±1 s): which phase holds the peak.",
		);
		line();
		line('| build | start (config, Vite) | content sync | bundle | render | end | peak at |');
		line('|---|---|---|---|---|---|---|');
		for (const b of withPhases) {
			const p = b.memory.phases;
			const cell = (name) => (p[name] ? `${n(p[name].peakRssMiB)} MiB` : '—');
			line(
				`| ${b.label} | ${cell('start')} | ${cell('sync')} | ${cell('bundle')} | ${cell('render')} | ${cell('end')} | ${s(b.memory.peakAtMs)} of ${s(b.wallMs)} |`,
			);
		}
		line();
	}
	if (r.defaultHeap) {
		line("### 5d. On Node's default heap (`--only default-heap`)");
		line();
		for (const text of defaultHeapMarkdown(r.defaultHeap, { n })) line(text);
		line();
	}
}

/** Time per product at the largest size over that at the smallest, ours and the floor's. */
export function scaleGrowth(scale) {
	const rows = scale.filter((row) => row.oursMs !== undefined && row.floorMs !== undefined);
	if (rows.length < 2) return undefined;
	const [first, last] = [rows[0], rows.at(-1)];
	return {
		ours: last.oursMs / last.size / (first.oursMs / first.size),
		floor: last.floorMs / last.size / (first.floorMs / first.size),
	};
}

import { htmlFiles } from './sites.mjs';

/**
 * Figure 4: one product changed, then ours rebuilt in the same site folder (store and incremental
 * cache kept). `keepDist` false: as configured (Astro empties dist/, then copies unchanged pages
 * back from its cache); true: with `vite.build.emptyOutDir: false` (unchanged pages stay in
 * place). Not part of Astro's config hash, so the second rebuild reuses the same cache.
 */
export async function rebuildFigure(run, { sim, env, root, changed, keepDist }) {
	const { config, main, results } = run;
	const oursMs = results.cold.oursMs;
	sim.updateProduct(changed, { seo_name: `Changed for the bench rebuild (${changed})` });
	const { record } = await run.measure(sim, {
		kind: 'ours',
		size: main,
		label: `ours-${main}-on-r${config.reps}${keepDist ? '-keep-dist' : ''}`,
		env: { ...env, BENCH_EMPTY_OUT_DIR: keepDist ? '0' : '1' },
		root,
		rebuild: true,
	});
	const total = record.ok ? record.pagesRendered + record.pagesSkipped : 0;
	const html = record.ok ? await htmlFiles(root).catch(() => []) : [];
	return {
		size: main,
		emptyOutDir: !keepDist,
		changedRef: changed,
		ok: record.ok,
		wallMs: record.wallMs,
		coldMs: oursMs,
		ratio: record.ok ? record.wallMs / oursMs : undefined,
		pagesRendered: record.pagesRendered,
		pagesSkipped: record.pagesSkipped,
		pagesTotal: total,
		pageFiles: html.length,
		renderedShare: record.ok && total ? record.pagesRendered / total : undefined,
		renderedSlugs: record.renderedSlugs,
		exactlyTheChangedPage:
			record.ok && record.pagesRendered === 1 && record.renderedSlugs?.[0] === changed,
		requests: record.requests,
		sync: record.sync,
		rssBytes: record.maxRssBytes,
		targetShare: 0.01,
		targetRatio: 0.6,
	};
}

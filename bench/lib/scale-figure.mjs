/** Figure 5: memory and time at every size, each beside the floor (the main size is reused from figure 1). */
export async function scaleFigure(run) {
	const { config, results, main } = run;
	for (const size of config.sizes) {
		if (size === main && !config.scaleOnly) {
			const c = config.scaleIncremental ? results.cold : results.cold.withoutIncremental;
			results.scale.push({
				size,
				oursMs: c.oursMs,
				floorMs: c.floorMs,
				oursRssBytes: c.oursRssBytes,
				floorRssBytes: c.floorRssBytes,
				reps: config.reps,
			});
			continue;
		}
		if (!config.scale) continue;
		results.scale.push(await run.withCatalogue(size, (sim, env) => scaleRow(run, sim, env, size)));
	}
}

/** Ours and the floor at one size, one build each. */
async function scaleRow(run, sim, env, size) {
	const { config } = run;
	const row = { size, reps: 1 };
	const roots = [];
	for (const kind of ['floor', 'ours']) {
		const { record, root } = await run.measure(sim, {
			kind,
			size,
			label: `${kind}-${size}`,
			env: { ...env, BENCH_INCREMENTAL: config.scaleIncremental ? '1' : '0' },
		});
		record.incremental = config.scaleIncremental;
		row[`${kind}Ms`] = record.ok ? record.wallMs : undefined;
		row[`${kind}RssBytes`] = record.ok ? record.maxRssBytes : undefined;
		if (!record.ok) row[`${kind}Error`] = record.error.split('\n').slice(0, 3).join(' ');
		roots.push(root);
	}
	// After both: deleting GBs of the floor's output right before ours' build would slow ours.
	for (const root of roots) await run.dropSite(root);
	return row;
}

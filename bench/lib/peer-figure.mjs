import { median } from './median.mjs';

/**
 * Figure 2: the hand-written peer. Both without incrementalBuild (a site's default; the peer's
 * entries have no digest, so it could not use it). At the main size ours is the cold builds
 * of figure 1 (same catalogue, same settings): no extra build.
 */
export async function peerFigure(run, sim, env) {
	const { config, results, main } = run;
	const offEnv = { ...env, BENCH_INCREMENTAL: '0' };
	const { record: peer, root: a } = await run.measure(sim, {
		kind: 'peer',
		size: config.peerSize,
		label: `peer-${config.peerSize}`,
		env: offEnv,
	});
	const { record: ours, root: b } =
		config.peerSize === main && results.cold?.withoutIncremental?.oursMs
			? { record: coldOursOff(run), root: undefined }
			: await run.measure(sim, {
					kind: 'ours',
					size: config.peerSize,
					label: `ours-${config.peerSize}-vs-peer`,
					env: offEnv,
				});
	results.peer = {
		size: config.peerSize,
		peerMs: peer.wallMs,
		oursMs: ours.wallMs,
		ratio: peer.ok && ours.ok ? peer.wallMs / ours.wallMs : undefined,
		peerSyncSeconds: peer.loaderSeconds,
		oursSyncSeconds: ours.loaderSeconds,
		syncRatio:
			peer.loaderSeconds && ours.loaderSeconds
				? peer.loaderSeconds / ours.loaderSeconds
				: undefined,
		peerRequests: peer.requests,
		oursRequests: ours.requests,
		peerRssBytes: peer.maxRssBytes,
		oursRssBytes: ours.maxRssBytes,
		target: 20,
	};
	await run.dropSite(a);
	if (b) await run.dropSite(b);
}

/** Figure 1's cold builds of ours without incrementalBuild, as one record (medians). */
function coldOursOff({ results, main }) {
	const runs = results.builds.filter(
		(b) => b.ok && b.kind === 'ours' && b.size === main && !b.rebuild && b.incremental === false,
	);
	return {
		ok: true,
		wallMs: results.cold.withoutIncremental.oursMs,
		maxRssBytes: results.cold.withoutIncremental.oursRssBytes,
		loaderSeconds: median(runs.map((b) => b.loaderSeconds)),
		requests: runs[0]?.requests,
	};
}

/**
 * The peer at the main size, estimated: its sync scales with N (one request per product, in
 * sequence), the rest of its build is the same as ours (same pages, same store).
 */
export function peerEstimateAtMain({ config, results, main }) {
	if (config.peerSize === main || !results.peer?.peerSyncSeconds || !results.cold?.oursMs) return;
	const oursSyncMain = median(
		results.builds
			.filter((b) => b.ok && b.kind === 'ours' && b.size === main && !b.rebuild && b.loaderSeconds)
			.map((b) => b.loaderSeconds),
	);
	if (!oursSyncMain) return;
	const peerMs =
		results.cold.oursMs -
		oursSyncMain * 1000 +
		results.peer.peerSyncSeconds * 1000 * (main / config.peerSize);
	results.peer.estimateAtMain = {
		size: main,
		peerMs: Math.round(peerMs),
		oursMs: results.cold.oursMs,
		ratio: peerMs / results.cold.oursMs,
		oursSyncSeconds: oursSyncMain,
		peerSyncSeconds: results.peer.peerSyncSeconds * (main / config.peerSize),
	};
}

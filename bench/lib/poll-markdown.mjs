/** BENCHMARKS.md's section on `audio-reviews poll` (figure of bench/lib/poll-figure.mjs). */

const kib = (bytes) =>
	bytes === undefined
		? '—'
		: bytes >= 2 ** 20
			? `${(bytes / 2 ** 20).toFixed(1)} MiB`
			: `${(bytes / 1024).toFixed(1)} KiB`;

const ratio = (a, b) => (a && b ? `${(a / b).toFixed(1)}×` : '—');

function casesTable(f, { n, s }) {
	const first = f.cases[0];
	return [
		'| case | wall time | list (304) + single requests | bytes from the service | share of the first run | bytes to the service | outcome | hook calls |',
		'|---|---|---|---|---|---|---|---|',
		...f.cases.map(
			(c) =>
				`| ${c.name} | ${s(c.wallMs)} | ${n(c.requests.list)} (${n(c.requests.notModified)} × 304) + ${n(c.requests.single)} | ${kib(c.fromService)} | ${first?.fromService ? `${((c.fromService / first.fromService) * 100).toFixed(2)} %` : '—'} | ${kib(c.toService)} | ${c.outcome ?? 'failed'} | ${n(c.hookCalls)} |`,
		),
	];
}

function scaleTable(rows, { n, s }, withFirstRun) {
	const smallest = rows[0]?.noChangeMs;
	return [
		`| products | ${withFirstRun ? 'first run | ' : ''}no change (median) | × the smallest | list requests per run |`,
		`|---|${withFirstRun ? '---|' : ''}---|---|---|`,
		...rows.map(
			(row) =>
				`| ${n(row.size)} | ${withFirstRun ? `${s(row.firstRunMs)} | ` : ''}${s(row.noChangeMs)} | ${ratio(row.noChangeMs, smallest)} | ${n(row.lists)} |`,
		),
	];
}

export function pollMarkdown(f, { n, s }) {
	if (!f) return ['Not measured in this run.'];
	const rounds = f.conditional?.[0]?.runsMs?.length ?? 0;
	return [
		`\`npx audio-reviews poll\` in bench sites of ours (the site's own \`astro sync\` with poll's loader, a list page cap of ${n(f.cap)}, ${n(f.latencyMs)} ms simulated latency per request). At ${n(f.size)} products, one run per case in order, bytes counted on the wire by a relay in front of the simulator; the first run (no state) is the reference: what a scheduled job saves on every run after it.`,
		'',
		...casesTable(f, { n, s }),
		'',
		`The state poll keeps between runs (\`node_modules/.astro/audio-reviews-poll\`, or \`--state\`): ${kib(f.stateBytes)} at ${n(f.size)} products, the only folder a scheduled job's cache keeps. A run reads and writes neither Astro's store of the site nor anything of Astro's internals.`,
		'',
		`**A no-change run as the catalogue grows**, with the simulator's conditional answers (\`304\` for an unchanged list page): the sizes' no-change runs interleaved round by round in one bench run (${rounds} rounds, medians), so the ratio is measured side by side under the same load.`,
		'',
		...scaleTable(f.conditional ?? [], { n, s }, false),
		'',
		'**Without conditional answers** (the simulator run with `--no-conditional`: API.md promises no `ETag` nor `304`, so against the real service every run fetches the whole catalogue). A product whose JSON did not change costs one hash (no validation, no page model); the fetch is the cost.',
		'',
		...scaleTable(f.unconditional ?? [], { n, s }, true),
		'',
		"Wall time includes starting Node, loading the site's config and Astro's own sync (its store for poll lives in a folder of the run: nearly empty). A deletion moves every list page's `count_item` (and the products after it), so no page is `304` then.",
		'',
		`Measured by \`${f.command ?? 'node bench/run.mjs'}\` on ${f.measuredAt?.slice(0, 16).replace('T', ' ') ?? '—'} UTC, load ${f.loadAtStart?.join(', ') ?? '—'} at start (2 cores shared with other work: times vary from run to run).`,
	];
}

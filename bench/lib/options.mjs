import { parseArgs } from 'node:util';

/** What `--help` prints. */
export const USAGE = `npm run bench: every figure of BENCHMARKS.md against the service simulator on loopback,
written to BENCHMARKS.md and bench/results.json.

  node bench/run.mjs [--sizes 10000,50000,100000] [--reps 5] [--peer-size N (default: the first size)]
                     [--latency 40] [--cap 100] [--storage single-file|chunked]
                     [--no-profile] [--no-live] [--no-scale] [--scale-only] [--out-dir DIR]
  --scale-only: figure 5 alone (ours and the floor, one build each at every size), without
                figures 1-4; with --no-live, a quick check of memory at a few sizes.
  node bench/run.mjs --smoke        tiny sizes, short latency, results in a temp folder
  node bench/run.mjs --report-only  BENCHMARKS.md again from bench/results.json
  node bench/run.mjs --only feed [--reps 3]  just the review feed's figure (results in a temp folder)
  node bench/run.mjs --only sitemap [--reps 3]  just the on-demand sitemap's figure (first file cold at 50,000 products)
  node bench/run.mjs --only search [--reps 1]  just the static search figure (Pagefind over 10,000 pages, option on and off,
                then the bytes Chromium fetches per query from the option's index, cold and warm)
  node bench/run.mjs --only long-tail [--reps 1]  just figure 7: ours and the floor on the long-tail catalogue,
                the pages written, the largest page's bytes, DOM elements and Lighthouse performance
  node bench/run.mjs --only poll    just the deploys-on-change figure (audio-reviews poll at the first size:
                first run, no change, one edit, one deletion)
  node bench/run.mjs --only nodes   just figure 6e: several server processes behind Varnish nodes
                (bench/live-nodes.mjs: hits with one process and two, purge latency, upstream requests)
  node bench/run.mjs --only metrics just figure 6f: what the metrics cost (bench/live-metrics.mjs: hits and
                misses with the OpenTelemetry SDK registered and without @opentelemetry/api)
  node bench/run.mjs --only dev     just "dev at 10,000 products": astro dev of the package beside file() (fr, en)
  node bench/run.mjs --only default-heap --sizes 50000 [--baseline <checkout>]  just figure 5d:
                the static build on Node's default heap (no --max-old-space-size), floor and ours
                (and another built checkout of the package), one build each
  node bench/run.mjs --only search-postgres  just figure 6g: search on demand in PostgreSQL
                (bench/search-postgres.mjs: index vs fetch, no-change index, endpoint p50/p95, size)
  node bench/run.mjs --report-only --merge <dir>/results.json  BENCHMARKS.md again, with the
                figure of a partial run (--only long-tail, search, feed, sitemap, poll, nodes, metrics, search-postgres, default-heap) merged into bench/results.json first
`;

/** The parts of the bench that run alone (`--only`), each into a temp folder. */
export const ALONE = [
	'feed',
	'sitemap',
	'search',
	'long-tail',
	'poll',
	'nodes',
	'metrics',
	'dev',
	'search-postgres',
	'default-heap',
];

/** The command line of bench/run.mjs (its opening comment lists the flags). */
export function benchArgs(argv = process.argv.slice(2)) {
	const { values } = parseArgs({
		args: argv,
		options: {
			help: { type: 'boolean', default: false },
			smoke: { type: 'boolean', default: false },
			sizes: { type: 'string' },
			reps: { type: 'string' },
			'peer-size': { type: 'string' },
			latency: { type: 'string' },
			cap: { type: 'string' },
			storage: { type: 'string' },
			'no-profile': { type: 'boolean', default: false },
			'no-live': { type: 'boolean', default: false },
			'no-scale': { type: 'boolean', default: false },
			'scale-only': { type: 'boolean', default: false },
			'out-dir': { type: 'string' },
			'report-only': { type: 'boolean', default: false },
			'scale-incremental': { type: 'string' },
			only: { type: 'string' },
			merge: { type: 'string' },
			baseline: { type: 'string' },
		},
	});
	if (values.only !== undefined && !ALONE.includes(values.only))
		throw new Error(
			`--only: the parts that run alone are "feed", "sitemap", "search", "long-tail", "poll", "nodes", "metrics", "dev", "search-postgres" and "default-heap", got ${values.only}`,
		);
	return values;
}

/** What a measuring run does, from its flags: the sizes, repetitions, simulator and figures. */
export function benchConfig(args) {
	const smoke = args.smoke;
	const only = args.only;
	const config = {
		smoke,
		sizes: (args.sizes ?? (smoke ? '200' : '10000,50000,100000')).split(',').map(Number),
		reps: Number(
			args.reps ??
				(smoke || only === 'search' || only === 'long-tail'
					? 1
					: only === 'feed' || only === 'sitemap'
						? 3
						: 5),
		),
		// The peer needs N x latency (one request per product, in sequence): about 7 minutes at 10,000.
		// The smoke's peer runs at the main size, as a full run's does by default: ours is then
		// figure 1's cold builds, no build of its own (200 x 5 ms of requests).
		peerSize: Number(args['peer-size'] ?? 0),
		latencyMs: Number(args.latency ?? (smoke ? 5 : 40)),
		cap: Number(args.cap ?? 100),
		storage: args.storage ?? 'single-file',
		profile: !args['no-profile'] && !smoke,
		// The smoke proves the machinery, not figures: the feed's and search's builds without their
		// option have the same inputs as figure 1's last cold build of ours without incrementalBuild,
		// so the smoke takes that one instead of building it twice more. A full run builds each
		// (their own alternating order, under the same load as the builds they are compared with).
		reuseColdBuild: smoke,
		live: !args['no-live'],
		scale: !args['no-scale'],
		scaleOnly: args['scale-only'],
		// Figure 5 compares loaders, so by default both sites build as a site does without the
		// experimental flag (figure 1 reports both settings at the main size).
		scaleIncremental: (args['scale-incremental'] ?? 'off') === 'on',
		// --only default-heap: another checkout of the package (built), measured beside this one.
		baseline: args.baseline,
	};
	if (config.sizes.some((n) => !(Number.isInteger(n) && n > 0)))
		throw new Error(`--sizes: expected positive integers, got ${args.sizes}`);
	// Default: the peer at the main size, measured rather than extrapolated.
	if (config.peerSize === 0) config.peerSize = config.sizes[0];
	return config;
}

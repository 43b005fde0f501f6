// Bench sites live in bench/.work/<label>/ and import the package by its name, as a user's
// site does: bench/.work/node_modules/astro-audio-reviews links to the repository root.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REVIEWS_PER_PAGE } from './catalogue.mjs';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const BENCH = join(REPO, 'bench');
const SITES = join(BENCH, 'sites');
const ASTRO_BIN = join(REPO, 'node_modules/astro/bin/astro.mjs');
const PROBE = join(BENCH, 'lib/rss-probe.mjs');

/**
 * Creates the work folder and the package link; returns the work folder. `packageDir`: another
 * checkout of the package (built), for a figure that compares two versions of it.
 */
export async function prepareWork(work, packageDir = REPO) {
	const modules = join(work, 'node_modules');
	await mkdir(modules, { recursive: true });
	const link = join(modules, 'astro-audio-reviews');
	await rm(link, { force: true, recursive: true });
	await symlink(packageDir, link, 'dir');
	return work;
}

/** A fresh copy of site `kind` (ours | floor | peer) at `work/label`: no store, no cache, no dist. */
export async function freshSite(work, kind, label) {
	const root = join(work, label);
	await rm(root, { recursive: true, force: true });
	await mkdir(root, { recursive: true });
	await cp(join(SITES, kind), root, { recursive: true });
	await cp(join(SITES, 'astro.config.mjs'), join(root, 'astro.config.mjs'));
	return root;
}

/**
 * Runs `astro build` on `root` in its own Node process (this one's binary), so peak RSS is
 * the build's alone. Resolves with wall time, peak RSS and the log; rejects on failure.
 * `maxOldSpaceMb: null` leaves Node's default heap limit, as a user's `astro build` has it.
 */
export async function astroBuild(
	root,
	{ env = {}, cpuProfDir, maxOldSpaceMb = 8192, logFile } = {},
) {
	// Flush dirty pages first (outside the timing): otherwise the kernel writes back the previous
	// build's output (and the unlinks of a dropped site) during this one, and whichever build comes
	// second pays for it. A precaution: the large gap first blamed on it (97 s vs 45 s at 50,000)
	// turned out to be the compile cache below.
	execFileSync('sync');
	const usageFile = join(root, `.usage-${Date.now()}.json`);
	const args = maxOldSpaceMb === null ? [] : [`--max-old-space-size=${maxOldSpaceMb}`];
	args.push('--import', PROBE);
	if (cpuProfDir) args.push('--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`);
	args.push(ASTRO_BIN, 'build', '--root', root);
	const started = performance.now();
	const child = spawn(process.execPath, args, {
		cwd: root,
		// NODE_DISABLE_COMPILE_CACHE: astro's bin turns on Node's compile cache (os.tmpdir()), and
		// the content module embeds the whole data store. The floor's store is byte-identical from
		// one build of a catalogue to the next, so its compile (≈ 13 s at 30,000 products) came
		// from the cache on every repeat, while ours' never can (its meta holds the sync's time and
		// validators) — and neither can a real rebuild, whose data changed. Measured: at 100,000 the
		// cached floor reached its first page 10 s after bundling, ours 172 s.
		env: {
			...process.env,
			...env,
			NODE_DISABLE_COMPILE_CACHE: '1',
			BENCH_REVIEWS_PER_PAGE: String(REVIEWS_PER_PAGE),
			BENCH_USAGE_FILE: usageFile,
			ASTRO_TELEMETRY_DISABLED: '1',
			NO_COLOR: '1',
			FORCE_COLOR: '0',
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const { code, output } = await childOutput(child, logFile);
	const wallMs = performance.now() - started;
	const usage = await takeUsage(usageFile);
	if (code !== 0) {
		const error = new Error(
			`astro build of ${root} exited with ${code}:\n${output.split('\n').slice(-40).join('\n')}`,
		);
		error.output = output;
		throw error;
	}
	return {
		wallMs,
		maxRssBytes: (usage.maxRssKiB ?? 0) * 1024,
		heapLimitMiB: usage.heapLimitMiB,
		cpuMs: (usage.userMs ?? 0) + (usage.systemMs ?? 0),
		output,
		memory: memoryPhases(usage, output),
		timeline: usage.timeline,
		startedAt: usage.startedAt,
	};
}

/** The exit code and the whole output (stdout and stderr, as they came) of `child`, copied to `logFile` as it runs. */
async function childOutput(child, logFile) {
	const chunks = [];
	const log = logFile ? createWriteStream(logFile) : undefined;
	const collect = (chunk) => {
		chunks.push(chunk);
		log?.write(chunk);
	};
	child.stdout.on('data', collect);
	child.stderr.on('data', collect);
	const code = await new Promise((resolve, reject) => {
		child.on('error', reject);
		child.on('close', resolve);
	});
	log?.end();
	return { code, output: Buffer.concat(chunks).toString('utf8') };
}

/** What bench/lib/rss-probe.mjs wrote of the build's resource usage (none when it could not), then its file removed. */
async function takeUsage(usageFile) {
	try {
		const usage = JSON.parse(await readFile(usageFile, 'utf8'));
		await rm(usageFile, { force: true });
		return usage;
	} catch {
		return {};
	}
}

/** Strips ANSI colours. */
export function plain(text) {
	return text.replace(/\u001b\[[0-9;]*m/g, '');
}

/**
 * Product pages in a build log: those Astro rendered, and those it skipped ("(restored)" or
 * "(cached)") thanks to their unchanged cacheKey.
 */
export function pageLog(output) {
	const rendered = [];
	let skipped = 0;
	for (const line of plain(output).split('\n')) {
		if (!line.includes('/products/') || !line.includes('index.html')) continue;
		if (/\((cached|restored)\)/.test(line)) skipped++;
		else {
			const match = /\/products\/([^/\s]+)\//.exec(line);
			if (match) rendered.push(match[1]);
		}
	}
	return { rendered, skipped };
}

/** Sorted site-relative paths of the HTML files of `dist`. */
export async function htmlFiles(root) {
	const dist = join(root, 'dist');
	const files = await readdir(dist, { recursive: true });
	return files
		.filter((file) => file.endsWith('.html'))
		.map((file) => `/${relative(dist, join(dist, file)).split('\\').join('/')}`)
		.sort();
}

/** The "Synced …" summary line of productsLoader, when present. */
export function syncLine(output) {
	return plain(output)
		.split('\n')
		.find((line) => line.includes('Synced ') && line.includes(' products'))
		?.replace(/^.*?Synced/, 'Synced')
		.trim();
}

/**
 * Peak RSS (sampled every 500 ms) per build phase, phases cut at Astro's log lines: start
 * (config, Vite) → sync ("Syncing content" to "Synced content") → bundle → render
 * ("generating static routes") → end. Log lines carry whole seconds, so edges are ±1 s.
 */
export function memoryPhases(usage, output) {
	const rows = usage.timeline?.rows;
	if (!rows?.length || !usage.startedAt) return undefined;
	const day = new Date(usage.startedAt);
	const at = (pattern) => {
		const line = plain(output)
			.split('\n')
			.find((l) => pattern.test(l));
		const match = line && /^(\d\d):(\d\d):(\d\d)/.exec(line);
		if (!match) return undefined;
		const t = Date.UTC(
			day.getUTCFullYear(),
			day.getUTCMonth(),
			day.getUTCDate(),
			Number(match[1]),
			Number(match[2]),
			Number(match[3]),
		);
		return t - usage.startedAt;
	};
	const edges = [
		['start', 0],
		['sync', at(/\[content\] Syncing content/)],
		['bundle', at(/\[content\] Synced content/)],
		['render', at(/Rearranging server assets/)],
		['end', at(/page\(s\) built in/)],
	].filter(([, ms]) => ms !== undefined);
	const phases = {};
	for (const [ms, rss, heap] of rows) {
		let name = 'start';
		for (const [phase, edge] of edges) if (ms >= edge) name = phase;
		const current = phases[name] ?? { peakRssMiB: 0, peakHeapMiB: 0 };
		current.peakRssMiB = Math.max(current.peakRssMiB, rss);
		current.peakHeapMiB = Math.max(current.peakHeapMiB, heap);
		phases[name] = current;
	}
	const peak = rows.reduce((best, row) => (row[1] > best[1] ? row : best), rows[0]);
	return { phases, peakAtMs: peak[0], samples: rows.length };
}

/**
 * Seconds the collection's sync took: the loader's own figure (ours: "Synced … in 3.1 s", the
 * peer: "Loaded … in 41.20 s"), else Astro's "Syncing content" → "Synced content" (whole seconds).
 */
export function loaderSeconds(output) {
	const text = plain(output);
	const own =
		/Synced [\d,]+ products .*? in ([\d.]+) s/.exec(text) ??
		/Loaded \d+ products in ([\d.]+) s/.exec(text);
	if (own) return Number(own[1]);
	const stamp = (pattern) => {
		const match = new RegExp(`^(\\d\\d):(\\d\\d):(\\d\\d) ${pattern}`, 'm').exec(text);
		return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : undefined;
	};
	const start = stamp('\\[content\\] Syncing content');
	const end = stamp('\\[content\\] Synced content');
	return start !== undefined && end !== undefined ? (end - start + 86400) % 86400 : undefined;
}

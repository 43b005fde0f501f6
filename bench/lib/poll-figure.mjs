import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { REVIEWS_PER_PAGE, startBenchSimulator } from './catalogue.mjs';
import { median } from './median.mjs';
import { freshSite, REPO } from './sites.mjs';

/**
 * Deploys on change: `audio-reviews poll` in bench sites of ours, each case a real run of the
 * package's bin (its own `astro sync`), with a deploy hook on loopback. At the main size, through
 * a relay that counts the bytes on the wire: the first run (no state) and the cases after it. Then
 * no-change runs at a small size beside the main one, with the simulator's conditional answers and
 * without them (API.md promises none), interleaved so their ratio is measured side by side.
 */
const CLI = join(REPO, 'integration/dist/cli.js');

/** A TCP relay to the simulator counting what the service sent and received (headers included). */
async function byteRelay(target) {
	const bytes = { fromService: 0, toService: 0 };
	const sockets = new Set();
	const server = createServer((client) => {
		const upstream = connect(Number(target.port), target.hostname);
		for (const socket of [client, upstream]) {
			sockets.add(socket);
			socket.on('close', () => sockets.delete(socket));
			socket.on('error', () => {
				client.destroy();
				upstream.destroy();
			});
		}
		client.on('data', (chunk) => (bytes.toService += chunk.length));
		upstream.on('data', (chunk) => (bytes.fromService += chunk.length));
		client.pipe(upstream).pipe(client);
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${server.address().port}`,
		bytes,
		reset: () => Object.assign(bytes, { fromService: 0, toService: 0 }),
		close: () =>
			new Promise((resolve) => {
				for (const socket of sockets) socket.destroy();
				server.close(resolve);
			}),
	};
}

async function hookReceiver() {
	const hook = { calls: 0 };
	const server = createHttpServer((req, res) => {
		req.resume();
		req.on('end', () => {
			hook.calls++;
			res.end('{}');
		});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return Object.assign(hook, {
		url: `http://127.0.0.1:${server.address().port}/build_hooks/bench`,
		close: () => new Promise((resolve) => server.close(resolve)),
	});
}

function runPoll(root, env) {
	return new Promise((resolve, reject) => {
		const started = performance.now();
		const child = spawn(process.execPath, [CLI, 'poll', '--json'], {
			cwd: root,
			env: { ...process.env, ...env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
		});
		let output = '';
		child.stdout.on('data', (chunk) => (output += chunk));
		child.stderr.on('data', (chunk) => (output += chunk));
		child.on('error', reject);
		child.on('close', (code) => {
			const last = output.trim().split('\n').at(-1) ?? '';
			let json;
			try {
				json = JSON.parse(last);
			} catch {
				json = undefined;
			}
			resolve({ code, output, json, wallMs: Math.round(performance.now() - started) });
		});
	});
}

/** The site of one case series: its own folder, so its state is its own. */
async function pollSite(run, sim, env, relay, hook, label) {
	const root = await freshSite(run.work, 'ours', `ours-poll-${label}`);
	const pollEnv = {
		...env,
		BENCH_BASE_URL: relay ? relay.url : sim.baseUrl,
		BENCH_WEBSITE_ID: sim.websiteId,
		BENCH_STORAGE: run.config.storage,
		BENCH_REVIEWS_PER_PAGE: String(REVIEWS_PER_PAGE),
		AUDIO_REVIEWS_DEPLOY_HOOK: hook.url,
	};
	return { root, label, poll: () => runPoll(root, pollEnv) };
}

/** One run of poll in `site`, its requests, bytes and outcome. */
async function measure(run, sim, relay, hook, site, name, change) {
	change?.();
	sim.resetStats();
	relay?.reset();
	const before = hook.calls;
	const result = await site.poll();
	const figure = {
		name,
		ok: result.code === 0,
		wallMs: result.wallMs,
		requests: {
			list: sim.stats.list,
			single: sim.stats.single,
			notModified: sim.stats.notModified,
		},
		...(relay ? relay.bytes : {}),
		hookCalls: hook.calls - before,
		outcome: result.json?.outcome,
		counts: result.json && [result.json.added, result.json.updated, result.json.removed],
		line: result.output.trim().split('\n').at(-2)?.slice(0, 300),
	};
	if (!figure.ok)
		run.results.errors.push(`poll ${site.label} ${name}: ${result.output.slice(0, 500)}`);
	run.say(
		`poll ${site.label} ${name}: ${(result.wallMs / 1000).toFixed(1)} s, ${figure.requests.list} list requests (${figure.requests.notModified} 304), ${figure.hookCalls} hook call(s)`,
	);
	return figure;
}

/** Bytes of every file in poll's state folder of `root`: what a CI cache must keep. */
async function stateBytes(root) {
	const folder = join(root, 'node_modules/.astro/audio-reviews-poll');
	let total = 0;
	for (const item of await readdir(folder, { withFileTypes: true, recursive: true }))
		if (item.isFile()) total += (await stat(join(item.parentPath, item.name))).size;
	return total;
}

/**
 * No-change runs of several sites, interleaved round by round so each size sees the same
 * machine load: the medians are compared side by side, never across runs. `taken`: a site's
 * no-change run already measured in the same state, standing for its first round (the smoke's).
 */
async function sideBySide(run, series, rounds, taken = new Map()) {
	const wall = new Map(series.map(({ site }) => [site.label, []]));
	for (let round = 0; round < rounds; round++)
		for (const { sim, relay, hook, site } of series) {
			const figure =
				(round === 0 && taken.get(site.label)) ||
				(await measure(run, sim, relay, hook, site, 'no change'));
			wall.get(site.label).push(figure.ok && figure.outcome === 'no-change' ? figure.wallMs : NaN);
		}
	return series.map(({ sim, site, size }) => ({
		size,
		noChangeMs: median(wall.get(site.label)),
		runsMs: wall.get(site.label),
		lists: sim.stats.list,
	}));
}

export async function pollFigure(run, sim, env) {
	const relay = await byteRelay(new URL(sim.baseUrl));
	const hook = await hookReceiver();
	const rounds = run.config.smoke ? 1 : 3;
	const small = run.config.smoke ? 50 : 300;
	const others = [];
	const sites = [];
	const companion = async (size, conditional) => {
		const other = await startBenchSimulator(size, {
			latencyMs: run.config.latencyMs,
			maxLimit: run.config.cap,
			conditional,
		});
		others.push(other);
		const site = await pollSite(
			run,
			other,
			env,
			undefined,
			hook,
			`${size}-${conditional ? 'c' : 'nc'}`,
		);
		sites.push(site);
		return { sim: other, relay: undefined, hook, site, size };
	};
	try {
		const main = await pollSite(run, sim, env, relay, hook, `${run.main}-c`);
		sites.push(main);
		const at = (name, change) => measure(run, sim, relay, hook, main, name, change);
		const cases = [await at('first run'), await at('no change')];
		const stateAtMain = await stateBytes(main.root);
		// With the simulator's conditional answers: no change at a small size beside the main one.
		const smallSeries = await companion(small, true);
		await measure(run, smallSeries.sim, undefined, hook, smallSeries.site, 'first run');
		// The smoke (one round) takes the main size's no-change case as its round: nothing changed since.
		const taken = new Map(run.config.smoke ? [[main.label, cases[1]]] : []);
		const conditional = await sideBySide(
			run,
			[smallSeries, { sim, relay, hook, site: main, size: run.main }],
			rounds,
			taken,
		);
		const refs = sim.refs().filter((ref) => /^[A-Za-z0-9_-]+$/.test(ref));
		const edited = refs[Math.floor(refs.length / 2)];
		cases.push(
			await at('one edit', () =>
				sim.updateProduct(edited, { seo_name: `Changed for the poll figure (${edited})` }),
			),
		);
		const deleted = refs[Math.floor(refs.length / 3)];
		cases.push(await at('one deletion', () => sim.removeProduct(deleted)));
		// Without them (API.md promises none): every run fetches the whole catalogue.
		const unconditionalSizes = run.config.smoke ? [small, run.main] : [small, run.main, 50_000];
		const series = [];
		const firstRuns = [];
		for (const size of unconditionalSizes) {
			const entry = await companion(size, false);
			firstRuns.push(
				(await measure(run, entry.sim, undefined, hook, entry.site, 'first run')).wallMs,
			);
			series.push(entry);
		}
		const unconditional = (await sideBySide(run, series, rounds)).map((row, i) => ({
			...row,
			firstRunMs: firstRuns[i],
		}));
		return {
			size: run.main,
			cap: run.config.cap,
			latencyMs: run.config.latencyMs,
			measuredAt: new Date().toISOString(),
			loadAtStart: run.results.machine.loadAtStart,
			command: run.results.command,
			cases,
			stateBytes: stateAtMain,
			conditional,
			unconditional,
		};
	} finally {
		await relay.close();
		await hook.close();
		for (const other of others) await other.close();
		for (const site of sites) await run.dropSite(site.root);
	}
}

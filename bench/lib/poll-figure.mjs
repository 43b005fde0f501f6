import { spawn } from 'node:child_process';
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { REVIEWS_PER_PAGE } from './catalogue.mjs';
import { freshSite, REPO } from './sites.mjs';

/**
 * Deploys on change: `audio-reviews poll` in a bench site of ours at the main size, each case a
 * real run of the package's bin (its own `astro sync`), against the simulator through a relay
 * that counts the bytes on the wire both ways, with a deploy hook on loopback. The first run
 * (no store, no state) is the reference the others are read against.
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

export async function pollFigure(run, sim, env) {
	const root = await freshSite(run.work, 'ours', `ours-${run.main}-poll`);
	const relay = await byteRelay(new URL(sim.baseUrl));
	const hook = await hookReceiver();
	const pollEnv = {
		...env,
		BENCH_BASE_URL: relay.url,
		BENCH_STORAGE: run.config.storage,
		BENCH_REVIEWS_PER_PAGE: String(REVIEWS_PER_PAGE),
		AUDIO_REVIEWS_DEPLOY_HOOK: hook.url,
	};
	const refs = sim.refs().filter((ref) => /^[A-Za-z0-9_-]+$/.test(ref));
	const measureCase = async (name, change) => {
		change?.();
		sim.resetStats();
		relay.reset();
		const before = hook.calls;
		run.say(`poll ${run.main.toLocaleString('en-US')}: ${name}`);
		const result = await runPoll(root, pollEnv);
		const figure = {
			name,
			ok: result.code === 0,
			wallMs: result.wallMs,
			requests: {
				list: sim.stats.list,
				single: sim.stats.single,
				notModified: sim.stats.notModified,
			},
			...relay.bytes,
			hookCalls: hook.calls - before,
			outcome: result.json?.outcome,
			counts: result.json && [result.json.added, result.json.updated, result.json.removed],
			line: result.output.trim().split('\n').at(-2)?.slice(0, 300),
		};
		if (!figure.ok) run.results.errors.push(`poll ${name}: ${result.output.slice(0, 500)}`);
		run.say(
			`  ${(result.wallMs / 1000).toFixed(1)} s, ${figure.requests.list} list requests (${figure.requests.notModified} 304), ${figure.fromService} bytes from the service, ${figure.hookCalls} hook call(s)`,
		);
		return figure;
	};
	try {
		const cases = [];
		cases.push(await measureCase('first run'));
		cases.push(await measureCase('no change'));
		const edited = refs[Math.floor(refs.length / 2)];
		cases.push(
			await measureCase('one edit', () =>
				sim.updateProduct(edited, { seo_name: `Changed for the poll figure (${edited})` }),
			),
		);
		const deleted = refs[Math.floor(refs.length / 3)];
		cases.push(await measureCase('one deletion', () => sim.removeProduct(deleted)));
		return {
			size: run.main,
			cap: run.config.cap,
			latencyMs: run.config.latencyMs,
			measuredAt: new Date().toISOString(),
			loadAtStart: run.results.machine.loadAtStart,
			command: run.results.command,
			cases,
		};
	} finally {
		await relay.close();
		await hook.close();
		await run.dropSite(root);
	}
}

const kib = (bytes) =>
	bytes === undefined
		? '—'
		: bytes >= 2 ** 20
			? `${(bytes / 2 ** 20).toFixed(1)} MiB`
			: `${(bytes / 1024).toFixed(1)} KiB`;

export function pollMarkdown(f, { n, s }) {
	if (!f) return ['Not measured in this run.'];
	const first = f.cases[0];
	const rows = f.cases.map(
		(c) =>
			`| ${c.name} | ${s(c.wallMs)} | ${n(c.requests.list)} (${n(c.requests.notModified)} × 304) + ${n(c.requests.single)} | ${kib(c.fromService)} | ${first?.fromService ? `${((c.fromService / first.fromService) * 100).toFixed(2)} %` : '—'} | ${kib(c.toService)} | ${c.outcome ?? 'failed'} | ${n(c.hookCalls)} |`,
	);
	return [
		`\`npx audio-reviews poll\` in a bench site of ours at ${n(f.size)} products (its own \`astro sync\`, a list page cap of ${n(f.cap)}, ${n(f.latencyMs)} ms simulated latency per request), one run per case in order, bytes counted on the wire by a relay in front of the simulator. The first run (no store, no state) is the reference: what a scheduled job saves on every run after it.`,
		'',
		'| case | wall time | list (304) + single requests | bytes from the service | share of the first run | bytes to the service | outcome | hook calls |',
		'|---|---|---|---|---|---|---|---|',
		...rows,
		'',
		"Wall time includes starting Node, loading the site's config and Astro's own sync, which reads and rewrites its whole content store (most of a no-change run's CPU in a profile); the service is asked only for list pages, conditionally, and answers `304` to every page whose products did not change. A deletion moves every list page's `count_item` (and the products after it), so no page is `304` then.",
		'',
		`Measured by \`${f.command ?? 'node bench/run.mjs'}\` on ${f.measuredAt?.slice(0, 16).replace('T', ' ') ?? '—'} UTC, load ${f.loadAtStart?.join(', ') ?? '—'} at start (2 cores shared with other work: times vary from run to run).`,
	];
}

/**
 * Varnish Cache (Debian's `varnish` package) in front of an origin on loopback: the stock
 * shared HTTP cache that stands in for a CDN in test/varnish/cdn.test.ts and bench/live.mjs.
 *
 * It runs with Varnish's builtin VCL (`-b`, no `-f`) unless a caller passes one: the point is
 * that the package's `Cache-Control` works with a shared cache nobody configured for it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { chmod, copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { freePort } from './site.mjs';

export const VARNISHD = '/usr/sbin/varnishd';
const VARNISHSTAT = '/usr/bin/varnishstat';

/**
 * @typedef {object} Varnish
 * @property {string} url `http://127.0.0.1:<port>`, the cache's address.
 * @property {string} version e.g. `varnish-7.1.1`.
 * @property {() => string} log Everything varnishd printed, for failure messages.
 * @property {() => boolean} alive Whether the manager process still runs.
 * @property {() => VarnishCounters} counters Varnish's own counters since it started (varnishstat).
 * @property {() => Promise<void>} close Stops the manager and its cache child, removes the work folder.
 */

/**
 * @typedef {object} VarnishCounters
 * @property {number} cacheHit requests answered from the cache (fresh or in grace)
 * @property {number} cacheMiss requests that had to fetch from the origin
 * @property {number} backendReq requests sent to the origin (misses, passes, background refreshes)
 * @property {number} synth answers Varnish made itself (with the package's VCL: purges among them)
 */

/**
 * @typedef {object} VarnishOptions
 * @property {string} [vcl] A VCL program instead of the builtin one; `{{origin}}` in it becomes
 *   the origin's `.host = "…"; .port = "…";`. Use only where the builtin VCL cannot do it.
 * @property {string} [storage] Size of the malloc storage, `64m` unless given.
 * @property {number} [port] The loopback port to listen on (a free one unless given).
 * @property {Record<string, string>} [env] Added to varnishd's environment (read by `std.getenv`).
 */

/** Why varnishd cannot run here, or undefined when it can. */
export function varnishMissing() {
	return existsSync(VARNISHD)
		? undefined
		: `${VARNISHD} not found: install Debian's Varnish with \`apt-get install varnish\``;
}

/**
 * Starts `varnishd -F` (manager in the foreground, in a process group of its own) on a free
 * loopback port in front of `origin`, with a fresh `-n` folder under the system temp folder,
 * and resolves once Varnish itself answers (a probe it answers without asking the origin).
 *
 * @param {string} origin e.g. `http://127.0.0.1:4321`
 * @param {VarnishOptions} [options]
 * @returns {Promise<Varnish>}
 */
export async function startVarnish(origin, options = {}) {
	const missing = varnishMissing();
	if (missing) throw new Error(missing);
	const { hostname, port: originPort } = new URL(origin);
	const originArgs = ['-b', `${hostname}:${originPort}`];
	// A port taken between freePort() and varnishd's bind makes it exit: try another one.
	for (let attempt = 1; ; attempt++) {
		const workdir = await mkdtemp(join(tmpdir(), 'aar-varnish-'));
		// Run as root, varnishd drops to its own users (varnish, vcache), which must reach this folder.
		await chmod(workdir, 0o755);
		let args = originArgs;
		if (options.vcl !== undefined) {
			const file = join(workdir, 'origin.vcl');
			const vcl = await withReadableIncludes(options.vcl, workdir);
			await writeFile(
				file,
				vcl.replace('{{origin}}', `.host = "${hostname}"; .port = "${originPort}";`),
			);
			args = ['-f', file];
		}
		try {
			return await launch(workdir, args, options);
		} catch (error) {
			await rm(workdir, { recursive: true, force: true });
			if (
				attempt >= 3 ||
				options.port ||
				!/Could not get socket|Address already in use/i.test(String(error))
			)
				throw error;
		}
	}
}

/**
 * Each absolute `include` copied into `workdir`: varnishd's compiler runs as its own user, which
 * cannot read a checkout in a private (0700) folder.
 * @param {string} vcl
 * @param {string} workdir
 */
async function withReadableIncludes(vcl, workdir) {
	let out = vcl;
	for (const [statement, path] of vcl.matchAll(/include "(\/[^"]+)";/g)) {
		const copy = join(workdir, `include-${basename(path)}`);
		await copyFile(path, copy);
		out = out.replace(statement, `include "${copy}";`);
	}
	return out;
}

/**
 * @param {string} workdir
 * @param {string[]} originArgs
 * @param {VarnishOptions} options
 * @returns {Promise<Varnish>}
 */
async function launch(workdir, originArgs, options) {
	const port = options.port ?? (await freePort());
	const storage = options.storage ?? '64m';
	const child = spawn(
		VARNISHD,
		['-F', '-n', workdir, '-a', `127.0.0.1:${port}`, ...originArgs, '-s', `malloc,${storage}`],
		{
			env: { ...process.env, ...options.env },
			stdio: ['ignore', 'pipe', 'pipe'],
			// Its own process group, so stopping it also stops the cache child varnishd forks.
			detached: true,
		},
	);
	let log = '';
	child.stdout?.on('data', (chunk) => (log += chunk));
	child.stderr?.on('data', (chunk) => (log += chunk));
	let exited = false;
	const exit = new Promise((resolve) =>
		child.once('close', () => {
			exited = true;
			resolve(undefined);
		}),
	);
	child.once('error', (error) => {
		log += `\n${error.message}`;
		exited = true;
	});
	const pid = child.pid;
	/** @param {NodeJS.Signals} signal */
	const signalGroup = (signal) => {
		if (pid === undefined) return;
		try {
			process.kill(-pid, signal);
		} catch {}
	};
	// Never leave a varnishd behind, even when the caller dies without calling close().
	const onExit = () => {
		signalGroup('SIGKILL');
		rmSync(workdir, { recursive: true, force: true });
	};
	process.once('exit', onExit);
	const close = async () => {
		process.removeListener('exit', onExit);
		if (!exited) {
			signalGroup('SIGTERM');
			await Promise.race([exit, new Promise((resolve) => setTimeout(resolve, 5000))]);
		}
		// The cache child may outlive a manager that was killed hard: stop the whole group.
		signalGroup('SIGKILL');
		await rm(workdir, { recursive: true, force: true });
	};

	const url = `http://127.0.0.1:${port}`;
	await waitForAnswer(url, { exited: () => exited, log: () => log, close });
	const version =
		/varnish-[\d.]+/.exec(spawnSync(VARNISHD, ['-V'], { encoding: 'utf8' }).stderr ?? '')?.[0] ??
		'varnish';
	return {
		url,
		version,
		log: () => log,
		alive: () => !exited,
		counters: () => counters(workdir),
		close,
	};
}

/**
 * Polls `url` until varnishd answers; when it exits first or takes over 20 s, closes it and throws with its log.
 * @param {string} url
 * @param {{ exited: () => boolean, log: () => string, close: () => Promise<void> }} varnishd
 */
async function waitForAnswer(url, varnishd) {
	const deadline = Date.now() + 20_000;
	for (;;) {
		if (varnishd.exited()) {
			await varnishd.close();
			throw new Error(`varnishd exited before answering:\n${varnishd.log()}`);
		}
		// Varnish's builtin VCL answers the HTTP/2 preface method PRI with a 405 of its own:
		// proof that the cache child runs, without a request reaching the origin.
		const status = await fetch(url, { method: 'PRI', signal: AbortSignal.timeout(1000) }).then(
			(response) => response.status,
			() => undefined,
		);
		if (status !== undefined) return;
		if (Date.now() > deadline) {
			await varnishd.close();
			throw new Error(`varnishd did not answer within 20 s:\n${varnishd.log()}`);
		}
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

/**
 * @param {string} workdir
 * @returns {VarnishCounters}
 */
function counters(workdir) {
	const run = spawnSync(
		VARNISHSTAT,
		[
			'-n',
			workdir,
			'-1',
			'-f',
			'MAIN.cache_hit',
			'-f',
			'MAIN.cache_miss',
			'-f',
			'MAIN.backend_req',
			'-f',
			'MAIN.s_synth',
		],
		{
			encoding: 'utf8',
		},
	);
	if (run.status !== 0) throw new Error(`varnishstat failed (${run.status}): ${run.stderr}`);
	/** @param {string} name */
	const value = (name) => {
		const match = new RegExp(`^MAIN\\.${name}\\s+(\\d+)`, 'm').exec(run.stdout);
		if (!match) throw new Error(`varnishstat printed no MAIN.${name}:\n${run.stdout}`);
		return Number(match[1]);
	};
	return {
		cacheHit: value('cache_hit'),
		cacheMiss: value('cache_miss'),
		backendReq: value('backend_req'),
		synth: value('s_synth'),
	};
}

/**
 * Varnish's counters once they satisfy `done` and stop moving (at most 5 s): Varnish sums them
 * per worker thread, a moment after the requests.
 *
 * @param {Varnish} cdn
 * @param {(counters: VarnishCounters) => boolean} done
 * @returns {Promise<VarnishCounters>}
 */
export async function settledCounters(cdn, done) {
	let last = cdn.counters();
	for (const deadline = Date.now() + 5000; Date.now() < deadline; ) {
		await new Promise((resolve) => setTimeout(resolve, 200));
		const next = cdn.counters();
		if (done(next) && JSON.stringify(next) === JSON.stringify(last)) return next;
		last = next;
	}
	return last;
}

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH, REPO } from './sites.mjs';

/** Live serving: bench/live.mjs in a child process, its last stdout line (JSON) and its summary lines. */
export async function liveFigure({ config, say }) {
	const script = join(BENCH, 'live.mjs');
	if (!existsSync(script))
		return { ok: false, reason: 'bench/live.mjs does not exist in this checkout' };
	say('live serving bench (bench/live.mjs)');
	const { code, stdout, stderr } = await runScript(script, config.smoke);
	const last = stdout.trim().split('\n').at(-1) ?? '';
	if (code !== 0)
		return {
			ok: false,
			reason: `bench/live.mjs exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' ')}`,
		};
	try {
		const data = JSON.parse(last);
		say(`  live: ${last}`);
		// The per-product figure is only in its human-readable lines (stderr).
		const perProduct = /at most (\d+) per product within one max-age window/.exec(stderr);
		return {
			ok: true,
			...data,
			maxUpstreamPerProductPerWindow: perProduct ? Number(perProduct[1]) : undefined,
			summary: stderr
				.split('\n')
				.filter((l) => /^\s+(cached hits|misses|ratio|upstream|hits|cdn\b[^:]*):/.test(l))
				.map((l) => l.trimEnd()),
		};
	} catch {
		return {
			ok: false,
			reason: `last stdout line of bench/live.mjs is not JSON: ${last.slice(0, 200)}`,
		};
	}
}

/**
 * A bench script with `--json` (and `--smoke`) in a child process: its exit code and output.
 * `limitMs`: stopped past it (a hung script never holds the run), and said so.
 */
export async function runScript(script, smoke, { limitMs = smoke ? 180_000 : 900_000 } = {}) {
	const child = spawn(process.execPath, [script, '--json', ...(smoke ? ['--smoke'] : [])], {
		cwd: REPO,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const out = [];
	const err = [];
	child.stdout.on('data', (c) => out.push(c));
	child.stderr.on('data', (c) => err.push(c));
	let stopped = false;
	const timer = setTimeout(() => {
		stopped = true;
		child.kill('SIGTERM');
	}, limitMs);
	const code = await new Promise((resolve) => child.on('close', resolve));
	clearTimeout(timer);
	const stderr = Buffer.concat(err).toString('utf8');
	return {
		code,
		stdout: Buffer.concat(out).toString('utf8'),
		stderr: stopped
			? `${stderr}\nstopped after ${Math.round(limitMs / 60_000)} min, the bound of ${script}`
			: stderr,
	};
}

// `astro dev` for the bench, in a pseudo-terminal (util-linux `script`: Astro binds `s + enter`
// only to a TTY), with its log, its process tree's RSS and a way to type into it.
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO } from './sites.mjs';

const ASTRO_BIN = join(REPO, 'node_modules/astro/bin/astro.mjs');
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

export function startDevServer(root, port, env) {
	const args = [ASTRO_BIN, 'dev', '--root', root, '--host', '127.0.0.1', '--port', String(port)];
	const command = [process.execPath, ...args].map((arg) => `'${arg}'`).join(' ');
	const child = spawn('script', ['-qfec', command, '/dev/null'], {
		cwd: root,
		env: {
			PATH: process.env.PATH ?? '',
			HOME: process.env.HOME ?? '',
			...env,
			ASTRO_TELEMETRY_DISABLED: '1',
			NO_COLOR: '1',
			FORCE_COLOR: '0',
		},
		stdio: ['pipe', 'pipe', 'pipe'],
	});
	let text = '';
	child.stdout.on('data', (chunk) => (text += chunk.toString().replace(ANSI, '')));
	child.stderr.on('data', (chunk) => (text += chunk.toString().replace(ANSI, '')));
	let gone = false;
	const exited = new Promise((resolve) => child.once('exit', resolve)).then(() => (gone = true));
	return {
		exited: () => gone,
		origin: `http://127.0.0.1:${port}`,
		log: () => text,
		type: (input) => child.stdin.write(input),
		/** Waits until the log from `from` on matches `pattern` (a liveness bound of `ms`). */
		async waitFor(pattern, from = 0, ms = 600_000) {
			const end = Date.now() + ms;
			while (!pattern.test(text.slice(from))) {
				if (Date.now() > end)
					throw new Error(`astro dev never printed ${pattern}:\n${text.slice(-3000)}`);
				await new Promise((resolve) => setTimeout(resolve, 100));
			}
		},
		/** RSS of the dev server's process tree, in bytes. */
		rss: () => treeRss(child.pid),
		async stop() {
			child.stdin.write('\x03');
			const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
			await exited;
			clearTimeout(timer);
		},
	};
}

async function treeRss(pid) {
	const children = new Map();
	for (const entry of await readdir('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
		const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
		if (!children.has(parent)) children.set(parent, []);
		children.get(parent).push(Number(entry));
	}
	let total = 0;
	const visit = async (id) => {
		const status = await readFile(`/proc/${id}/status`, 'utf8').catch(() => '');
		const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
		total += kib * 1024;
		for (const child of children.get(id) ?? []) await visit(child);
	};
	await visit(pid);
	return total;
}

/** Polls `url` until it answers `status` (and its body passes `ok`); ms from `since`. */
export async function untilAnswers(
	url,
	{ since = performance.now(), status = 200, ok = () => true, ms = 900_000, dev } = {},
) {
	const end = Date.now() + ms;
	for (;;) {
		if (dev?.exited())
			throw new Error(`astro dev exited before ${url} answered:\n${dev.log().slice(-3000)}`);
		const answer = await fetch(url, { signal: AbortSignal.timeout(120_000) }).then(
			async (response) => ({ status: response.status, body: await response.text() }),
			() => undefined,
		);
		if (answer?.status === status && ok(answer.body)) return performance.now() - since;
		if (Date.now() > end)
			throw new Error(
				`${url} never answered ${status} (last: ${answer?.status}):\n${dev?.log().slice(-3000) ?? ''}`,
			);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

import { spawn } from 'node:child_process';
import { cp, mkdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from '../live/standalone.js';
import { plain } from './build-fixture.js';
import { traced } from './trace.js';

const ASTRO = fileURLToPath(new URL('../../node_modules/astro/bin/astro.mjs', import.meta.url));

export interface DevServer {
	origin: string;
	port: number;
	/** Everything the dev server printed so far, colours stripped. */
	log(): string;
	/** Waits until the log, from `from` on, matches; a liveness bound only. */
	waitFor(pattern: RegExp, from?: number): Promise<string>;
	/** Types into the dev server's terminal (with `pty`). */
	type(text: string): void;
	stop(): Promise<void>;
}

/** A copy of a fixture site in test/.tmp, to run `astro dev` on (several times, keeping its store). */
export async function devSite(fixture: string, label: string): Promise<string> {
	const root = fileURLToPath(new URL(`../.tmp/${label}-${process.pid}/`, import.meta.url));
	await rm(root, { recursive: true, force: true });
	await mkdir(root, { recursive: true });
	await cp(fileURLToPath(new URL(`../fixtures/${fixture}/`, import.meta.url)), root, {
		recursive: true,
	});
	return root;
}

/**
 * `astro dev` on a site folder, in a clean environment (no Vitest variables, no CI: Astro's
 * shortcuts stay bound). With `pty`, in a pseudo-terminal (`script`), so `s + enter` works.
 */
export function startDev(
	root: string,
	env: Record<string, string>,
	options: { pty?: boolean; ready?: RegExp; port?: number } = {},
): Promise<DevServer> {
	return traced('dev', { pty: options.pty }, () => runDev(root, env, options));
}

async function runDev(
	root: string,
	env: Record<string, string>,
	options: { pty?: boolean; ready?: RegExp; port?: number },
): Promise<DevServer> {
	// The same port on a restart: Astro clears the content store when its config (port included) changed.
	const port = options.port ?? (await freePort());
	const args = [ASTRO, 'dev', '--root', root, '--host', '127.0.0.1', '--port', String(port)];
	const command = options.pty
		? spawn('script', ['-qfec', [process.execPath, ...args].map(quote).join(' '), '/dev/null'], {
				env: cleanEnv(env),
				stdio: ['pipe', 'pipe', 'pipe'],
			})
		: spawn(process.execPath, args, { env: cleanEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
	let text = '';
	let exited = false;
	const waiters = new Set<() => void>();
	const onData = (chunk: Buffer) => {
		text += chunk.toString();
		for (const wake of waiters) wake();
	};
	command.stdout!.on('data', onData);
	command.stderr!.on('data', onData);
	command.on('exit', () => {
		exited = true;
		for (const wake of waiters) wake();
	});
	const log = () => plain(text);
	const waitFor = (pattern: RegExp, from = 0) =>
		new Promise<string>((resolve, reject) => {
			const check = () => {
				const match = pattern.exec(log().slice(from));
				if (match) {
					waiters.delete(check);
					clearTimeout(timer);
					resolve(match[0]);
				} else if (exited) {
					waiters.delete(check);
					clearTimeout(timer);
					reject(new Error(`astro dev exited before ${pattern}:\n${log()}`));
				}
			};
			const timer = setTimeout(() => {
				waiters.delete(check);
				reject(new Error(`astro dev never printed ${pattern}:\n${log()}`));
			}, 90_000);
			waiters.add(check);
			check();
		});
	const origin = `http://127.0.0.1:${port}`;
	await waitFor(new RegExp(`Local\\s+http://127\\.0\\.0\\.1:${port}/`));
	await waitFor(options.ready ?? /Synced content/);
	// "ready" is printed before the page handler is installed: wait until the server answers.
	for (let attempt = 0; ; attempt++) {
		const status = await fetch(`${origin}/`).then(
			(response) => response.status,
			() => 0,
		);
		if (status !== 0) break;
		if (attempt > 600) throw new Error(`astro dev never answered:\n${log()}`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	return {
		origin,
		port,
		log,
		waitFor,
		type: (input) => command.stdin!.write(input),
		stop: async () => {
			if (exited) return;
			const gone = new Promise((resolve) => command.once('exit', resolve));
			// In a pseudo-terminal Astro runs in its own session: Ctrl-C reaches it, a signal to
			// `script` does not.
			if (options.pty) command.stdin!.write('\x03');
			else command.kill('SIGTERM');
			await gone;
		},
	};
}

function cleanEnv(env: Record<string, string>): Record<string, string> {
	return {
		PATH: process.env.PATH ?? '',
		HOME: process.env.HOME ?? '',
		FORCE_COLOR: '0',
		...env,
	};
}

function quote(arg: string): string {
	return `'${arg.replaceAll("'", `'\\''`)}'`;
}

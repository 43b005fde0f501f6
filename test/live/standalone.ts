import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Node 24 from node_modules: Astro 7's server output needs it, whatever runs vitest. */
const NODE = fileURLToPath(new URL('../../node_modules/node/bin/node', import.meta.url));

export interface StandaloneServer {
	url: string;
	/** Everything the server printed, for failure messages. */
	log(): string;
	/** Whether the process is still running (a crash would end it). */
	alive(): boolean;
	close(): Promise<void>;
}

export async function freePort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const address = server.address();
	await new Promise<void>((resolve) => server.close(() => resolve()));
	if (address === null || typeof address === 'string') throw new Error('no port');
	return address.port;
}

/** Starts `dist/server/entry.mjs` of an `@astrojs/node` standalone build on loopback. */
/** `env` entries set to undefined are removed from the inherited environment. */
export async function startStandalone(dist: string, env: Record<string, string | undefined>): Promise<StandaloneServer> {
	const port = await freePort();
	const merged: Record<string, string | undefined> = { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) };
	for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
	const child: ChildProcess = spawn(NODE, [join(dist, 'server', 'entry.mjs')], {
		env: merged,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	let exited = false;
	const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
	const url = `http://127.0.0.1:${port}`;
	const deadline = Date.now() + 30_000;
	for (;;) {
		if (exited) throw new Error(`Server exited before listening:\n${output}`);
		try {
			await fetch(`${url}/`, { signal: AbortSignal.timeout(1000) });
			break;
		} catch {
			if (Date.now() > deadline) throw new Error(`Server did not listen within 30 s:\n${output}`);
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
	}
	return {
		url,
		log: () => output,
		alive: () => !exited,
		close: async () => {
			if (exited) return;
			child.kill('SIGTERM');
			await Promise.race([exit, new Promise((resolve) => setTimeout(resolve, 5000))]);
			if (!exited) child.kill('SIGKILL');
		},
	};
}

import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../bench/live/site.mjs';
import { REPO_ROOT } from '../helpers/shell.js';

export interface WranglerDev {
	url: string;
	/** Everything wrangler and workerd printed, for failure messages. */
	log: () => string;
	close: () => Promise<void>;
}

/**
 * `wrangler dev` of a built Astro site (the adapter's redirected config, dist/server/wrangler.json)
 * on loopback, offline: no request to Cloudflare's API, no metrics. Resolves when wrangler says
 * it is ready; its workerd children go down with it (a process group of its own).
 */
export async function startWranglerDev(root: string): Promise<WranglerDev> {
	const port = await freePort();
	const wrangler = join(REPO_ROOT, 'node_modules/wrangler/bin/wrangler.js');
	const child = spawn(
		process.execPath,
		[wrangler, 'dev', '--ip', '127.0.0.1', '--port', String(port), '--log-level', 'info'],
		{
			cwd: root,
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
			env: {
				...process.env,
				CLOUDFLARE_CF_FETCH_ENABLED: 'false',
				WRANGLER_SEND_METRICS: 'false',
			},
		},
	);
	let log = '';
	let exited = false;
	const exit = new Promise<void>((resolve) =>
		child.once('exit', () => {
			exited = true;
			resolve();
		}),
	);
	const ready = new Promise<void>((resolve, reject) => {
		const read = (chunk: Buffer) => {
			log += chunk.toString();
			if (/Ready on http/.test(log)) resolve();
		};
		child.stdout.on('data', read);
		child.stderr.on('data', read);
		void exit.then(() => reject(new Error(`wrangler dev exited before it was ready:\n${log}`)));
	});
	const close = async () => {
		if (exited) return;
		process.kill(-child.pid!, 'SIGTERM');
		await Promise.race([exit, new Promise((resolve) => setTimeout(resolve, 10_000))]);
		if (!exited) process.kill(-child.pid!, 'SIGKILL');
	};
	await ready.catch(async (error: Error) => {
		await close();
		throw error;
	});
	return { url: `http://127.0.0.1:${port}`, log: () => log, close };
}

import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../bench/live/site.mjs';
import { REPO_ROOT } from './shell.js';
import { traced } from './trace.js';

export interface Preview {
	/** `http://127.0.0.1:<port>`: the host a shop previewing its build visits. */
	origin: string;
	log(): string;
	close(): Promise<void>;
}

/**
 * `astro preview` of a built site on loopback, as a shop runs it before deploying, in a child
 * process on the Node that runs the tests (Astro 7's), with the environment the site's config read
 * at build time (`env`: preview loads the config again). Resolves once `readyPath` answers.
 */
export function startPreview(
	root: string,
	env: Record<string, string>,
	readyPath = '/',
): Promise<Preview> {
	return traced('preview', {}, () => runPreview(root, env, readyPath));
}

async function runPreview(
	root: string,
	env: Record<string, string>,
	readyPath: string,
): Promise<Preview> {
	const port = await freePort();
	const astro = join(REPO_ROOT, 'node_modules/astro/bin/astro.mjs');
	const child = spawn(
		process.execPath,
		[astro, 'preview', '--root', root, '--host', '127.0.0.1', '--port', String(port)],
		{
			env: { ...process.env, ...env, FORCE_COLOR: '0' },
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	);
	let output = '';
	child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	const origin = `http://127.0.0.1:${port}`;
	const preview: Preview = {
		origin,
		log: () => output,
		close: async () => {
			if (child.exitCode === null) child.kill();
			await exited;
		},
	};
	const deadline = Date.now() + 60_000;
	while (Date.now() < deadline) {
		if (child.exitCode !== null)
			throw new Error(`astro preview exited with ${child.exitCode}:\n${output}`);
		const status = await fetch(`${origin}${readyPath}`).then(
			(response) => response.status,
			() => undefined,
		);
		if (status === 200) return preview;
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	await preview.close();
	throw new Error(`astro preview did not answer ${readyPath} within 60 s:\n${output}`);
}

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The repository's root folder. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Runs a command with the repository's `node_modules/.bin` (Node 24) first on PATH, as npm
 * scripts do here; a failure's message carries the command's output.
 */
export const sh = (file: string, args: string[], cwd: string, env: Record<string, string> = {}) =>
	run(file, args, {
		cwd,
		env: {
			...process.env,
			...env,
			PATH: `${join(REPO_ROOT, 'node_modules/.bin')}:${process.env.PATH}`,
		},
		maxBuffer: 64 * 1024 * 1024,
	}).catch((error: Error & { stdout?: string; stderr?: string }) => {
		throw new Error(`${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
	});

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** This repository's `audio-reviews` bin, as built by `npm run build:pkg`. */
export const PACKAGE_CLI = fileURLToPath(new URL('../../integration/dist/cli.js', import.meta.url));

export interface CommandRun {
	code: number | null;
	stdout: string;
	stderr: string;
	/** The last stdout line parsed, when it is JSON (`--json` prints its answer there). */
	json: Record<string, unknown> | undefined;
}

/**
 * `audio-reviews <command> …` as a scheduled job runs it: the package's bin in a child process,
 * with only `PATH` and `env` set.
 */
export function runPackageCommand(
	command: string,
	args: readonly string[],
	options: { env: Record<string, string>; cwd?: string | undefined; cli?: string | undefined },
): Promise<CommandRun> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [options.cli ?? PACKAGE_CLI, command, ...args], {
			cwd: options.cwd,
			env: { PATH: process.env.PATH, ...options.env },
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
		child.on('error', reject);
		child.on('close', (code) => {
			const last = stdout.trim().split('\n').at(-1) ?? '';
			let json: Record<string, unknown> | undefined;
			try {
				json = last.startsWith('{') ? (JSON.parse(last) as Record<string, unknown>) : undefined;
			} catch {
				json = undefined;
			}
			resolve({ code, stdout, stderr, json });
		});
	});
}

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** This repository's package code as `npm run build:pkg` builds it (a file URL, ending in `/`). */
export const PACKAGE_DIST = new URL('../../integration/dist/', import.meta.url).href;

/** This repository's `audio-reviews` bin. */
export const PACKAGE_CLI = fileURLToPath(new URL('cli.js', PACKAGE_DIST));

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
		child.on('close', (code) => resolve({ code, stdout, stderr, json: lastJsonLine(stdout) }));
	});
}

/** The last stdout line parsed, when it is JSON (`--json` prints its answer there). */
export function lastJsonLine(stdout: string): Record<string, unknown> | undefined {
	const last = stdout.trim().split('\n').at(-1) ?? '';
	if (!last.startsWith('{')) return undefined;
	try {
		return JSON.parse(last) as Record<string, unknown>;
	} catch {
		return undefined;
	}
}

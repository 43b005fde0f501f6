import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startServer, type TestServer } from './http-server.js';

/** One POST the hook got. */
export interface HookCall {
	path: string;
	contentType: string | undefined;
	authorization: string | undefined;
	body: string;
}

/** How the hook answers the next calls: a status, or never. */
export type HookAnswer = number | 'hang';

export interface HookReceiver extends TestServer {
	/** The hook's URL: its path is the secret a host's build hook carries. */
	hook: string;
	calls: HookCall[];
	/** Answers for the next calls, in order; once used up, every call gets 200. */
	script(...answers: HookAnswer[]): void;
	reset(): void;
}

export const HOOK_SECRET = 'build_hooks/5f3c0ffee0secret';

/** A stand-in deploy hook (Netlify, Vercel, Cloudflare Pages) on loopback that records every call. */
export async function startHookReceiver(): Promise<HookReceiver> {
	const calls: HookCall[] = [];
	let answers: HookAnswer[] = [];
	const server = await startServer(async (req, res) => {
		let body = '';
		for await (const chunk of req) body += chunk;
		calls.push({
			path: req.url ?? '',
			contentType: req.headers['content-type'],
			authorization: req.headers.authorization,
			body,
		});
		const answer = answers.shift() ?? 200;
		if (answer === 'hang') return;
		res.writeHead(answer, { 'content-type': 'application/json' });
		res.end('{}');
	});
	return Object.assign(server, {
		hook: `${server.url}/${HOOK_SECRET}?token=s3cr3t`,
		calls,
		script: (...next: HookAnswer[]) => {
			answers = next;
		},
		reset: () => {
			calls.length = 0;
			answers = [];
		},
	});
}

const CLI = fileURLToPath(new URL('../../integration/dist/cli.js', import.meta.url));

export interface PollRun {
	code: number | null;
	stdout: string;
	stderr: string;
	/** The last stdout line parsed, when it is JSON. */
	json: Record<string, unknown> | undefined;
}

/** `audio-reviews poll …` as a scheduled job runs it: the package's bin, in a child process, in the site's folder. */
export function runPollCli(
	args: readonly string[],
	cwd: string,
	env: Record<string, string>,
	/** The package's bin: this repository's, or one a site installed from the tarball. */
	cli = CLI,
): Promise<PollRun> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [cli, 'poll', ...args], {
			cwd,
			env: { PATH: process.env.PATH, ...env },
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

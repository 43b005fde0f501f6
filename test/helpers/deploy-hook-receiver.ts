import type { runPollCommand } from '../../integration/src/poll/poll-command.js';
import { startServer, type TestServer } from './http-server.js';
import { inThisProcess, textOf } from './in-process.js';
import { type CommandRun, lastJsonLine, PACKAGE_DIST, runPackageCommand } from './package-cli.js';

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

export type PollRun = CommandRun;

/** `audio-reviews poll …` in the site's folder; `cli` another install's bin (a tarball's). */
export function runPollCli(
	args: readonly string[],
	cwd: string,
	env: Record<string, string>,
	cli?: string,
): Promise<PollRun> {
	return runPackageCommand('poll', args, { cwd, env, cli });
}

/**
 * The same run in this process: the bin's own command (its build in integration/dist, which the
 * site's config loads too) with `PATH` and `env` for its environment and the site's, its output
 * and Astro's kept. A child's start costs seconds of loading Astro and Vite each run; a few runs
 * per file stay `runPollCli`, which proves the bin itself.
 */
export async function runPollHere(
	args: readonly string[],
	cwd: string,
	env: Record<string, string>,
): Promise<PollRun> {
	const { runPollCommand: run } = (await import(`${PACKAGE_DIST}poll/poll-command.js`)) as {
		runPollCommand: typeof runPollCommand;
	};
	const commandEnv = { PATH: process.env.PATH, ...env };
	const { result, written } = await inThisProcess(commandEnv, () =>
		run(args, {
			cwd,
			env: commandEnv,
			out: (line) => process.stdout.write(`${line}\n`),
			err: (line) => process.stderr.write(`${line}\n`),
		}),
	);
	const stdout = textOf(written, 'stdout');
	// What Node does with an error the command let through: its stack on stderr, exit code 1.
	const crash =
		result.status === 'rejected' ? `${(result.reason as Error)?.stack ?? result.reason}\n` : '';
	return {
		code: result.status === 'fulfilled' ? result.value : 1,
		stdout,
		stderr: textOf(written, 'stderr') + crash,
		json: lastJsonLine(stdout),
	};
}

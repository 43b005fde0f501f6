import { sendJson, startServer, type TestServer } from './http-server.js';
import { type CommandRun, runPackageCommand } from './package-cli.js';

/** One POST the receiver got, whatever it answered. */
export interface IndexNowSubmission {
	/** When it arrived (ms since the epoch), to check waits between retries. */
	at: number;
	contentType: string | undefined;
	host: string;
	key: string;
	keyLocation: string;
	urlList: string[];
	/** The status the receiver answered. */
	answered: number;
}

export interface ScriptedAnswer {
	status: number;
	retryAfter?: string;
	body?: unknown;
}

export interface IndexNowReceiver extends TestServer {
	/** The URL to pass as `indexNow.endpoint`. */
	endpoint: string;
	submissions: IndexNowSubmission[];
	/** Answers for the next POSTs, in order; once used up, every POST gets 202 Accepted. */
	script(...answers: ScriptedAnswer[]): void;
	reset(): void;
}

/** A stand-in IndexNow endpoint on loopback: records every submission and answers as scripted. */
export async function startIndexNowReceiver(): Promise<IndexNowReceiver> {
	const submissions: IndexNowSubmission[] = [];
	let answers: ScriptedAnswer[] = [];
	const server = await startServer(async (req, res) => {
		let text = '';
		for await (const chunk of req) text += chunk;
		const answer = answers.shift() ?? { status: 202 };
		if (req.method === 'POST' && req.url === '/indexnow') {
			const body = JSON.parse(text) as Omit<IndexNowSubmission, 'at' | 'answered' | 'contentType'>;
			submissions.push({
				...body,
				at: Date.now(),
				contentType: req.headers['content-type'],
				answered: answer.status,
			});
		}
		sendJson(
			res,
			answer.status,
			answer.body ?? {},
			answer.retryAfter === undefined ? {} : { 'retry-after': answer.retryAfter },
		);
	});
	return Object.assign(server, {
		endpoint: `${server.url}/indexnow`,
		submissions,
		script: (...next: ScriptedAnswer[]) => {
			answers = next;
		},
		reset: () => {
			submissions.length = 0;
			answers = [];
		},
	});
}

/** Every URL submitted, in order. */
export const submittedUrls = (receiver: IndexNowReceiver) =>
	receiver.submissions.flatMap((submission) => submission.urlList);

/** `audio-reviews indexnow …` as a deploy job runs it: the package's bin, in a child process, in `cwd`. */
export function runIndexNowCli(args: string[], cwd: string): Promise<CommandRun> {
	return runPackageCommand('indexnow', args, { cwd, env: {} });
}

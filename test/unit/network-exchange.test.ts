import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PollError } from '../../integration/src/errors/errors.js';
import {
	type AttemptRecord,
	attemptTimeout,
	exchange,
} from '../../integration/src/network/exchange.js';
import { describeNetworkFailure, formatDuration } from '../../integration/src/network/wording.js';
import { callHook } from '../../integration/src/poll/deploy-hook.js';
import { startServer, type TestServer } from '../helpers/http-server.js';

let server: TestServer;
/** Requests the server holds unanswered, let go when the test ends. */
const held: (() => void)[] = [];

beforeAll(async () => {
	server = await startServer((req, res) => {
		const path = new URL(req.url ?? '/', 'http://x').pathname;
		if (path === '/hold') {
			held.push(() => res.end());
			return;
		}
		if (path === '/moved') {
			res.writeHead(302, { location: '/ok' });
			res.end();
			return;
		}
		res.writeHead(path === '/ok' ? 200 : 404, { 'x-method': req.method ?? '' });
		res.end('answer');
	});
});

afterAll(async () => {
	for (const release of held) release();
	await server.close();
});

/** A port nothing listens on: taken, then closed again. */
async function deadPort(): Promise<number> {
	const probe = createServer();
	await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
	const { port } = probe.address() as AddressInfo;
	await new Promise<void>((resolve) => probe.close(() => resolve()));
	return port;
}

/** The real fetch, counting its calls: proof the injected one is used. */
function countingFetch(): typeof fetch & { calls: string[] } {
	const calls: string[] = [];
	const counted = (input: string | URL | Request, init?: RequestInit) => {
		calls.push(String(input));
		return fetch(input, init);
	};
	return Object.assign(counted, { calls });
}

describe('exchange: the one network layer', () => {
	it('sends through the injected fetch and records the attempt once, with its template', async () => {
		const injected = countingFetch();
		const records: AttemptRecord[] = [];
		const answer = await exchange(
			{ method: 'POST', url: `${server.url}/ok`, template: '/ok', body: '{}' },
			{
				fetch: injected,
				timeoutMs: 60_000,
				read: async (response) => ({
					method: response.headers.get('x-method'),
					text: await response.text(),
				}),
				onAttempt: (record) => records.push(record),
			},
		);
		expect(answer).toEqual({ ok: true, status: 200, value: { method: 'POST', text: 'answer' } });
		expect(injected.calls).toEqual([`${server.url}/ok`]);
		expect(records).toHaveLength(1);
		expect(records[0]).toMatchObject({ method: 'POST', template: '/ok', status: 200 });
		expect(records[0]!.errorType).toBeUndefined();
		expect(records[0]!.durationMs).toBeGreaterThanOrEqual(0);
	});

	it('follows a redirect only through `hop`, and records the last answer', async () => {
		const records: AttemptRecord[] = [];
		const unread = await exchange(
			{ method: 'GET', url: `${server.url}/moved`, template: '/moved' },
			{ timeoutMs: 60_000 },
		);
		expect(unread).toEqual({ ok: true, status: 302, value: undefined });
		const followed = await exchange(
			{ method: 'GET', url: `${server.url}/moved`, template: '/moved' },
			{
				timeoutMs: 60_000,
				read: async (response, hop) =>
					(await hop(new URL(response.headers.get('location')!, server.url).href)).status,
				onAttempt: (record) => records.push(record),
			},
		);
		expect(followed).toMatchObject({ ok: true, value: 200 });
		expect(records.map((record) => record.status)).toEqual([200]);
	});

	it('words a refused connection once: the code, the address, and who was called', async () => {
		const port = await deadPort();
		const records: AttemptRecord[] = [];
		const answer = await exchange(
			{ method: 'PURGE', url: `http://127.0.0.1:${port}/`, template: '/' },
			{ timeoutMs: 60_000, onAttempt: (record) => records.push(record) },
		);
		if (answer.ok) throw new Error('expected no answer from a closed port');
		expect(answer.failure).toMatchObject({ kind: 'network', code: 'ECONNREFUSED' });
		expect(describeNetworkFailure(answer.failure, 'the node')).toBe(
			`Request to the node failed: connect ECONNREFUSED 127.0.0.1:${port}`,
		);
		expect(describeNetworkFailure(answer.failure)).toBe(
			`Request failed: connect ECONNREFUSED 127.0.0.1:${port}`,
		);
		expect(records).toEqual([expect.objectContaining({ errorType: 'ECONNREFUSED' })]);
		expect(records[0]!.status).toBeUndefined();
	});

	it('times out an attempt whose answer never comes, worded with its duration', async () => {
		const answer = await exchange(
			{ method: 'GET', url: `${server.url}/hold`, template: '/hold' },
			{ timeoutMs: 300 },
		);
		if (answer.ok) throw new Error('expected the held request to time out');
		expect(answer.failure).toMatchObject({ kind: 'timeout', ms: 300, cutByDeadline: false });
		expect(describeNetworkFailure(answer.failure, 'the endpoint')).toBe(
			'The endpoint did not answer within 300 ms',
		);
		expect(describeNetworkFailure(answer.failure)).toBe('No response within 300 ms');
	});

	it("throws the caller's own abort as it is, never as a network failure", async () => {
		const stop = new AbortController();
		const reason = new Error('the visitor left');
		const pending = exchange(
			{ method: 'GET', url: `${server.url}/hold`, template: '/hold' },
			{ timeoutMs: 60_000, signal: stop.signal },
		);
		stop.abort(reason);
		await expect(pending).rejects.toBe(reason);
	});
});

describe('the timeout rule and its wording', () => {
	it('gives each attempt its timeout, cut at the deadline, never under 1 ms', () => {
		expect(attemptTimeout(5000, undefined, 0)).toEqual({ ms: 5000, cutByDeadline: false });
		expect(attemptTimeout(5000, 8000, 0)).toEqual({ ms: 5000, cutByDeadline: false });
		expect(attemptTimeout(5000, 1200, 0)).toEqual({ ms: 1200, cutByDeadline: true });
		expect(attemptTimeout(5000, 0, 10)).toEqual({ ms: 1, cutByDeadline: true });
	});

	it('writes whole seconds as seconds, the rest in milliseconds', () => {
		expect(formatDuration(60_000)).toBe('60 s');
		expect(formatDuration(1000)).toBe('1 s');
		expect(formatDuration(1500)).toBe('1500 ms');
		expect(formatDuration(250)).toBe('250 ms');
	});
});

describe('the deploy hook on the network layer', () => {
	it('posts through an injected fetch and says a failure without the hook whole', async () => {
		const injected = countingFetch();
		const hook = {
			url: new URL(`${server.url}/ok`),
			body: '{}',
			token: undefined,
			timeoutMs: 60_000,
			fetch: injected,
		};
		expect(await callHook(hook)).toBe(200);
		expect(injected.calls).toEqual([`${server.url}/ok`]);
		const secret = new URL(`${server.url}/hold?token=s3cret`);
		const failed = await callHook({ ...hook, url: secret, timeoutMs: 300 }).catch((e) => e);
		expect(failed).toBeInstanceOf(PollError);
		expect(failed.message).toBe(
			`The deploy hook ${server.url}/… did not answer within 300 ms: nothing recorded, the next run calls it again`,
		);
	});
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChangeReport } from '../../integration/src/pages/change-report.js';
import {
	type IndexNowReceiver,
	runIndexNowCli,
	startIndexNowReceiver,
	submittedUrls,
} from '../helpers/index-now-receiver.js';

/**
 * `audio-reviews indexnow` (the package's bin) against a stand-in IndexNow endpoint on loopback,
 * reading change reports written here: batching, retries, refusals, dry run, exit codes.
 */
const KEY = 'c0ffee00-indexnow-key-1234';
let receiver: IndexNowReceiver;
let cwd: string;

beforeAll(async () => {
	receiver = await startIndexNowReceiver();
	cwd = await mkdtemp(join(tmpdir(), 'aar-indexnow-'));
	await mkdir(join(cwd, '.astro'));
});
afterAll(async () => {
	await receiver.close();
	await rm(cwd, { recursive: true, force: true });
});
beforeEach(() => receiver.reset());

const url = (i: number) => `https://shop.example/products/SKU-${i}/`;
const urls = (from: number, count: number) =>
	Array.from({ length: count }, (_, i) => url(from + i));

function report(
	lists: Partial<Pick<ChangeReport, 'added' | 'changed' | 'removed' | 'previousBuild'>>,
): ChangeReport {
	return {
		format: 1,
		generatedAt: '2026-11-21T10:00:00.000Z',
		site: 'https://shop.example',
		previousBuild: '2026-11-20T10:00:00.000Z',
		summary: 'from the test',
		added: [],
		changed: [],
		removed: [],
		unchanged: 10,
		lastKnownGood: [],
		indexNow: {
			endpoint: receiver.endpoint,
			host: 'shop.example',
			key: KEY,
			keyLocation: `https://shop.example/${KEY}.txt`,
		},
		...lists,
	};
}

/** Writes the report where a build writes it by default, and runs the command there. */
async function run(written: unknown, ...args: string[]) {
	await writeFile(join(cwd, '.astro/audio-reviews-changes.json'), JSON.stringify(written));
	return runIndexNowCli(args, cwd);
}

describe('audio-reviews indexnow', () => {
	it('submits added, changed and removed URLs as {host, key, keyLocation, urlList}, 10,000 per POST (10,001 → 2 POSTs)', async () => {
		const lists = { added: urls(0, 1), changed: urls(1, 10_000), removed: urls(20_000, 0) };
		const { code, stdout } = await run(report(lists));
		expect(code, stdout).toBe(0);
		expect(receiver.submissions.map((s) => s.urlList.length)).toEqual([10_000, 1]);
		expect(submittedUrls(receiver)).toEqual([...lists.added, ...lists.changed]);
		for (const submission of receiver.submissions) {
			expect(submission).toMatchObject({
				host: 'shop.example',
				key: KEY,
				keyLocation: `https://shop.example/${KEY}.txt`,
			});
			expect(submission.contentType).toBe('application/json; charset=utf-8');
		}
		expect(stdout).toContain('submitting 10,001 URLs in 2 batches');
		expect(stdout).toContain('batch 2/2: 1 URLs accepted (HTTP 202)');
		expect(stdout).toContain('10,001 URLs submitted.');
	});

	it('submits removed pages too, each URL once', async () => {
		const { code } = await run(
			report({ changed: [url(1), url(2)], removed: [url(3)], added: [url(2)] }),
		);
		expect(code).toBe(0);
		expect(submittedUrls(receiver).sort()).toEqual([url(1), url(2), url(3)]);
	});

	it('sends nothing for a build that changed nothing', async () => {
		const { code, stdout } = await run(report({}));
		expect(code).toBe(0);
		expect(stdout).toContain('Nothing changed since the previous build');
		expect(receiver.submissions).toEqual([]);
	});

	it('sends nothing after a first build unless asked with --first-build all', async () => {
		const first = report({ previousBuild: null, added: urls(0, 3) });
		const none = await run(first);
		expect(none.code).toBe(0);
		expect(none.stdout).toContain(
			'First build (nothing to compare with): nothing submitted. Pass --first-build all to submit its 3 pages',
		);
		expect(receiver.submissions).toEqual([]);

		const all = await run(first, '--first-build', 'all');
		expect(all.code, all.stderr).toBe(0);
		expect(submittedUrls(receiver)).toEqual(urls(0, 3));
	});

	it('--dry-run prints each POST body and sends nothing', async () => {
		const lists = { changed: urls(0, 10_001) };
		const { code, stdout } = await run(report(lists), '--dry-run');
		expect(code).toBe(0);
		expect(receiver.submissions).toEqual([]);
		const lines = stdout.trim().split('\n');
		expect(lines[0]).toBe(
			`IndexNow dry run: would POST 10,001 URLs in 2 batches to ${receiver.endpoint} (from the test):`,
		);
		const bodies = lines
			.slice(1)
			.map((line) => JSON.parse(line) as { host: string; urlList: string[] });
		expect(bodies.map((body) => body.urlList.length)).toEqual([10_000, 1]);
		expect(bodies.flatMap((body) => body.urlList)).toEqual(lists.changed);
		expect(bodies[0]).toMatchObject({
			host: 'shop.example',
			key: KEY,
			keyLocation: `https://shop.example/${KEY}.txt`,
		});
	});
});

describe('audio-reviews indexnow: the endpoint answers', () => {
	it('retries a 429 after its Retry-After, and 5xx answers with backoff', async () => {
		receiver.script({ status: 429, retryAfter: '1' }, { status: 503 }, { status: 500 });
		const { code, stdout } = await run(report({ changed: [url(1)] }));
		expect(code, stdout).toBe(0);
		expect(receiver.submissions.map((s) => s.answered)).toEqual([429, 503, 500, 202]);
		expect(receiver.submissions.every((s) => s.urlList.join() === url(1))).toBe(true);
		// The service asked for one second: the second try did not come before it.
		expect(receiver.submissions[1]!.at - receiver.submissions[0]!.at).toBeGreaterThanOrEqual(1000);
		expect(stdout).toContain('batch 1/1: 1 URLs accepted (HTTP 202, 4 attempts)');
	});

	it('gives up with exit code 3 when the next try would fall past the time budget', async () => {
		receiver.script({ status: 429, retryAfter: '3600' });
		const { code, stderr } = await run(report({ changed: [url(1)] }), '--budget', '60');
		expect(code).toBe(3);
		expect(receiver.submissions).toHaveLength(1);
		expect(stderr).toMatch(
			/still failing when the time budget ran out \(the next try was due in 360[01] s\)/,
		);
		expect(stderr).toContain('Too Many Requests');
		expect(stderr).toContain(`url ${receiver.endpoint}`);
	});

	it.each([
		[400, 'Bad request: the endpoint could not read the submission'],
		[403, 'Forbidden: the key is not valid'],
		[422, 'URLs that do not belong to the host'],
	])('reports %i with its meaning, exit code 1, no retry', async (status, meaning) => {
		receiver.script({ status, body: { message: 'said by the endpoint' } });
		const { code, stderr } = await run(report({ changed: [url(1)] }));
		expect(code).toBe(1);
		expect(receiver.submissions).toHaveLength(1);
		expect(stderr).toContain(meaning);
		expect(stderr).toContain(`HTTP ${status}`);
		expect(stderr).toContain('said by the endpoint');
	});

	it('stops at the first refused batch and says how many URLs went through', async () => {
		receiver.script({ status: 202 }, { status: 403 });
		const { code, stderr } = await run(report({ changed: urls(0, 10_001) }));
		expect(code).toBe(1);
		expect(receiver.submissions.map((s) => s.urlList.length)).toEqual([10_000, 1]);
		expect(stderr).toContain('10,000 of 10,001 URLs were accepted before that');
	});
});

describe('audio-reviews indexnow: nothing sent when the report is not usable (exit code 2)', () => {
	it.each([
		// Functions: the receiver's endpoint is known only once the tests run.
		['no report', () => undefined, /No change report at .*missing\.json: run `astro build`/],
		[
			'a build without indexNow',
			() => ({ ...report({ changed: [url(1)] }), indexNow: undefined }),
			/without the `indexNow` option: add `indexNow: \{\}`/,
		],
		[
			'site-relative URLs',
			() => report({ changed: ['/products/SKU-1/'] }),
			/not an absolute URL: set `site`/,
		],
		[
			'another host',
			() => report({ changed: ['https://elsewhere.example/x/'] }),
			/not of host shop\.example/,
		],
		['another format', () => ({ ...report({}), format: 2 }), /unknown change report format 2/],
		[
			'a damaged list',
			() => ({ ...report({}), removed: ['https://shop.example/a/', 7] }),
			/removed\[1\] does not fit \(.*\); rebuild to write it anew/,
		],
		[
			'an incomplete indexNow block',
			() => ({ ...report({}), indexNow: { ...report({}).indexNow!, key: '' } }),
			/indexNow\.key does not fit/,
		],
	])('%s', async (_, make, message) => {
		const written = make();
		const result =
			written === undefined
				? await runIndexNowCli(['--report', 'missing.json'], cwd)
				: await run(written);
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(message);
		expect(receiver.submissions).toEqual([]);
	});

	it('refuses unknown arguments', async () => {
		const result = await run(report({ changed: [url(1)] }), '--first-build', 'some');
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('Expected --first-build to be "none" or "all"');
	});
});

describe('audio-reviews indexnow: the shared command-line conventions', () => {
	const lastLine = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1)!) as unknown;

	it('--json ends with the outcome, when it submits and when it is refused', async () => {
		const submitted = await run(report({ changed: [url(1), url(2)] }), '--json');
		expect(submitted.code).toBe(0);
		expect(lastLine(submitted.stdout)).toEqual({ outcome: 'submitted', urls: 2, submitted: 2 });
		receiver.script({ status: 403 });
		const refused = await run(report({ changed: [url(1)] }), '--json');
		expect(refused.code).toBe(1);
		expect(lastLine(refused.stdout)).toMatchObject({ outcome: 'refused', urls: 1, submitted: 0 });
		expect((lastLine(refused.stdout) as { error: string }).error).toContain('HTTP 403');
	});

	it('--budget takes a duration (a bare number is seconds); a wrong one is a usage error, 2', async () => {
		receiver.script({ status: 429, retryAfter: '3600' });
		const minutes = await run(report({ changed: [url(1)] }), '--budget', '1m');
		expect(minutes.code).toBe(3);
		expect(minutes.stderr).toContain('still failing when the time budget ran out');
		const wrong = await run(report({ changed: [url(1)] }), '--budget', 'soon', '--json');
		expect(wrong.code).toBe(2);
		expect(wrong.stderr).toContain('Expected --budget to be a duration such as 90s, 10m or 1h');
		expect(lastLine(wrong.stdout)).toMatchObject({ outcome: 'usage' });
		expect(receiver.submissions).toHaveLength(1);
	});
});

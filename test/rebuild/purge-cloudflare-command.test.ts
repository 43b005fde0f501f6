import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPurgeCloudflareCommand } from '../../integration/src/cloudflare-purge/purge-cloudflare-command.js';
import { sendJson, startServer, type TestServer } from '../helpers/http-server.js';

/**
 * `audio-reviews purge-cloudflare` on the shared conventions: `--json` as the last line, usage
 * errors as exit 2, and a purge API that never answers cut by the network layer's timeout.
 */

let dir: string;
let api: TestServer;
let calls = 0;
let stalled: TestServer;

beforeAll(async () => {
	dir = await mkdtemp(join(tmpdir(), 'aar-purge-command-'));
	await writeFile(
		join(dir, 'report.json'),
		JSON.stringify({
			format: 1,
			generatedAt: '2026-11-21T10:00:00.000Z',
			site: 'https://shop.example',
			previousBuild: '2026-11-20T10:00:00.000Z',
			summary: '3 changed',
			added: [],
			changed: ['a', 'b', 'c'].map((ref) => `https://shop.example/products/${ref}/`),
			removed: [],
			unchanged: 0,
			lastKnownGood: [],
		}),
	);
	api = await startServer((_req, res) => {
		calls++;
		sendJson(res, 200, { success: true, errors: [] });
	});
	// Takes the request and never answers.
	stalled = await startServer(() => undefined);
});
afterAll(async () => {
	await api?.close();
	await stalled?.close();
	await rm(dir, { recursive: true, force: true });
});

async function run(argv: string[], env: Record<string, string> = {}) {
	const out: string[] = [];
	const err: string[] = [];
	const code = await runPurgeCloudflareCommand(argv, {
		out: (line) => out.push(line),
		err: (line) => err.push(line),
		cwd: dir,
		env: {
			CLOUDFLARE_ZONE_ID: 'zone-1',
			CLOUDFLARE_API_TOKEN: 'token-1',
			CLOUDFLARE_API_BASE: api.url,
			...env,
		},
	});
	return { code, out, err, json: JSON.parse(out.at(-1) ?? 'null') as Record<string, unknown> };
}

describe('audio-reviews purge-cloudflare', () => {
	it('purges in batches and ends with one JSON line', async () => {
		const before = calls;
		const result = await run(['--report', 'report.json', '--json'], {
			CLOUDFLARE_PURGE_BATCH: '2',
		});
		expect(result.code).toBe(0);
		expect(calls - before).toBe(2);
		expect(result.json).toEqual({ outcome: 'purged', urls: 3, purged: 3 });
	});

	it('stops a call the API never answers at --timeout: exit 1, the next run tries again', async () => {
		const result = await run(['--report', 'report.json', '--timeout', '300ms', '--json'], {
			CLOUDFLARE_API_BASE: stalled.url,
		});
		expect(result.code).toBe(1);
		expect(result.json).toMatchObject({ outcome: 'failed', purged: 0 });
		expect(result.err.join('\n')).toMatch(/Purge failed: .*within 300 ms/);
	});

	it('refuses wrong arguments and missing secrets with exit 2, before any call', async () => {
		const before = calls;
		const flag = await run(['--bogus', '--json']);
		expect(flag.code).toBe(2);
		expect(flag.json).toMatchObject({ outcome: 'usage' });
		expect(flag.err.join('\n')).toContain('audio-reviews purge-cloudflare --help');
		const secrets = await run(['--report', 'report.json'], { CLOUDFLARE_API_TOKEN: '' });
		expect(secrets.code).toBe(2);
		expect(secrets.err.join('\n')).toContain('CLOUDFLARE_API_TOKEN');
		const missing = await run(['--report', 'nowhere.json']);
		expect(missing.code).toBe(2);
		expect(missing.err.join('\n')).toContain('No change report');
		expect(calls).toBe(before);
	});
});

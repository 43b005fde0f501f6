import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeReport } from '../../integration/src/pages/change-report.js';
import { sendJson, startServer, type TestServer } from '../helpers/http-server.js';

interface Recorded {
	url: string;
	headers: Record<string, string | string[] | undefined>;
	body: string;
}

/** A stand-in purge API that records every call and answers `status`/`body`. */
async function purgeApi(
	status: number,
	body: unknown,
): Promise<TestServer & { requests: Recorded[] }> {
	const requests: Recorded[] = [];
	const server = await startServer(async (req, res) => {
		let text = '';
		for await (const chunk of req) text += chunk;
		requests.push({ url: req.url ?? '', headers: req.headers, body: text });
		sendJson(res, status, body);
	});
	return Object.assign(server, { requests });
}

/** The Cloudflare purge recipe against a stand-in of the purge API on loopback. */
const SCRIPT = fileURLToPath(
	new URL('../../integration/scripts/purge-cloudflare.mjs', import.meta.url),
);
let api: Awaited<ReturnType<typeof purgeApi>>;
let dir: string;

beforeAll(async () => {
	api = await purgeApi(200, { success: true, errors: [] });
	dir = await mkdtemp(join(tmpdir(), 'aar-purge-'));
});
afterAll(async () => {
	await api.close();
	await rm(dir, { recursive: true, force: true });
});

function report(changed: number, removed: number): ChangeReport {
	const url = (i: number) => `https://shop.example/products/SKU-${i}/`;
	return {
		format: 1,
		generatedAt: '2026-11-21T10:00:00.000Z',
		site: 'https://shop.example',
		previousBuild: '2026-11-20T10:00:00.000Z',
		summary: `${changed} changed, 0 added, ${removed} removed, 10 unchanged`,
		added: [],
		changed: Array.from({ length: changed }, (_, i) => url(i)),
		removed: Array.from({ length: removed }, (_, i) => url(1000 + i)),
		unchanged: 10,
		lastKnownGood: [],
	};
}

async function run(
	file: string,
	env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [SCRIPT, file], {
			env: {
				PATH: process.env.PATH,
				CLOUDFLARE_ZONE_ID: 'zone-1',
				CLOUDFLARE_API_TOKEN: 'token-1',
				CLOUDFLARE_API_BASE: api.url,
				...env,
			},
		});
		let output = '';
		child.stdout.on('data', (chunk: Buffer) => (output += chunk));
		child.stderr.on('data', (chunk: Buffer) => (output += chunk));
		child.on('close', (code) => resolve({ code, output }));
	});
}

describe('Cloudflare purge recipe', () => {
	it('purges changed and removed URLs in batches of 30, authenticated', async () => {
		const file = join(dir, 'report.json');
		await writeFile(file, JSON.stringify(report(40, 5)));
		api.requests.length = 0;
		const { code, output } = await run(file);
		expect(code, output).toBe(0);
		expect(output).toContain('Purged 45 URLs');
		expect(api.requests.map((r) => r.url)).toEqual([
			'/zones/zone-1/purge_cache',
			'/zones/zone-1/purge_cache',
		]);
		expect(api.requests.every((r) => r.headers.authorization === 'Bearer token-1')).toBe(true);
		const sent = api.requests.flatMap((r) => (JSON.parse(r.body) as { files: string[] }).files);
		expect(sent).toEqual([...report(40, 5).changed, ...report(40, 5).removed]);
	});

	it('does nothing after a first build and fails loudly on relative URLs or API errors', async () => {
		const first = join(dir, 'first.json');
		await writeFile(first, JSON.stringify({ ...report(3, 0), previousBuild: null }));
		api.requests.length = 0;
		expect((await run(first)).code).toBe(0);
		expect(api.requests).toHaveLength(0);

		const relative = join(dir, 'relative.json');
		await writeFile(relative, JSON.stringify({ ...report(0, 0), changed: ['/products/x/'] }));
		const rel = await run(relative);
		expect(rel.code).toBe(2);
		expect(rel.output).toContain('set `site`');

		const failing = await purgeApi(403, {
			success: false,
			errors: [{ code: 10000, message: 'Authentication error' }],
		});
		try {
			const file = join(dir, 'report.json');
			const result = await run(file, { CLOUDFLARE_API_BASE: failing.url });
			expect(result.code).toBe(1);
			expect(result.output).toContain('Authentication error');
		} finally {
			await failing.close();
		}
	});
});

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../simulator/src/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(await readFile(`${ROOT}package.json`, 'utf8')) as {
	bin: Record<string, string>;
};
const BIN = `${ROOT}${pkg.bin['audio-reviews-simulator']}`;
const children: ChildProcess[] = [];

beforeAll(() => {
	if (!existsSync(BIN))
		throw new Error(
			`${BIN} is missing: run \`npm run build:pkg\` (npm test does) before this test`,
		);
});
afterEach(() => {
	for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function startBin(args: string[]): ChildProcess {
	const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
	children.push(child);
	return child;
}

/** The `name   value` lines the bin prints once it listens, up to the last one asked for. */
async function banner(child: ChildProcess, last: string): Promise<Record<string, string>> {
	const lines: Record<string, string> = {};
	for await (const line of createInterface({ input: child.stdout! })) {
		const [name, value] = line.split(/\s+/, 2);
		if (name && value) lines[name] = value;
		if (name === last) return lines;
	}
	throw new Error(`the bin exited before printing ${last}`);
}

/** Exit code and output of a run that ends by itself. */
async function finished(
	child: ChildProcess,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
	let stdout = '';
	let stderr = '';
	child.stdout!.on('data', (chunk) => (stdout += chunk));
	child.stderr!.on('data', (chunk) => (stderr += chunk));
	const [code] = (await once(child, 'exit')) as [number | null];
	return { code, stdout, stderr };
}

describe('the audio-reviews-simulator bin', () => {
	it('serves the catalogue its flags ask for, takes control over HTTP, and stops on SIGTERM', async () => {
		const child = startBin([
			'--port',
			'0',
			'--products',
			'7',
			'--locales',
			'de,nl',
			'--seed',
			'3',
			'--control',
		]);
		const { baseUrl, websiteId, control } = await banner(child, 'control');
		expect(control).toBe(`${baseUrl}/__control`);
		const list = async () =>
			(
				await fetch(`${baseUrl}/ws/websites/${websiteId}/products?locale=nl&limit=100`)
			).json() as Promise<{
				count_item: number;
				items: Array<{ external_id: string; name?: string }>;
			}>;
		const before = await list();
		expect(before.count_item).toBe(7);

		const ref = before.items[0]!.external_id;
		const patched = await fetch(`${control}/products/${encodeURIComponent(ref)}`, {
			method: 'PATCH',
			body: JSON.stringify({ name: 'Renamed by a test' }),
		});
		expect(patched.status).toBe(200);
		expect((await fetch(`${control}/products`, { method: 'POST', body: '{}' })).status).toBe(201);
		const after = await list();
		expect(after.count_item).toBe(8);
		expect(after.items[0]!.name).toBe('Renamed by a test');

		child.kill('SIGTERM');
		const [code] = (await once(child, 'exit')) as [number | null];
		expect(code).toBe(0);
	});

	it('serves its own author pictures with --avatars served, and names the flag on a bad value', async () => {
		const child = startBin([
			'--port',
			'0',
			'--products',
			'5',
			'--locales',
			'fr',
			'--avatars',
			'served',
		]);
		const { baseUrl, websiteId } = await banner(child, 'try');
		const list = (await (
			await fetch(`${baseUrl}/ws/websites/${websiteId}/products?locale=fr`)
		).json()) as {
			items: Array<{ reviews: Array<{ user: { image_url?: string } }> }>;
		};
		const picture = list.items
			.flatMap((item) => item.reviews)
			.find((review) => review.user.image_url)!.user.image_url!;
		expect(picture.startsWith(`${baseUrl}/media/avatars/`)).toBe(true);
		const response = await fetch(picture);
		expect(response.headers.get('content-type')).toBe('image/svg+xml');
		expect(await response.text()).toMatch(/^<svg /);
		const bad = await finished(startBin(['--avatars', 'local']));
		expect(bad.code).toBe(2);
		expect(bad.stderr).toContain('--avatars expects cdn or served, got "local"');
	});

	it('keeps the control API off without --control', async () => {
		const child = startBin(['--port', '0', '--products', '1']);
		const { baseUrl } = await banner(child, 'try');
		expect(
			(await fetch(`${baseUrl}/__control/products`, { method: 'POST', body: '{}' })).status,
		).toBe(405);
	});

	it('documents every flag in --help', async () => {
		const { code, stdout } = await finished(startBin(['--help']));
		expect(code).toBe(0);
		for (const flag of [
			'--port',
			'--control',
			'--products',
			'--locales',
			'--error-rate',
			'--latency',
			'--outage',
			'--avatars',
			'--media-base-url',
		])
			expect(stdout).toContain(flag);
	});

	it('exits 2 naming the flag for a bad value or an unknown flag', async () => {
		const bad = await finished(startBin(['--products', 'many']));
		expect(bad.code).toBe(2);
		expect(bad.stderr).toContain(
			'audio-reviews-simulator: --products expects a number, got "many"',
		);
		const unknown = await finished(startBin(['--prodcts', '3']));
		expect(unknown.code).toBe(2);
		expect(unknown.stderr).toContain("'--prodcts'");
	});

	it('says how to pick another port when its port is taken', async () => {
		const taken = await startSimulator({ products: 1 });
		try {
			const port = new URL(taken.baseUrl).port;
			const run = await finished(startBin(['--port', port]));
			expect(run.code).toBe(2);
			expect(run.stderr).toContain('EADDRINUSE');
			expect(run.stderr).toContain('pass --port <n>, or --port 0 for a free one');
		} finally {
			await taken.close();
		}
	});
});

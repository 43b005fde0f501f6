import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const VARNISHTEST = '/usr/bin/varnishtest';
const VCL = fileURLToPath(new URL('../../varnish/audio-reviews.vcl', import.meta.url));
const VTC = fileURLToPath(new URL('./audio-reviews.vtc', import.meta.url));

describe('the package VCL alone (varnishtest)', () => {
	it('caches as the provider says, serves the last good copy on errors, purges by key, strips cache headers', async () => {
		// Fail, never skip: varnishtest comes with Debian's varnish package.
		expect(existsSync(VARNISHTEST), 'install Debian’s varnish and varnish-modules').toBe(true);
		// varnishd's compiler runs as its own user, which cannot read a checkout in a 0700 folder.
		const dir = await mkdtemp(join(tmpdir(), 'aar-vtc-'));
		await chmod(dir, 0o755);
		const vcl = join(dir, 'audio-reviews.vcl');
		const vtc = join(dir, 'audio-reviews.vtc');
		await copyFile(VCL, vcl);
		await copyFile(VTC, vtc);
		// Not quiet: on a failure varnishtest prints the test's log, whose `----` lines say what failed.
		const result = await run(VARNISHTEST, [`-Dvcl=${vcl}`, vtc], {
			timeout: 120_000,
			maxBuffer: 64 * 1024 * 1024,
		}).then(
			(done) => ({ code: 0, output: done.stdout + done.stderr }),
			(error: { code?: number; stdout?: string; stderr?: string }) => ({
				code: error.code ?? 1,
				output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
			}),
		);
		await rm(dir, { recursive: true, force: true });
		expect(result.code, failureLines(result.output)).toBe(0);
	});
});

/** The failed expectation with the exchange before it, and varnishtest's verdict. */
function failureLines(log: string): string {
	const lines = log.split('\n');
	const failed = lines.findIndex((line) => line.startsWith('----'));
	const context = failed < 0 ? lines.slice(-40) : lines.slice(Math.max(0, failed - 40), failed + 1);
	return [...context, ...lines.filter((line) => line.startsWith('#'))].join('\n');
}

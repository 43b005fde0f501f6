import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const VARNISHTEST = '/usr/bin/varnishtest';
const VCL = fileURLToPath(new URL('../../varnish/audio-reviews.vcl', import.meta.url));
const VTC = fileURLToPath(new URL('../../varnish/audio-reviews.vtc', import.meta.url));

describe('the package VCL alone (varnishtest)', () => {
	it('caches as the provider says, serves the last good copy on errors, purges by key, strips cache headers', async () => {
		// Fail, never skip: varnishtest comes with Debian's varnish package.
		expect(existsSync(VARNISHTEST), 'install Debian’s varnish and varnish-modules').toBe(true);
		const result = await run(VARNISHTEST, ['-q', `-Dvcl=${VCL}`, VTC], { timeout: 120_000 }).then(
			(done) => ({ code: 0, output: done.stdout + done.stderr }),
			(error: { code?: number; stdout?: string; stderr?: string }) => ({
				code: error.code ?? 1,
				output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
			}),
		);
		expect(result.code, result.output.slice(-4000)).toBe(0);
	});
});

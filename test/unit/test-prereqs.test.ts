import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PREREQS, planFor } from '../../scripts/test-prereqs.mjs';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../../scripts/test-prereqs.mjs', import.meta.url));
const prereq = (name: string) => PREREQS.find((candidate) => candidate.name === name) ?? expect.unreachable(`no prerequisite ${name}`);
const chromium = prereq('Chromium');
const java = prereq('Java 17');

describe('the prerequisites npm test checks first', () => {
	it('does nothing when everything is there', () => {
		expect(planFor([], { root: false, apt: true })).toEqual({ action: 'none' });
	});

	it('installs the Debian packages when it runs as root with apt-get', () => {
		expect(planFor([chromium, java], { root: true, apt: true })).toEqual({
			action: 'install',
			packages: ['chromium', 'default-jre-headless'],
		});
	});

	it('otherwise stops with one line naming what is missing and the exact command', () => {
		expect(planFor([chromium, java], { root: false, apt: true })).toEqual({
			action: 'stop',
			message:
				'npm test needs Chromium (the real-browser tests), Java 17 (the W3C Nu HTML checker): run: sudo apt-get install -y --no-install-recommends chromium default-jre-headless',
		});
		expect(planFor([java], { root: false, apt: false })).toEqual({
			action: 'stop',
			message:
				'npm test needs Java 17 (the W3C Nu HTML checker): install them (on Debian: sudo apt-get install -y --no-install-recommends default-jre-headless)',
		});
	});

	it('exits 1 with that line when run without root and without java on PATH', async () => {
		// Never as root here: that path would run apt-get.
		const node = process.execPath;
		const env = { PATH: '/nonexistent' };
		const [file, args] =
			process.getuid?.() === 0
				? ['/usr/sbin/runuser', ['-u', 'nobody', '--', '/usr/bin/env', 'PATH=/nonexistent', node, SCRIPT]]
				: [node, [SCRIPT]];
		const failure = await run(file, args, { env }).then(
			() => undefined,
			(error: { code: number; stderr: string }) => error,
		);
		expect(failure?.code).toBe(1);
		expect(failure?.stderr).toMatch(
			/^npm test needs (.+, )?Java 17 \(the W3C Nu HTML checker\): run: sudo apt-get install -y --no-install-recommends (\S+ )*default-jre-headless\n$/,
		);
	});
});

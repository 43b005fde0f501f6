import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { chmod, copyFile, link, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PREREQS, planFor } from '../../scripts/test-prereqs.mjs';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../../scripts/test-prereqs.mjs', import.meta.url));
const prereq = (name: string) =>
	PREREQS.find((candidate) => candidate.name === name) ??
	expect.unreachable(`no prerequisite ${name}`);
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
		const failure = await runWithoutRoot(SCRIPT);
		expect(failure.code).toBe(1);
		expect(failure.stderr).toMatch(MISSING_JAVA_LINE);
	});

	it('runs from a checkout in a private (0700) folder, as a clone under /root or in mktemp -d is', async () => {
		const checkout = await mkdtemp(join(tmpdir(), 'aar-private-checkout-'));
		try {
			expect((await stat(checkout)).mode & 0o777).toBe(0o700);
			const script = join(checkout, 'scripts', 'test-prereqs.mjs');
			await mkdir(dirname(script));
			await copyFile(SCRIPT, script);
			const failure = await runWithoutRoot(script);
			expect(failure.code).toBe(1);
			expect(failure.stderr).toMatch(MISSING_JAVA_LINE);
			// As npm test runs it, by its own user and with its PATH: npm test ran it first, so all is there.
			const missing = PREREQS.filter((candidate) => !candidate.present()).map(
				(candidate) => candidate.name,
			);
			expect(missing, 'run npm test first: it installs the prerequisites as root').toEqual([]);
			const { stdout, stderr } = await run(process.execPath, [script]);
			expect(stdout + stderr).toBe('');
		} finally {
			await rm(checkout, { recursive: true, force: true });
		}
	});
});

const MISSING_JAVA_LINE =
	/^npm test needs (.+, )?Java 17 \(the W3C Nu HTML checker\): run: sudo apt-get install -y --no-install-recommends (\S+ )*default-jre-headless\n$/;

/**
 * Runs `script` with no program on PATH, and never as root (root would run apt-get): as root,
 * as `nobody`. `nobody` cannot enter a checkout in a private folder (a clone under /root, or in
 * `mktemp -d`), so the script and this Node binary are first placed in a folder of their own
 * that every user can reach. Resolves with the exit code and stderr.
 */
async function runWithoutRoot(script: string): Promise<{ code: number | null; stderr: string }> {
	if (process.getuid?.() !== 0)
		return outcome(run(process.execPath, [script], { env: { PATH: '/nonexistent' } }));
	const folder = await mkdtemp(join(await reachableTempDir(), 'aar-prereqs-'));
	try {
		await chmod(folder, 0o755);
		const node = join(folder, 'node');
		// A hard link where the file system allows it: the binary is over 100 MB.
		await link(process.execPath, node).catch(() =>
			copyFile(process.execPath, node, constants.COPYFILE_FICLONE),
		);
		const copy = join(folder, 'test-prereqs.mjs');
		await copyFile(script, copy);
		await chmod(copy, 0o644);
		return await outcome(
			run(
				'/usr/sbin/runuser',
				['-u', 'nobody', '--', '/usr/bin/env', '-i', 'PATH=/nonexistent', node, copy],
				{ cwd: folder },
			),
		);
	} finally {
		await rm(folder, { recursive: true, force: true });
	}
}

function outcome(running: Promise<unknown>): Promise<{ code: number | null; stderr: string }> {
	return running.then(
		() => ({ code: 0, stderr: '' }),
		(error: { code: number | null; stderr: string }) => ({
			code: error.code,
			stderr: error.stderr,
		}),
	);
}

/** The system temp folder, or /tmp when TMPDIR is a folder other users cannot enter. */
async function reachableTempDir(): Promise<string> {
	for (const candidate of [tmpdir(), '/tmp']) {
		if (await everyoneCanEnter(candidate)) return candidate;
	}
	throw new Error(
		`Neither ${tmpdir()} nor /tmp can be entered by every user: set TMPDIR to a folder of mode 1777 (or 0755)`,
	);
}

async function everyoneCanEnter(folder: string): Promise<boolean> {
	for (let path = resolve(folder); ; path = dirname(path)) {
		const mode = await stat(path).then(
			(info) => info.mode,
			() => 0,
		);
		if ((mode & 0o001) === 0) return false;
		if (path === dirname(path)) return true;
	}
}

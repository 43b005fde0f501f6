#!/usr/bin/env node
// @ts-check
/**
 * Run first by `npm test`: the system programs the tests use and npm cannot install. Tests fail
 * rather than skip without them, so a fresh machine learns what is missing before minutes of
 * builds, not after. As root on Debian the missing packages are installed; otherwise one line
 * gives the exact command.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** @typedef {{ name: string; debianPackage: string; usedBy: string; present: () => boolean }} Prereq */

/** Java 17 or later on PATH: the major version from `java -version`, or 0. */
export function javaMajorVersion() {
	const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
	const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr ?? ''}${result.stdout ?? ''}`);
	if (!match) return 0;
	// Java 8 and older report "1.8".
	return match[1] === '1' ? Number(match[2]) : Number(match[1]);
}

/**
 * Whether Varnish's module `name` is installed, under the multiarch folder of any architecture.
 * @param {string} name
 */
function varnishModulePresent(name) {
	const lib = '/usr/lib';
	return ['', ...(existsSync(lib) ? readdirSync(lib) : [])].some((arch) =>
		existsSync(join(lib, arch, 'varnish', 'vmods', `libvmod_${name}.so`)),
	);
}

/** @type {Prereq[]} */
export const PREREQS = [
	{
		name: 'Chromium',
		debianPackage: 'chromium',
		usedBy: 'the real-browser tests',
		present: () => existsSync('/usr/bin/chromium'),
	},
	{
		name: 'Varnish',
		debianPackage: 'varnish',
		usedBy: 'the CDN tests',
		present: () => existsSync('/usr/sbin/varnishd'),
	},
	{
		name: 'varnish-modules (xkey, var)',
		debianPackage: 'varnish-modules',
		usedBy: 'the tests of several server processes behind Varnish',
		present: () => varnishModulePresent('xkey') && varnishModulePresent('var'),
	},
	{
		name: 'Prometheus',
		debianPackage: 'prometheus',
		usedBy: 'the metrics test (Prometheus scraping the server processes)',
		present: () => existsSync('/usr/bin/prometheus'),
	},
	{
		name: 'openssl',
		debianPackage: 'openssl',
		usedBy: "the Netlify function test (a certificate for Netlify's API on loopback)",
		present: () => existsSync('/usr/bin/openssl'),
	},
	{
		name: 'xmllint',
		debianPackage: 'libxml2-utils',
		usedBy: 'the review feed schema test',
		present: () => existsSync('/usr/bin/xmllint'),
	},
	{
		// Debian 12's postgresql-15 ships the contrib extensions (pg_trgm, unaccent) itself.
		name: 'PostgreSQL 15 or later',
		debianPackage: 'postgresql',
		usedBy: 'the search tests (a primary and a hot standby started by the tests)',
		present: () =>
			existsSync('/usr/lib/postgresql') &&
			readdirSync('/usr/lib/postgresql').some(
				(version) =>
					Number(version) >= 15 &&
					existsSync(join('/usr/lib/postgresql', version, 'bin', 'pg_basebackup')) &&
					existsSync(join('/usr/share/postgresql', version, 'extension', 'pg_trgm.control')),
			),
	},
	{
		name: 'Java 17',
		debianPackage: 'default-jre-headless',
		usedBy: 'the W3C Nu HTML checker',
		present: () => javaMajorVersion() >= 17,
	},
];

/**
 * What to do about the missing prerequisites: nothing, install them (root with apt-get), or
 * stop with one line naming them and the command that installs them.
 * @param {Pick<Prereq, 'name' | 'debianPackage' | 'usedBy'>[]} missing
 * @param {{ root: boolean; apt: boolean }} machine
 * @returns {{ action: 'none' } | { action: 'install'; packages: string[] } | { action: 'stop'; message: string }}
 */
export function planFor(missing, machine) {
	if (missing.length === 0) return { action: 'none' };
	const packages = missing.map((prereq) => prereq.debianPackage);
	if (machine.root && machine.apt) return { action: 'install', packages };
	const what = missing.map((prereq) => `${prereq.name} (${prereq.usedBy})`).join(', ');
	const command = `${machine.root ? '' : 'sudo '}apt-get install -y --no-install-recommends ${packages.join(' ')}`;
	const fix = machine.apt ? `run: ${command}` : `install them (on Debian: ${command})`;
	return { action: 'stop', message: `npm test needs ${what}: ${fix}` };
}

function aptInstall(/** @type {string[]} */ packages) {
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	for (const args of [
		['update', '-q'],
		['install', '-y', '-q', '--no-install-recommends', ...packages],
	]) {
		const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
		if (result.status !== 0) return false;
	}
	return true;
}

function main() {
	const missing = PREREQS.filter((prereq) => !prereq.present());
	const machine = { root: process.getuid?.() === 0, apt: existsSync('/usr/bin/apt-get') };
	const plan = planFor(missing, machine);
	if (plan.action === 'none') return 0;
	if (plan.action === 'stop') {
		console.error(plan.message);
		return 1;
	}
	console.log(
		`test-prereqs: installing ${plan.packages.join(' ')} for ${missing.map((prereq) => prereq.usedBy).join(', ')}`,
	);
	const stillMissing = aptInstall(plan.packages)
		? PREREQS.filter((prereq) => !prereq.present())
		: missing;
	if (stillMissing.length === 0) return 0;
	console.error(
		`test-prereqs: apt-get did not provide ${stillMissing.map((prereq) => prereq.name).join(', ')}`,
	);
	return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
	process.exitCode = main();

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
	EXIT,
	EXIT_CODES_HELP,
	parseDuration,
} from '../../integration/src/command-line/conventions.js';
import { CommandUsageError } from '../../integration/src/errors/errors.js';
import { PACKAGE_CLI } from '../helpers/package-cli.js';
import { thrownMessage } from '../helpers/thrown.js';

const cli = (...args: string[]) =>
	spawnSync(process.execPath, [PACKAGE_CLI, ...args], {
		encoding: 'utf8',
		env: { PATH: process.env.PATH },
	});

describe('one duration syntax for every time flag', () => {
	it('reads ms, s, m and h', () => {
		expect(parseDuration('500ms', '--x')).toBe(500);
		expect(parseDuration('30s', '--x')).toBe(30_000);
		expect(parseDuration('1.5m', '--x')).toBe(90_000);
		expect(parseDuration(' 1h ', '--x')).toBe(3_600_000);
		expect(parseDuration('0s', '--x')).toBe(0);
	});

	it('reads a bare number as seconds only where asked, and refuses 0 where asked', () => {
		expect(parseDuration('60', '--budget', { bareSeconds: true })).toBe(60_000);
		expect(thrownMessage(() => parseDuration('60', '--lock-wait'))).toBe(
			'Expected --lock-wait to be a duration such as 90s, 10m or 1h (got "60")',
		);
		expect(thrownMessage(() => parseDuration('0s', '--hook-timeout', { above0: true }))).toBe(
			'Expected --hook-timeout above 0 (got "0s")',
		);
		expect(() => parseDuration('soon', '--x')).toThrow(CommandUsageError);
	});
});

describe('one exit-code table, pointed to by every --help', () => {
	it('keeps the codes the docs give', () => {
		expect(EXIT).toEqual({ done: 0, failed: 1, usage: 2, unavailable: 3, busy: 4 });
	});

	it.each([[], ['--help'], ['poll', '--help'], ['indexnow', '-h']])(
		'audio-reviews %s prints the table and runs nothing',
		(...args: string[]) => {
			const run = cli(...args);
			expect(run.status).toBe(0);
			expect(run.stdout).toContain(EXIT_CODES_HELP);
			expect(run.stdout).toContain('docs/command-line.md');
		},
	);

	it('an unknown command is a usage error', () => {
		const run = cli('pol');
		expect(run.status).toBe(EXIT.usage);
		expect(run.stderr).toContain('Unknown command "pol"');
	});
});

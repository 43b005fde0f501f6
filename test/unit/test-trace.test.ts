import { describe, expect, it } from 'vitest';
import { summarise } from '../../scripts/test-trace.mjs';

const line = (step: Record<string, unknown>) =>
	JSON.stringify({ ms: 1000, cpu: 1, ok: true, ...step });
const sim = (port: number) => ({
	AUDIO_REVIEWS_BASE_URL: `http://127.0.0.1:${port}/`,
	FIXTURE_HUB: 'off',
});

describe('the test trace summary (scripts/test-trace.mjs)', () => {
	const trace = [
		line({ test: 'a.test.ts', kind: 'build', fixture: 'seo', extends: 'basic', env: sim(4001) }),
		line({ test: 'a.test.ts', kind: 'build', fixture: 'seo', reuse: true, env: sim(4001) }),
		line({ test: 'a.test.ts', kind: 'browser' }),
		line({ test: 'a.test.ts', kind: 'file', ms: 30_000, cpu: 12.5 }),
		line({ test: 'b.test.ts', kind: 'build', fixture: 'seo', extends: 'basic', env: sim(4002) }),
		line({
			test: 'b.test.ts',
			kind: 'build',
			fixture: 'seo',
			extends: 'basic',
			env: { ...sim(4002), FIXTURE_HUB: 'on' },
		}),
		line({ test: 'b.test.ts', kind: 'file', ms: 10_000, cpu: 20 }),
	].join('\n');
	const { files, totals, sharedAcrossFiles } = summarise(trace);

	it('counts each file’s builds and browsers, with its wall and CPU seconds, the costliest in CPU first', () => {
		expect(files.map(([test, row]) => [test, row.wall, row.cpu, row.build, row.browser])).toEqual([
			['b.test.ts', 10, 20, 2, 0],
			['a.test.ts', 30, 12.5, 2, 1],
		]);
		expect(totals).toMatchObject({ wall: 40, cpu: 32.5, build: 4, browser: 1, dev: 0 });
	});

	it('names a fixture built with the same options in several files, ports of loopback services aside', () => {
		expect(sharedAcrossFiles).toHaveLength(1);
		expect([...sharedAcrossFiles[0]![1]]).toEqual(['a.test.ts', 'b.test.ts']);
	});
});

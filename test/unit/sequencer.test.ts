import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import LongestFirst from '../sequencer.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Specifications as the sequencer reads them: a module path, a cached result or none. */
function sequencer(cached: Record<string, { failed: boolean; duration: number }>) {
	const ctx = {
		config: { root: REPO_ROOT },
		cache: {
			getTestSpecificationResult: (spec: TestSpecification) =>
				cached[spec.moduleId.slice(REPO_ROOT.length)],
		},
	} as unknown as Vitest;
	return new LongestFirst(ctx);
}
const spec = (path: string) => ({ moduleId: join(REPO_ROOT, path) }) as TestSpecification;
const order = (specs: TestSpecification[]) => specs.map((s) => s.moduleId.slice(REPO_ROOT.length));

describe('the order of the test files (test/sequencer.ts)', () => {
	const files = [
		'test/unit/tests-alone.test.ts',
		'test/bench/bench-smoke.test.ts',
		'test/architecture/import-graph.test.ts',
		'test/seo/audits.test.ts',
	];

	it('on a clean clone: the measured long files first, longest first, then the others by size', async () => {
		const sorted = order(await sequencer({}).sort(files.map(spec)));
		expect(sorted).toEqual([
			'test/bench/bench-smoke.test.ts',
			'test/seo/audits.test.ts',
			'test/architecture/import-graph.test.ts',
			'test/unit/tests-alone.test.ts',
		]);
	});

	it('after a run: its durations, a file that failed first', async () => {
		const sorted = order(
			await sequencer({
				'test/unit/tests-alone.test.ts': { failed: true, duration: 50 },
				'test/bench/bench-smoke.test.ts': { failed: false, duration: 100_000 },
				'test/architecture/import-graph.test.ts': { failed: false, duration: 400_000 },
				'test/seo/audits.test.ts': { failed: false, duration: 200_000 },
			}).sort(files.map(spec)),
		);
		expect(sorted).toEqual([
			'test/unit/tests-alone.test.ts',
			'test/architecture/import-graph.test.ts',
			'test/seo/audits.test.ts',
			'test/bench/bench-smoke.test.ts',
		]);
	});
});

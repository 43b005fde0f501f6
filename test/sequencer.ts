import { stat } from 'node:fs/promises';
import { relative } from 'node:path';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';

/**
 * The longest files start first, so the run does not end on one worker finishing a three-minute
 * file while the other core idles. Vitest's own order needs the durations of an earlier run on
 * this machine (its cache), which a clean clone (CI) lacks: it then starts the largest files
 * first, and would start the bench smoke, the packed tarball or the Lighthouse audits (small files
 * that run for minutes) late. So: the durations of the last run when Vitest has them, else these,
 * measured on 2 cores (seconds, rounded; a renamed file only loses its place), else the size.
 */
const MEASURED_SECONDS: Record<string, number> = {
	'test/bench/bench-smoke.test.ts': 370,
	'test/seo/audits.test.ts': 112,
	'test/docs/recipes.test.ts': 100,
	'test/browser/frameworks.test.ts': 94,
	'test/pack/astro-minors.test.ts': 76,
	'test/browser/shop-layout.test.ts': 70,
	'test/live/cloudflare-workerd.test.ts': 70,
	'test/pack/packed-tarball.test.ts': 65,
	'test/types/astro-check.test.ts': 61,
	'test/rebuild/rebuild.test.ts': 59,
	'test/live/sitemaps.test.ts': 55,
	'test/pack/own-site.test.ts': 53,
	'test/pages/own-pages.test.ts': 51,
	'test/hosts/netlify-function.test.ts': 48,
	'test/browser/dev-toolbar.test.ts': 44,
	'test/rebuild/poll.test.ts': 41,
};
/** A file without a measure weighs its size (a byte a hundredth of a millisecond), under this. */
const UNMEASURED_MS = 1_000;

export default class LongestFirst extends BaseSequencer {
	override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
		const weights = new Map<TestSpecification, number>();
		for (const spec of files) weights.set(spec, await this.weight(spec));
		return [...files].sort((a, b) => weights.get(b)! - weights.get(a)!);
	}

	/** Milliseconds, or bytes of the file (well under a second's worth) when nothing better is known. */
	private async weight(spec: TestSpecification): Promise<number> {
		const cached = this.ctx.cache.getTestSpecificationResult(spec);
		// A file that failed last time runs first, as Vitest's own order does.
		if (cached) return cached.failed ? Number.MAX_SAFE_INTEGER : cached.duration;
		const measured = MEASURED_SECONDS[relative(this.ctx.config.root, spec.moduleId)];
		if (measured !== undefined) return measured * 1_000;
		return Math.min(UNMEASURED_MS - 1, (await stat(spec.moduleId)).size / 100);
	}
}

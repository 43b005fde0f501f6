import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { REVIEWS_SCRIPT } from '../../integration/src/pages/review-script.js';
import { minifiedReviewsScript } from '../../scripts/build-review-script.mjs';

/** What the hand-minified string it replaced sent to the browser (docs/development.md). */
const HAND_MINIFIED = { bytes: 491, gzip: 338 };

describe("the pages' client script", () => {
	it('is the minified reviews-client.ts, as `npm run build:pkg` makes it', async () => {
		expect(REVIEWS_SCRIPT).toBe(await minifiedReviewsScript());
	});

	it('sends no more bytes than the hand-minified string it replaced, gzipped or not', () => {
		const bytes = Buffer.from(REVIEWS_SCRIPT);
		expect(bytes.length).toBeLessThanOrEqual(HAND_MINIFIED.bytes);
		expect(gzipSync(bytes).length).toBeLessThanOrEqual(HAND_MINIFIED.gzip);
	});

	it('parses as one classic script that finds its section by document.currentScript', () => {
		expect(() => new Function(REVIEWS_SCRIPT)).not.toThrow();
		expect(REVIEWS_SCRIPT).toMatch(/\(document\.currentScript\.parentElement\)$/);
		expect(REVIEWS_SCRIPT).not.toMatch(/\bimport\b|\bexport\b/);
	});
});

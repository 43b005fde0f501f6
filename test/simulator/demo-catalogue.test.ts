import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../simulator/src/index.js';
import { DEMO_CATALOGUE } from '../../src/demo-service.mjs';

describe("the demo site's catalogue", () => {
	it('has the long tail: mostly a handful of reviews, some tens, and a product with hundreds in each locale', async () => {
		const sim = await startSimulator({ ...DEMO_CATALOGUE, locales: ['fr', 'en'] });
		try {
			for (const locale of ['fr', 'en']) {
				const counts = sim
					.listAll({ locale, without: 'inactive' })
					.map((product) => product.reviews.length);
				expect(counts.filter((n) => n <= 5).length / counts.length, locale).toBeGreaterThan(0.9);
				expect(
					counts.some((n) => n > 5 && n < 100),
					locale,
				).toBe(true);
				// The screenshots photograph it (scripts/screenshots.mjs): a popular product's page, in English.
				expect(Math.max(...counts), locale).toBeGreaterThanOrEqual(100);
			}
		} finally {
			await sim.close();
		}
	});
});

import Validator from '@adobe/structured-data-validator';
import WebAutoExtractor from '@marbec/web-auto-extractor';
import { describe, expect, it } from 'vitest';

/**
 * The rich-result validator search-ready.test.ts runs over every page, on markup of its own: it
 * must reject what Google rejects, or its 0 errors there would prove nothing. No site is built.
 */

describe('the validator itself', () => {
	it('rejects the markup the package used to write: a Product without rating, unrated items as Reviews', async () => {
		const old = {
			'@context': 'https://schema.org',
			'@type': 'Product',
			name: 'Chair',
			review: [
				{ '@type': 'Review', author: { '@type': 'Person', name: 'Ana' }, reviewBody: 'Nice.' },
			],
		};
		const html = `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(old)}</script></head><body></body></html>`;
		const issues = await new Validator().validate(
			new WebAutoExtractor({ addLocation: true, embedSource: ['rdfa', 'microdata'] }).parse(html),
		);
		const errors = issues
			.filter((issue) => issue.severity === 'ERROR')
			.map((issue) => issue.issueMessage);
		expect(errors).toEqual(
			expect.arrayContaining(['Required attribute "reviewRating" is missing']),
		);
		const bare = html.replace(/,"review":\[.*\]\}/, '}');
		const bareIssues = await new Validator().validate(
			new WebAutoExtractor({ addLocation: true, embedSource: ['rdfa', 'microdata'] }).parse(bare),
		);
		expect(bareIssues.map((issue) => issue.issueMessage)).toContain(
			'One of the following attributes is required: "aggregateRating", "offers" or "review"',
		);
	});
});

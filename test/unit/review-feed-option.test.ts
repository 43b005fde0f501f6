import { describe, expect, it } from 'vitest';
import { resolveIntegrationOptions } from '../../integration/src/hooks/resolved-options.js';
import { thrownMessage } from '../helpers/thrown.js';

const feedOf = (reviewsFeed: unknown) =>
	resolveIntegrationOptions({ reviewsFeed } as never).reviewsFeed;

const message = thrownMessage;

describe('reviewsFeed option', () => {
	it('is off by default; the path defaults to product-reviews.xml at the site root', () => {
		expect(resolveIntegrationOptions({}).reviewsFeed).toBe(false);
		expect(feedOf(false)).toBe(false);
		expect(feedOf({ publisher: 'Shop' })).toEqual({
			publisher: 'Shop',
			path: 'product-reviews.xml',
			schemaVersion: '2.4',
		});
		expect(feedOf({ publisher: 'Shop', path: '/feeds/google.xml' })).toEqual({
			publisher: 'Shop',
			path: 'feeds/google.xml',
			schemaVersion: '2.4',
		});
	});

	it('writes schema 2.4 unless told 2.3, and names both when given another', () => {
		expect(feedOf({ publisher: 'Shop', schemaVersion: '2.3' })).toMatchObject({
			schemaVersion: '2.3',
		});
		for (const schemaVersion of ['2.2', '2.5', 2.4, '']) {
			expect(
				message(() => feedOf({ publisher: 'Shop', schemaVersion })),
				String(schemaVersion),
			).toContain(
				'Expected `reviewsFeed.schemaVersion` to be "2.4" (what Google accepts today, the default) or "2.3"',
			);
		}
	});

	it('rejects paths that leave the output folder or are no .xml file, saying what is expected', () => {
		for (const path of [
			'../reviews.xml',
			'feeds/../../x.xml',
			'.hidden.xml',
			'a//b.xml',
			'reviews.html',
			'reviews',
			'a b.xml',
			'C:\\x.xml',
		]) {
			expect(
				message(() => feedOf({ publisher: 'Shop', path })),
				path,
			).toContain('`reviewsFeed.path` to be an .xml file path relative to the site root');
		}
	});

	it('requires a non-blank publisher and knows no other keys', () => {
		expect(message(() => feedOf({ publisher: '  ' }))).toContain('reviewsFeed.publisher');
		expect(message(() => feedOf({}))).toContain('{ publisher: "Your shop"');
		expect(
			message(() => feedOf({ publisher: 'Shop', favicon: 'https://x.example/f.png' })),
		).toContain('favicon: unknown option');
		expect(message(() => feedOf(true))).toContain(
			'Expected `reviewsFeed` to be false or { publisher',
		);
	});
});

import audioReviews from 'astro-audio-reviews';
import { afterEach, describe, expect, it } from 'vitest';
import {
	indexNowOptionSchema,
	purgedPagesConfig,
	type ResolvedIndexNowOption,
	resolveIndexNow,
} from '../../integration/src/integration/index-now-option.js';

/** `audioReviews({ indexNow })`: what it needs from the config and the environment, and the messages that say the fix. */
const KEY = 'f3b1c2d4e5f60718';
const option = (input: object = {}): ResolvedIndexNowOption => indexNowOptionSchema.parse(input);
const context = {
	site: 'https://shop.example.com',
	base: '/',
	command: 'build' as const,
	changeReport: '.astro/x.json',
	invalidate: false,
};

afterEach(() => {
	delete process.env.INDEXNOW_KEY;
	delete process.env.SHOP_INDEXNOW;
});

describe('indexNow option', () => {
	it('reads the key from INDEXNOW_KEY (or keyEnv) and puts the key file at the site root, under base', () => {
		process.env.INDEXNOW_KEY = KEY;
		expect(resolveIndexNow(option(), context)).toEqual({
			endpoint: 'https://api.indexnow.org/indexnow',
			host: 'shop.example.com',
			key: KEY,
			keyLocation: `https://shop.example.com/${KEY}.txt`,
			keyFile: `${KEY}.txt`,
		});
		process.env.SHOP_INDEXNOW = 'Another-Key-0123';
		const shop = resolveIndexNow(option({ keyEnv: 'SHOP_INDEXNOW', endpoint: 'https://www.bing.com/indexnow' }), {
			...context,
			base: '/shop/',
		});
		expect(shop).toMatchObject({
			endpoint: 'https://www.bing.com/indexnow',
			keyLocation: 'https://shop.example.com/shop/Another-Key-0123.txt',
		});
	});

	it.each([
		['no site', { site: undefined }, '`site` is not set in the Astro config: IndexNow takes absolute URLs of one host'],
		[
			'no change report',
			{ changeReport: false as const },
			'`changeReport` is false: the indexnow command submits the URLs the change report lists',
		],
	])('refuses a config with %s, saying the fix', (_, overrides, message) => {
		process.env.INDEXNOW_KEY = KEY;
		expect(() => resolveIndexNow(option(), { ...context, ...overrides })).toThrow(message);
	});

	it('needs the key in `astro build`, in the protocol format; `astro dev` without one submits nothing', () => {
		expect(() => resolveIndexNow(option(), context)).toThrow(
			'indexNow: the environment variable INDEXNOW_KEY is not set: set it to your IndexNow key (8 to 128 characters of a-z, A-Z, 0-9 and -), e.g. INDEXNOW_KEY=$(openssl rand -hex 16)',
		);
		// `astro dev` never submits: no key needed, and none used even when set.
		expect(resolveIndexNow(option(), { ...context, command: 'dev' })).toBeUndefined();
		process.env.INDEXNOW_KEY = 'short';
		expect(() => resolveIndexNow(option(), context)).toThrow(
			'INDEXNOW_KEY is not an IndexNow key: it must be 8 to 128 characters of a-z, A-Z, 0-9 and - (it has 5 characters)',
		);
		process.env.INDEXNOW_KEY = 'has_an_underscore';
		expect(() => resolveIndexNow(option(), context)).toThrow('(it has 17 characters, including "_")');
		process.env.INDEXNOW_KEY = 'x'.repeat(129);
		expect(() => resolveIndexNow(option(), context)).toThrow('it has 129 characters');
		process.env.INDEXNOW_KEY = KEY;
		expect(resolveIndexNow(option(), { ...context, command: 'dev' })).toBeUndefined();
	});

	it('submitPurged needs the invalidation webhook, and gives the webhook the page URLs of the on-demand route', () => {
		process.env.INDEXNOW_KEY = KEY;
		expect(() => resolveIndexNow(option({ submitPurged: true }), context)).toThrow(
			'`indexNow.submitPurged` needs the invalidation webhook: set `invalidate: { websiteId }` too',
		);
		const purged = option({ submitPurged: { route: '/shop/items/[...ref]' } });
		const settings = resolveIndexNow(purged, { ...context, base: '/de', invalidate: true });
		expect(purgedPagesConfig(purged, settings, false)).toEqual({
			target: {
				endpoint: 'https://api.indexnow.org/indexnow',
				host: 'shop.example.com',
				key: KEY,
				keyLocation: `https://shop.example.com/de/${KEY}.txt`,
			},
			route: '/shop/items/[...ref]',
			pageBase: 'https://shop.example.com/de',
			trailingSlash: false,
		});
		expect(purgedPagesConfig(option(), settings, true)).toBeUndefined();
	});

	it('validates the option itself at config time', () => {
		expect(() => audioReviews({ indexNow: { endpoint: 'http://api.indexnow.org/indexnow' } })).toThrow(
			'indexNow.endpoint: Expected `indexNow.endpoint` to be an https URL',
		);
		expect(() => audioReviews({ indexNow: { keyEnv: 'not a name' } })).toThrow(
			'Expected `indexNow.keyEnv` to be the name of an environment variable',
		);
		expect(() => audioReviews({ indexNow: { submitPurged: { route: 'products' } } })).toThrow(
			'indexNow.submitPurged.route: Expected `indexNow.submitPurged.route` to be the pattern of your on-demand product pages',
		);
		expect(() => audioReviews({ indexNow: { submitPurged: 'yes' as never } })).toThrow(
			'Expected `indexNow.submitPurged` to be true, false or',
		);
		expect(() => audioReviews({ indexNow: { key: KEY } as never })).toThrow('indexNow.key: unknown option');
		// Loopback http is accepted: a local proxy or a test receiver.
		expect(() => audioReviews({ indexNow: { endpoint: 'http://127.0.0.1:9/indexnow' } })).not.toThrow();
	});
});

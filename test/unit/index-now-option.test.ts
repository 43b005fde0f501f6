import audioReviews from 'astro-audio-reviews';
import { afterEach, describe, expect, it } from 'vitest';
import {
	DEFAULT_LIVE_ROUTE,
	indexNowOptionSchema,
	type ResolvedIndexNowOption,
} from '../../integration/src/indexnow/index-now-option.js';
import {
	purgedPagesConfig,
	resolveIndexNow,
} from '../../integration/src/indexnow/index-now-settings.js';
import { productsLiveLoader } from '../../integration/src/on-demand/live-loader/products-live-loader.js';
import { liveProductUrls } from '../../integration/src/on-demand/urls.js';
import { lentSource } from '../helpers/live-content.js';

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
		const shop = resolveIndexNow(
			option({ keyEnv: 'SHOP_INDEXNOW', endpoint: 'https://www.bing.com/indexnow' }),
			{
				...context,
				base: '/shop/',
			},
		);
		expect(shop).toMatchObject({
			endpoint: 'https://www.bing.com/indexnow',
			keyLocation: 'https://shop.example.com/shop/Another-Key-0123.txt',
		});
	});

	it.each([
		[
			'no site',
			{ site: undefined },
			'`site` is not set in the Astro config: IndexNow takes absolute URLs of one host',
		],
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
		expect(() => resolveIndexNow(option(), context)).toThrow(
			'(it has 17 characters, including "_")',
		);
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
		expect(purgedPagesConfig(purged, settings, context.site)).toEqual({
			target: {
				endpoint: 'https://api.indexnow.org/indexnow',
				host: 'shop.example.com',
				key: KEY,
				keyLocation: `https://shop.example.com/de/${KEY}.txt`,
			},
			route: '/shop/items/[...ref]',
			site: context.site,
		});
		expect(purgedPagesConfig(option(), settings, context.site)).toBeUndefined();
	});

	it('the webhook submits a purged product in every locale of the live loader, as the on-demand sitemap lists it', async () => {
		const websiteId = '5f0c6d1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';
		const custom = {
			route: '/shop/items/[...ref]',
			trailingSlash: false,
			base: '/de',
			site: context.site,
			websiteId,
		};
		// No live loader (a site that only purges): the default locale's page only.
		expect(liveProductUrls({ ...custom, defaultLocale: undefined }, 'a/b é', undefined)).toEqual([
			'https://shop.example.com/de/shop/items/a%2Fb%20%C3%A9',
		]);
		// The live loader lends its options, as the webhook's route asks for them through getLiveCollection().
		const source = await lentSource(
			productsLiveLoader({ baseUrl: 'http://127.0.0.1:9', websiteId, locales: ['fr', 'en'] }),
		);
		expect(liveProductUrls({ ...custom, defaultLocale: 'en' }, 'a/b é', source)).toEqual([
			'https://shop.example.com/de/fr/shop/items/a%2Fb%20%C3%A9',
			'https://shop.example.com/de/shop/items/a%2Fb%20%C3%A9',
		]);
		// The sitemaps' rule: a default locale the loader does not serve gives way to its first.
		expect(liveProductUrls({ ...custom, defaultLocale: 'de' }, 'x', source)).toEqual([
			'https://shop.example.com/de/shop/items/x',
			'https://shop.example.com/de/en/shop/items/x',
		]);
		// `submitPurged: true` and the sitemaps' route of a `route: false` site make the same URLs.
		const setup = {
			trailingSlash: true,
			base: '/',
			site: context.site,
			websiteId,
			defaultLocale: undefined,
		};
		expect(liveProductUrls({ ...setup, route: DEFAULT_LIVE_ROUTE }, 'x', source)).toEqual(
			liveProductUrls({ ...setup, route: '/products/[ref]' }, 'x', source),
		);
	});

	it('validates the option itself at config time', () => {
		expect(() =>
			audioReviews({ indexNow: { endpoint: 'http://api.indexnow.org/indexnow' } }),
		).toThrow('indexNow.endpoint: Expected `indexNow.endpoint` to be an https URL');
		expect(() => audioReviews({ indexNow: { keyEnv: 'not a name' } })).toThrow(
			'Expected `indexNow.keyEnv` to be the name of an environment variable',
		);
		expect(() => audioReviews({ indexNow: { submitPurged: { route: 'products' } } })).toThrow(
			'indexNow.submitPurged.route: Expected `indexNow.submitPurged.route` to be the pattern of your on-demand product pages',
		);
		expect(() => audioReviews({ indexNow: { submitPurged: 'yes' as never } })).toThrow(
			'Expected `indexNow.submitPurged` to be true, false or',
		);
		expect(() => audioReviews({ indexNow: { key: KEY } as never })).toThrow(
			'indexNow.key: unknown option',
		);
		// Loopback http is accepted: a local proxy or a test receiver.
		expect(() =>
			audioReviews({ indexNow: { endpoint: 'http://127.0.0.1:9/indexnow' } }),
		).not.toThrow();
	});
});

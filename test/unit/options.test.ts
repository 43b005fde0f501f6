import { describe, expect, it } from 'vitest';
import { createClient } from '../../integration/src/entries/client.js';
import { productsLoader } from '../../integration/src/entries/loaders.js';

const valid = {
	baseUrl: 'https://api.example.com/',
	websiteId: '0b8f6a8e-5a0c-4d7e-9b1f-2c3d4e5f6a7b',
};

function failure(fn: () => unknown): { message: string; hint: string | undefined } {
	try {
		fn();
	} catch (error) {
		return { message: (error as Error).message, hint: (error as { hint?: string }).hint };
	}
	throw new Error('expected the call to throw');
}

describe('options are validated at config time', () => {
	it('accepts valid options and applies the documented defaults', () => {
		const client = createClient(valid);
		expect(client.options).toMatchObject({
			baseUrl: 'https://api.example.com',
			concurrency: 6,
			retries: 8,
			timeoutMs: 15_000,
			retryBudgetMs: 120_000,
			maxResponseBytes: 64 * 1024 * 1024,
		});
		expect(productsLoader(valid).name).toBe('astro-audio-reviews');
	});

	it('rejects a websiteId that is not a UUID, naming the option and the fix', () => {
		const { message, hint } = failure(() => productsLoader({ ...valid, websiteId: 'my-shop' }));
		expect(message).toContain('websiteId');
		expect(message).toContain('UUID');
		expect(hint).toContain('productsLoader()');
	});

	it('takes an unset environment variable (undefined) and says what to set', () => {
		const { message } = failure(() => productsLoader({ baseUrl: undefined, websiteId: undefined }));
		expect(message).toContain(
			'baseUrl: required; Expected `baseUrl` to be the service base address',
		);
		expect(message).toMatch(
			/websiteId: required; Expected `websiteId` to be the website UUID.*is its environment variable set\?/,
		);
	});

	it('requires baseUrl and websiteId', () => {
		const { message } = failure(() => productsLoader({} as never));
		expect(message).toMatch(/baseUrl: required/);
		expect(message).toMatch(/websiteId: required/);
	});

	it('rejects a baseUrl that is not http(s)', () => {
		expect(failure(() => createClient({ ...valid, baseUrl: 'ftp://x' })).message).toContain(
			'baseUrl',
		);
		expect(failure(() => createClient({ ...valid, baseUrl: 'api.example.com' })).message).toContain(
			'absolute http(s) URL',
		);
	});

	it('echoes a baseUrl without a scheme and gives the address to set', () => {
		expect(failure(() => productsLoader({ ...valid, baseUrl: 'api.example.com' })).message).toBe(
			'Invalid productsLoader options:\n- baseUrl: Expected `baseUrl` to be an absolute http(s) URL, e.g. "https://api.example.com"; got "api.example.com", which has no scheme: set `baseUrl` to "https://api.example.com"',
		);
		// `new URL('localhost:4321')` parses, with "localhost:" as its scheme: still a missing scheme.
		expect(failure(() => createClient({ ...valid, baseUrl: 'localhost:4321' })).message).toContain(
			'got "localhost:4321", which has no scheme: set `baseUrl` to "http://localhost:4321"',
		);
		expect(failure(() => createClient({ ...valid, baseUrl: 'ftp://x' })).message).toContain(
			'got "ftp://x": the service is reached over http or https, not ftp',
		);
	});

	it('suggests `locales` for an array given to `locale`, with the value moved over', () => {
		const { message } = failure(() => productsLoader({ ...valid, locale: ['fr', 'en'] } as never));
		expect(message).toBe(
			'Invalid productsLoader options:\n- locale: Expected `locale` to be one locale such as "fr"; for several, rename it: `locales: ["fr","en"]` (the first one is the default)',
		);
		expect(failure(() => productsLoader({ ...valid, locale: 'not a locale' })).message).toContain(
			'locale: Expected a BCP-47 locale',
		);
	});

	it('suggests the intended option for a typo', () => {
		const { message } = failure(() => productsLoader({ ...valid, pagesize: 10 } as never));
		expect(message).toBe(
			'Invalid productsLoader options:\n- pagesize: unknown option (did you mean `pageSize`?)',
		);
	});

	it('ends no line in punctuation, since Astro appends a full stop when it prints the message', () => {
		const { message } = failure(() => productsLoader({ ...valid, locle: 'en' } as never));
		expect(`${message}.`).toBe(
			'Invalid productsLoader options:\n- locle: unknown option (did you mean `locale`?).',
		);
	});

	it('echoes a websiteId that is not a UUID', () => {
		const { message } = failure(() => productsLoader({ ...valid, websiteId: 'my-shop' }));
		expect(message).toBe(
			'Invalid productsLoader options:\n- websiteId: Expected `websiteId` to be the website UUID (the `site` attribute of the installed widget), e.g. "3f0e8c1a-…"; got "my-shop"',
		);
	});

	it('rejects `locale` together with `locales`, saying which to keep', () => {
		const { message } = failure(() =>
			productsLoader({ ...valid, locale: 'en', locales: ['fr', 'en'] }),
		);
		expect(message).toBe(
			'Invalid productsLoader options:\n- locale, locales: set one, not both. Keep `locales: ["fr","en"]` for several locales (the first one is the default), or `locale: "en"` alone for one locale',
		);
		expect(
			failure(() => createClient({ ...valid, locale: 'en', locales: ['en'] })).message,
		).toContain('locale, locales: set one, not both.');
	});

	it.each([
		[{ concurrency: 0 }, 'concurrency'],
		[{ pageSize: 1.5 }, 'pageSize'],
		[{ retries: -1 }, 'retries'],
		[{ locale: 'not a locale' }, 'locale'],
		[{ locales: [] }, 'locales'],
		[{ locales: ['fr', 'fr'] }, 'locales'],
		[{ without: 'active' }, 'without'],
		[{ onInvalid: 'ignore' }, 'onInvalid'],
		[{ refs: [] }, 'refs'],
		[{ timeoutMs: 0 }, 'timeoutMs'],
		[{ retryBudgetMs: 0 }, 'retryBudgetMs'],
		[{ maxResponseBytes: 100 }, 'maxResponseBytes'],
	])('rejects %j naming %s', (extra, option) => {
		expect(failure(() => productsLoader({ ...valid, ...extra } as never)).message).toContain(
			`${option}:`,
		);
	});
});

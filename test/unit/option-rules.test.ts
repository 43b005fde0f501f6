import { describe, expect, it } from 'vitest';
import { createClient } from '../../integration/src/entries/client.js';
import { resolveIntegrationOptions } from '../../integration/src/hooks/resolved-options.js';

const valid = {
	baseUrl: 'https://api.example.com/',
	websiteId: '0b8f6a8e-5a0c-4d7e-9b1f-2c3d4e5f6a7b',
};

function message(fn: () => unknown): string {
	try {
		fn();
	} catch (error) {
		return (error as Error).message;
	}
	throw new Error('expected the call to throw');
}

// One rule, one message: whichever check a value fails (type, whole number, range), the user
// reads the same sentence saying what fits.
describe('option rules', () => {
	it.each([
		['concurrency', 'Expected `concurrency` to be a whole number from 1 to 64', ['6', 0, 1.5, 65]],
		['retries', 'Expected `retries` to be a whole number from 0 to 20', ['2', -1, 1.5, 21]],
		[
			'pageSize',
			'Expected `pageSize` to be a whole number from 1 to 10000',
			[null, 0, 2.5, 10_001],
		],
		[
			'maxResponseBytes',
			'Expected `maxResponseBytes` to be a whole number of bytes, at least 1024',
			['2048', 1023, 2048.5],
		],
	])('%s', (name, expected, values) => {
		for (const value of values)
			expect(
				message(() => createClient({ ...valid, [name]: value })),
				String(value),
			).toContain(`${name}: ${expected}`);
	});

	it('flags and environment variable names', () => {
		expect(message(() => resolveIntegrationOptions({ keepOutDir: 'yes' } as never))).toContain(
			'keepOutDir: Expected `keepOutDir` to be true or false',
		);
		expect(message(() => resolveIntegrationOptions({ indexNow: { keyEnv: 'MY-KEY' } }))).toContain(
			'indexNow.keyEnv: Expected `indexNow.keyEnv` to be the name of an environment variable, e.g. "INDEXNOW_KEY"',
		);
	});

	it("the loaders' flags and the locale tag, one rule wherever they appear", () => {
		for (const name of ['withAudio', 'published'])
			expect(message(() => createClient({ ...valid, [name]: 'yes' } as never))).toContain(
				`${name}: Expected \`${name}\` to be true or false`,
			);
		expect(message(() => createClient({ ...valid, locale: 'french' }))).toContain(
			'locale: Expected a BCP-47 locale such as "fr" or "en-GB"',
		);
		expect(message(() => resolveIntegrationOptions({ uiText: { french: {} } }))).toContain(
			'"french" is not a locale tag such as "nl" or "pt-BR"',
		);
		expect(resolveIntegrationOptions({ uiText: { 'zh-Hant-TW': {} } }).uiText).toEqual({
			'zh-Hant-TW': {},
		});
	});

	it('texts that may not be empty: the same sentence whether the value is missing its type or empty', () => {
		for (const value of ['', 42]) {
			expect(message(() => resolveIntegrationOptions({ collection: value } as never))).toContain(
				'collection: Expected `collection` to be the name of the content collection that uses productsLoader()',
			);
			expect(message(() => createClient({ ...valid, variant: value } as never))).toContain(
				'variant: Expected `variant` to be a widget configuration reference',
			);
		}
		expect(message(() => resolveIntegrationOptions({ defaultLocale: '' }))).toContain(
			'defaultLocale: Expected `defaultLocale` to be one of',
		);
		expect(message(() => createClient({ ...valid, type: '' }))).toContain(
			'type: Expected `type` to be a widget type such as "standalone"',
		);
	});
});

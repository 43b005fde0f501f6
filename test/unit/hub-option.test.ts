import { describe, expect, it } from 'vitest';
import { resolveIntegrationOptions } from '../../integration/src/hooks/resolved-options.js';
import { thrownMessage } from '../helpers/thrown.js';

const hubOf = (hub: unknown) => resolveIntegrationOptions({ hub } as never).hub;

const message = thrownMessage;

describe('hub option', () => {
	it('is on by default, in the current order (by name); { order: "rating" } lists the best rated first', () => {
		expect(resolveIntegrationOptions({}).hub).toBe(true);
		expect(hubOf(false)).toBe(false);
		expect(hubOf({ order: 'rating' })).toEqual({ order: 'rating' });
		expect(hubOf({ pageSize: 24, order: 'name' })).toEqual({ pageSize: 24, order: 'name' });
		expect(hubOf({ pageSize: 24 })).toEqual({ pageSize: 24 });
	});

	it('rejects a wrong value or an unknown key, naming the field and what it takes', () => {
		const expected: Array<[unknown, string]> = [
			[{ order: 'rating', sort: 'desc' }, 'hub.sort: unknown option'],
			[
				{ pageSize: 0 },
				'hub.pageSize: Expected `hub.pageSize` to be a whole number from 1 to 1000',
			],
			...['rating', { order: 'stars' }, { order: 5 }].map((hub): [unknown, string] => [
				hub,
				"hub: Expected `hub` to be true, false or { pageSize?: <1 to 1000>, order?: 'name' | 'rating' }, e.g. hub: { order: 'rating' } to list the best rated products first",
			]),
		];
		for (const [hub, line] of expected)
			expect(
				message(() => hubOf(hub)),
				JSON.stringify(hub),
			).toContain(`\n- ${line}`);
	});
});

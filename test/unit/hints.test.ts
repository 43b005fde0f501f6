import { describe, expect, it } from 'vitest';
import {
	doubledPathHint,
	isUnreachable,
	unreachableHint,
} from '../../integration/src/client/hints.js';

describe('doubledPathHint', () => {
	it('names the API path baseUrl already ends in, and the baseUrl to use', () => {
		expect(doubledPathHint('https://api.example.com/ws')).toBe(
			'`baseUrl` ends in "/ws", a path the client adds itself (so the request asked for /ws/ws…): set `baseUrl` to "https://api.example.com"',
		);
		expect(doubledPathHint('https://api.example.com/shop/ws/websites')).toBe(
			'`baseUrl` ends in "/ws/websites", a path the client adds itself (so the request asked for /ws/websites/ws/websites…): set `baseUrl` to "https://api.example.com/shop"',
		);
		expect(
			doubledPathHint(
				'https://api.example.com/ws/websites/0b8f6a8e-5a0c-4d7e-9b1f-2c3d4e5f6a7b/products',
			),
		).toContain('set `baseUrl` to "https://api.example.com"');
	});

	it('stays quiet for a baseUrl without the API path', () => {
		expect(doubledPathHint('https://api.example.com')).toBeUndefined();
		expect(doubledPathHint('https://api.example.com/news')).toBeUndefined();
		expect(doubledPathHint('https://ws.example.com')).toBeUndefined();
	});
});

describe('unreachableHint', () => {
	it('tells what to check for a refused connection and for an unknown host', () => {
		expect(unreachableHint('ECONNREFUSED', 'http://127.0.0.1:4321')).toBe(
			'is the service running at http://127.0.0.1:4321? Check `baseUrl` and that the service is started',
		);
		expect(unreachableHint('ENOTFOUND', 'https://api.example.test')).toBe(
			'the host of https://api.example.test does not resolve: check `baseUrl`',
		);
	});

	it('fails fast only where nothing answered: resets and timeouts keep their retries', () => {
		expect(isUnreachable('ECONNREFUSED')).toBe(true);
		expect(isUnreachable('ENOTFOUND')).toBe(true);
		expect(isUnreachable('ECONNRESET')).toBe(false);
		expect(isUnreachable('EAI_AGAIN')).toBe(false);
		expect(isUnreachable(undefined)).toBe(false);
	});
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { secretsMatch } from '../../integration/src/on-demand/secret.js';
import { runtimeSecret } from '../../integration/src/options/runtime-secret.js';
import { productsLoader } from '../../integration/src/products-loader/products-loader-workerd.js';

// What the on-demand routes run in workerd instead of Node's parts (test/live/cloudflare-workerd.test.ts
// runs them there). astro:env is Astro's module: here it stands for the adapter's variables.
const adapterVariables = vi.hoisted(() => new Map<string, string>());
vi.mock('astro:env/server', () => ({ getSecret: (key: string) => adapterVariables.get(key) }));

const WEBSITE = '3f1c7a52-8d0e-4b6a-9f3e-2a1b0c9d8e7f';

afterEach(() => {
	adapterVariables.clear();
	vi.unstubAllEnvs();
});

describe('runtimeSecret', () => {
	it('reads astro:env first, then process.env, and takes an empty value for unset', () => {
		vi.stubEnv('AAR_TEST_SECRET', 'from-process-env-0123456789');
		expect(runtimeSecret('AAR_TEST_SECRET')).toBe('from-process-env-0123456789');
		adapterVariables.set('AAR_TEST_SECRET', 'from-astro-env-0123456789');
		expect(runtimeSecret('AAR_TEST_SECRET')).toBe('from-astro-env-0123456789');
		adapterVariables.set('AAR_TEST_SECRET', '');
		vi.stubEnv('AAR_TEST_SECRET', '');
		expect(runtimeSecret('AAR_TEST_SECRET')).toBeUndefined();
	});
});

describe('secretsMatch (no node:crypto)', () => {
	it('matches the same UTF-8 bytes only, whatever the lengths', () => {
		expect(secretsMatch('clé-secrète-0123456789', 'clé-secrète-0123456789')).toBe(true);
		expect(secretsMatch('cle-secrete-0123456789', 'clé-secrète-0123456789')).toBe(false);
		expect(secretsMatch('clé-secrète-0123456789-and-more', 'clé-secrète-0123456789')).toBe(false);
		expect(secretsMatch('clé', 'clé-secrète-0123456789')).toBe(false);
	});
});

describe('productsLoader in workerd', () => {
	it('checks its options as in Node', () => {
		expect(() => productsLoader({ baseUrl: 'https://api.example.com', websiteId: 'nope' })).toThrow(
			/websiteId/,
		);
	});

	it('refuses to sync, saying where the build loader runs', async () => {
		const loader = productsLoader({ baseUrl: 'https://api.example.com', websiteId: WEBSITE });
		expect(loader.name).toBe('astro-audio-reviews');
		await expect(loader.load({} as never)).rejects.toMatchObject({
			name: 'AudioReviewsOptionsError',
			message: expect.stringMatching(/cannot run in workerd/),
			hint: expect.stringMatching(/src\/content\.config\.ts.*productsLiveLoader\(\)/),
		});
	});
});

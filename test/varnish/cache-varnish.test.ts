import { describe, expect, it } from 'vitest';
import { cacheVarnish } from '../../integration/src/entries/cache.js';
import { productTag } from '../../integration/src/on-demand/live-loader/cache-tags.js';
import { nodesFromEnvironment } from '../../integration/src/shared-cache/cache-varnish-option.js';
import {
	PURGE_HEADER_MAX_BYTES,
	purgeBatches,
} from '../../integration/src/shared-cache/purge-batches.js';

const WEBSITE = '3f1c7a52-8d0e-4b6a-9f3e-2a1b0c9d8e7f';

describe('cacheVarnish() options', () => {
	it('names the provider module Astro loads, with the options checked and defaulted', () => {
		expect(cacheVarnish({ nodes: ['http://10.0.0.5:6081', 'https://cache-2.internal'] })).toEqual({
			name: 'astro-audio-reviews varnish',
			entrypoint: 'astro-audio-reviews/cache/provider',
			config: { nodes: ['http://10.0.0.5:6081', 'https://cache-2.internal'], purgeTimeoutMs: 5000 },
		});
		expect(cacheVarnish().config).toEqual({ purgeTimeoutMs: 5000 });
	});

	it.each([
		['10.0.0.5:6081'],
		['ftp://10.0.0.5'],
		['http://10.0.0.5:6081/purge'],
		['http://user:pw@10.0.0.5'],
	])('refuses the node %s at config time, naming it', (node) => {
		expect(() => cacheVarnish({ nodes: [node] })).toThrow(
			`${JSON.stringify(node)} is not a Varnish node address`,
		);
	});

	it('refuses an empty list, a node named twice, and an unknown option', () => {
		expect(() => cacheVarnish({ nodes: [] })).toThrow('names no Varnish node');
		expect(() => cacheVarnish({ nodes: ['http://a:1', 'http://a:1/'] })).toThrow('twice');
		expect(() => cacheVarnish({ node: ['http://a:1'] } as never)).toThrow('node: unknown option');
	});

	it('reads AUDIO_REVIEWS_CACHE_NODES as comma-separated addresses, and names a malformed value', () => {
		expect(nodesFromEnvironment(' http://127.0.0.1:6081 ,http://127.0.0.1:6082')).toEqual([
			'http://127.0.0.1:6081',
			'http://127.0.0.1:6082',
		]);
		expect(() => nodesFromEnvironment('http://a:1,,http://b:2')).toThrow(
			'AUDIO_REVIEWS_CACHE_NODES="http://a:1,,http://b:2" has an empty address',
		);
		expect(() => nodesFromEnvironment('http://a:1 http://b:2')).toThrow(
			'"http://a:1 http://b:2" is not a Varnish node address',
		);
		expect(() => nodesFromEnvironment(undefined)).toThrow('AUDIO_REVIEWS_CACHE_NODES is not set');
	});
});

describe('purge batches', () => {
	it('splits a 1,000-ref purge of long refs into headers Varnish accepts (8 KB a line)', () => {
		const refs = Array.from({ length: 1000 }, (_, i) => `réf/${'é'.repeat(60)}-${i}`);
		const tags = [...refs.map((ref) => productTag(WEBSITE, ref)), `aar-lists-${WEBSITE}`];
		const batches = purgeBatches(tags);
		expect(batches.length).toBeGreaterThan(1);
		for (const batch of batches)
			expect(Buffer.byteLength(batch)).toBeLessThanOrEqual(PURGE_HEADER_MAX_BYTES);
		expect(batches.flatMap((batch) => batch.split(' ')).sort()).toEqual([...new Set(tags)].sort());
	});

	it('percent-encodes the separators xkey splits on, so a tag of the site purges only itself', () => {
		expect(purgeBatches(['my tag,1', 'my tag,1'])).toEqual(['my%20tag%2C1']);
	});
});

import { describe, expect, it } from 'vitest';
import { releaseSyncGarbage } from '../../integration/src/build-sync/release-sync-garbage.js';

describe('releaseSyncGarbage', () => {
	it('collects garbage left on the heap and says how much, without --expose-gc', () => {
		expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
		// Objects that live long enough to reach V8's old generation, then are dropped: what a
		// sync's staged pages become once stored (young garbage is gone by itself already).
		let staged: Array<{ i: number; text: string }> | undefined = [];
		for (let i = 0; i < 1_000_000; i++) staged.push({ i, text: `product ${i}` });
		expect(staged).toHaveLength(1_000_000);
		staged = undefined;
		const before = process.memoryUsage().heapUsed;
		const line = releaseSyncGarbage();
		const after = process.memoryUsage().heapUsed;
		expect(line).toMatch(/^Collected the content sync's garbage in \d+ ms: heap \d+ → \d+ MiB$/);
		expect(after).toBeLessThan(before / 2);
	});
});

import { cp, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { usePollSite } from '../helpers/poll-site.js';

/**
 * What a scheduled job keeps between runs is poll's state folder and nothing else: Astro's store
 * of the site is neither read nor written, and a fresh checkout with only that folder restored
 * asks the list conditionally and calls nothing when nothing changed.
 */
const site = usePollSite({ settled: false });
const sim = () => site.sim;
const STATE = '.poll-state';

async function filesUnder(folder: string): Promise<string[]> {
	const found: string[] = [];
	for (const item of await readdir(folder, { withFileTypes: true, recursive: true }))
		if (item.isFile()) found.push(join(item.parentPath, item.name).slice(folder.length + 1));
	return found.sort();
}

describe('audio-reviews poll state', () => {
	it('keeps one folder (--state, printed), and a fresh checkout with only that folder restored calls nothing when nothing changed', async () => {
		const first = await site.poll(['--state', STATE]);
		expect(first.code, first.stderr).toBe(0);
		expect(first.json).toMatchObject({ called: true, firstCall: true, state: STATE });
		expect(first.stdout.split('\n')[0]).toMatch(/State: \.poll-state$/);
		expect(await filesUnder(join(site.root, STATE))).toEqual([
			'state.json',
			'sync/products.json.gz',
		]);
		// The site's own Astro cache is untouched: no store written, none read.
		await expect(stat(join(site.root, 'node_modules/.astro'))).rejects.toThrow(/ENOENT/);
		site.receiver.reset();

		const fresh = await site.checkout();
		await cp(join(site.root, STATE), join(fresh, STATE), { recursive: true });
		await rm(site.root, { recursive: true, force: true });
		sim().resetStats();
		const quiet = await site.pollIn(fresh, ['--state', STATE]);
		expect(quiet.code, quiet.stderr).toBe(0);
		expect(quiet.json).toMatchObject({ changed: false, called: false, outcome: 'no-change' });
		expect(site.receiver.calls).toEqual([]);
		// Every list page answered 304 from the memos of the state alone; nothing else was asked.
		expect(sim().stats.list).toBeGreaterThan(1);
		expect(sim().stats.notModified).toBe(sim().stats.list);
		expect(sim().stats.total).toBe(sim().stats.list);

		const ref = sim().refs()[3]!;
		sim().updateProduct(ref, { name: 'Changed after the checkout' });
		const changed = await site.pollIn(fresh, ['--state', STATE]);
		expect(changed.json).toMatchObject({ called: true, updated: 2 });
		expect(site.receiver.calls).toHaveLength(1);
		site.receiver.reset();
		site.root = fresh;
	}, 180_000);

	it('without its sync files (lost, or of another format) a run asks every page in full and still compares with the last call', async () => {
		const restored = join(site.root, STATE);
		await rm(join(restored, 'sync'), { recursive: true, force: true });
		const rebuilt = await site.poll(['--state', STATE]);
		expect(rebuilt.code, rebuilt.stderr).toBe(0);
		// Without the memos every page is asked in full, and the digests still match the last call.
		expect(rebuilt.json).toMatchObject({ changed: false, called: false });
		expect(await filesUnder(restored)).toEqual(['state.json', 'sync/products.json.gz']);
	}, 120_000);
});

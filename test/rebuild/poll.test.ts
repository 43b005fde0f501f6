import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPublished, type SimAudio } from '../../simulator/src/index.js';
import { usePollSite } from '../helpers/poll-site.js';

/**
 * `audio-reviews poll` when it calls: the first run, the changes a page shows (and one it does
 * not), two runs at once, a dry run, a hook needing a body and a token. Failures, the interval
 * and bad input have a file of their own.
 */
const site = usePollSite({ settled: false });
const sim = () => site.sim;

/** One run that calls the hook for whatever changed, then a clean slate of calls. */
async function settle(): Promise<void> {
	const run = await site.poll();
	expect(run.code, run.stderr).toBe(0);
	site.receiver.reset();
}

/** A ref with reviews in French, skipping `used`. */
function reviewedRef(...used: string[]): string {
	return sim()
		.refs()
		.find(
			(ref) =>
				!used.includes(ref) && (sim().getProduct(ref, { locale: 'fr' }).reviews?.length ?? 0) > 0,
		)!;
}

describe('audio-reviews poll', () => {
	it('1. a first run calls the hook once and records the state; a second run with no change calls nothing', async () => {
		// The bin itself, as a scheduled job runs it; the other runs are its command in this process.
		const first = await site.pollCli();
		expect(first.code, first.stderr).toBe(0);
		expect(site.receiver.calls).toHaveLength(1);
		expect(site.receiver.calls[0]).toMatchObject({ contentType: 'application/json', body: '{}' });
		expect(first.json).toMatchObject({ changed: true, called: true, firstCall: true });
		expect(first.stdout).toMatch(/^Called the deploy hook http:\/\/127\.0\.0\.1:\d+\/…: HTTP 200/);
		const recorded = JSON.parse(await site.stateBytes()) as { pages: Record<string, string> };
		expect(Object.keys(recorded.pages)).toHaveLength(first.json!.pages as number);
		site.receiver.reset();

		sim().resetStats();
		const second = await site.pollCli();
		expect(second.code, second.stderr).toBe(0);
		expect(site.receiver.calls).toEqual([]);
		expect(second.json).toMatchObject({ changed: false, called: false, outcome: 'no-change' });
		expect(second.stdout.split('\n')[0]).toMatch(
			/^No change: \d+ pages as at the last deploy call/,
		);
		// Cheap when nothing changed: every list page answered 304, nothing else asked.
		expect(sim().stats.notModified).toBe(sim().stats.list);
		expect(sim().stats.total).toBe(sim().stats.list);
	}, 120_000);

	it('2. a transcript edit calls once; so does a deleted product, and a product gaining its first review', async () => {
		const edited = reviewedRef();
		sim().updateProduct(edited, (product) => {
			for (const review of product.reviews)
				review.transcript = `${review.transcript ?? ''} (edited)`;
		});
		await site.expectOneCall('changed', `fr/${edited}`);

		const deleted = reviewedRef(edited);
		sim().removeProduct(deleted);
		const run = await site.expectOneCall('removed', `fr/${deleted}`);
		expect(run.json).toMatchObject({ added: 0, updated: 0 });

		const bare = reviewedRef(edited, deleted);
		const review = structuredClone(
			sim()
				.inspect(edited)!
				.reviews.find((item) => isPublished(item, 'fr')),
		) as SimAudio;
		sim().updateProduct(bare, { reviews: [] });
		await settle();
		sim().updateProduct(bare, { reviews: [{ ...review, id: 'first-review-of-bare' }] });
		await site.expectOneCall('changed', `fr/${bare}`);
	}, 180_000);

	it('3. a change to a field no page shows calls nothing; one the page shows calls', async () => {
		const ref = sim().refs()[0]!;
		sim().updateProduct(ref, (product) => {
			product.features = { ctaAnalytics: !product.features?.ctaAnalytics };
		});
		sim().resetStats();
		const hidden = await site.poll();
		expect(hidden.code, hidden.stderr).toBe(0);
		// The service did send the product again (a 200 among the list pages), and nothing was called.
		expect(sim().stats.notModified).toBeLessThan(sim().stats.list);
		expect(site.receiver.calls).toEqual([]);
		expect(hidden.json).toMatchObject({ changed: false, called: false });

		sim().updateProduct(ref, { name: 'A name the page shows' });
		await site.expectOneCall('changed', `fr/${ref}`);
	}, 120_000);

	it('6. two runs at once call the hook exactly once; a lock whose process is gone is taken over', async () => {
		const ref = sim().refs()[3]!;
		sim().updateProduct(ref, { name: 'Changed for two runs' });
		// Two processes, as two scheduled jobs overlapping are.
		const runs = await Promise.all([site.pollCli(), site.pollCli()]);
		expect(runs.map((run) => run.code)).toEqual([0, 0]);
		expect(site.receiver.calls).toHaveLength(1);
		expect(runs.map((run) => run.json!.outcome).sort()).toEqual(['called', 'no-change']);
		site.receiver.reset();

		// A lock left by a run that was killed (its process is gone) is taken over.
		const lock = join(site.root, 'node_modules/.astro/audio-reviews-poll/lock');
		const dead = { pid: spawnSync('true').pid, host: hostname(), at: new Date().toISOString() };
		await writeFile(lock, JSON.stringify(dead));
		const after = await site.poll();
		expect(after.code, after.stderr).toBe(0);
		expect(after.json).toMatchObject({ outcome: 'no-change' });
		expect(existsSync(lock)).toBe(false);
	}, 180_000);

	it('7. --dry-run calls nothing and moves no state; then --hook-body and a token make a repository_dispatch call', async () => {
		const ref = sim().refs()[4]!;
		sim().updateProduct(ref, { name: 'Changed for a dry run' });
		const before = await site.stateBytes();
		const dry = await site.poll(['--dry-run']);
		expect(dry.code, dry.stderr).toBe(0);
		expect(dry.stdout).toMatch(
			/^Dry run: would POST to the deploy hook http:\/\/127\.0\.0\.1:\d+\/… \(0 added, 2 changed, 0 removed \(en\/SKU-\d+, fr\/SKU-\d+\)/,
		);
		expect(dry.json).toMatchObject({ changed: true, called: false, outcome: 'dry-run' });
		expect(site.receiver.calls).toEqual([]);
		expect(await site.stateBytes()).toBe(before);
		// The call a GitHub repository_dispatch needs: a JSON body of its own and a bearer token.
		const body = '{"event_type":"catalogue-changed"}';
		const called = await site.poll(['--hook-body', body], {
			AUDIO_REVIEWS_DEPLOY_HOOK_TOKEN: 't0ken-x',
		});
		expect(called.json).toMatchObject({ called: true, updated: 2 });
		expect(site.receiver.calls).toEqual([
			expect.objectContaining({
				body,
				authorization: 'Bearer t0ken-x',
				contentType: 'application/json',
			}),
		]);
		site.receiver.reset();
	}, 120_000);

	it("8. a run leaves nothing in the temp folder: Astro's store of its sync goes with it", async () => {
		const temp = await mkdtemp(join(tmpdir(), 'aar-poll-temp-'));
		try {
			sim().updateProduct(sim().refs()[5]!, { name: 'Changed for a run that calls' });
			const called = await site.poll([], { TMPDIR: temp });
			expect(called.json, called.stderr).toMatchObject({ called: true });
			expect(await readdir(temp)).toEqual([]);
			const quiet = await site.poll([], { TMPDIR: temp });
			expect(quiet.json, quiet.stderr).toMatchObject({ outcome: 'no-change' });
			expect(await readdir(temp)).toEqual([]);
		} finally {
			await rm(temp, { recursive: true, force: true });
		}
		site.receiver.reset();
	}, 120_000);
});

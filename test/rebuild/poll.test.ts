import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	isPublished,
	type SimAudio,
	type Simulator,
	startSimulator,
} from '../../simulator/src/index.js';
import {
	HOOK_SECRET,
	type HookReceiver,
	type PollRun,
	runPollCli,
	startHookReceiver,
} from '../helpers/deploy-hook-receiver.js';
import {
	HOSTILE_WEBSITE_ID,
	makeCatalogue,
	startHostileService,
} from '../helpers/hostile-service.js';

/**
 * `audio-reviews poll` (the package's bin) in a fixture site's folder: the site's own `astro
 * sync` against the simulator over HTTP, a stand-in deploy hook on loopback. The runs share one
 * site and its state folder, each test starting from a state where the last change was called.
 */
const TMP = fileURLToPath(new URL('../.tmp/', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../fixtures/basic/', import.meta.url));
const LOCALES = ['fr', 'en'];
let sim: Simulator;
let receiver: HookReceiver;
let site: string;
let env: Record<string, string>;
const outputs: string[] = [];

beforeAll(async () => {
	// A page cap of 5 spreads the catalogue over several list pages, so 304s and 200s mix.
	sim = await startSimulator({ products: 12, locales: LOCALES, seed: 39, maxLimit: 5 });
	receiver = await startHookReceiver();
	site = join(TMP, `poll-${process.pid}-${Date.now()}`);
	await mkdir(site, { recursive: true });
	await cp(FIXTURE, site, { recursive: true });
	env = {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		AUDIO_REVIEWS_LOCALES: LOCALES.join(','),
		FIXTURE_RETRIES: '0',
		AUDIO_REVIEWS_DEPLOY_HOOK: receiver.hook,
	};
});
afterAll(async () => {
	await receiver.close();
	await sim.close();
});

async function poll(args: string[] = [], extra: Record<string, string> = {}): Promise<PollRun> {
	const run = await runPollCli(['--json', ...args], site, { ...env, ...extra });
	outputs.push(run.stdout, run.stderr);
	return run;
}

const statePath = () => join(site, 'node_modules/.astro/audio-reviews-poll/state.json');
const stateBytes = () => readFile(statePath(), 'utf8').catch(() => '');

/** One run that calls the hook for whatever changed, then a clean slate of calls. */
async function settle(): Promise<void> {
	const run = await poll();
	expect(run.code, run.stderr).toBe(0);
	receiver.reset();
}

/** A ref with reviews in French, skipping `used`. */
function reviewedRef(...used: string[]): string {
	return sim
		.refs()
		.find(
			(ref) =>
				!used.includes(ref) && (sim.getProduct(ref, { locale: 'fr' }).reviews?.length ?? 0) > 0,
		)!;
}

/** Asserts one run called the hook exactly once for a change naming `label`. */
async function expectOneCall(list: 'added' | 'changed' | 'removed', label: string) {
	const run = await poll();
	expect(run.code, run.stderr).toBe(0);
	expect(receiver.calls, run.stdout).toHaveLength(1);
	expect(run.json).toMatchObject({ changed: true, called: true, status: 200 });
	expect((run.json!.refs as Record<string, string[]>)[list]).toContain(label);
	receiver.reset();
	return run;
}

describe('audio-reviews poll', () => {
	it('1. a first run calls the hook once and records the state; a second run with no change calls nothing', async () => {
		const first = await poll();
		expect(first.code, first.stderr).toBe(0);
		expect(receiver.calls).toHaveLength(1);
		expect(receiver.calls[0]).toMatchObject({ contentType: 'application/json', body: '{}' });
		expect(first.json).toMatchObject({ changed: true, called: true, firstCall: true });
		expect(first.stdout).toMatch(/^Called the deploy hook http:\/\/127\.0\.0\.1:\d+\/…: HTTP 200/);
		const recorded = JSON.parse(await stateBytes()) as { pages: Record<string, string> };
		expect(Object.keys(recorded.pages)).toHaveLength(first.json!.pages as number);
		receiver.reset();

		sim.resetStats();
		const second = await poll();
		expect(second.code, second.stderr).toBe(0);
		expect(receiver.calls).toEqual([]);
		expect(second.json).toMatchObject({ changed: false, called: false, outcome: 'no-change' });
		expect(second.stdout.split('\n')[0]).toMatch(
			/^No change: \d+ pages as at the last deploy call/,
		);
		// Cheap when nothing changed: every list page answered 304, nothing else asked.
		expect(sim.stats.notModified).toBe(sim.stats.list);
		expect(sim.stats.total).toBe(sim.stats.list);
	}, 120_000);

	it('2. a transcript edit calls once; so does a deleted product, and a product gaining its first review', async () => {
		const edited = reviewedRef();
		sim.updateProduct(edited, (product) => {
			for (const review of product.reviews)
				review.transcript = `${review.transcript ?? ''} (edited)`;
		});
		await expectOneCall('changed', `fr/${edited}`);

		const deleted = reviewedRef(edited);
		sim.removeProduct(deleted);
		const run = await expectOneCall('removed', `fr/${deleted}`);
		expect(run.json).toMatchObject({ added: 0, updated: 0 });

		const bare = reviewedRef(edited, deleted);
		const review = structuredClone(
			sim.inspect(edited)!.reviews.find((item) => isPublished(item, 'fr')),
		) as SimAudio;
		sim.updateProduct(bare, { reviews: [] });
		await settle();
		sim.updateProduct(bare, { reviews: [{ ...review, id: 'first-review-of-bare' }] });
		await expectOneCall('changed', `fr/${bare}`);
	}, 180_000);

	it('3. a change to a field no page shows calls nothing; one the page shows calls', async () => {
		const ref = sim.refs()[0]!;
		sim.updateProduct(ref, (product) => {
			product.features = { ctaAnalytics: !product.features?.ctaAnalytics };
		});
		sim.resetStats();
		const hidden = await poll();
		expect(hidden.code, hidden.stderr).toBe(0);
		// The service did send the product again (a 200 among the list pages), and nothing was called.
		expect(sim.stats.notModified).toBeLessThan(sim.stats.list);
		expect(receiver.calls).toEqual([]);
		expect(hidden.json).toMatchObject({ changed: false, called: false });

		sim.updateProduct(ref, { name: 'A name the page shows' });
		await expectOneCall('changed', `fr/${ref}`);
	}, 120_000);

	it('4. a service down or a lying list exits non-zero naming the endpoint, calls nothing, keeps the state; the change is called once it is back', async () => {
		const ref = sim.refs()[1]!;
		sim.updateProduct(ref, { seo_name: 'Changed while down' });
		const before = await stateBytes();
		await sim.setFaults({ outage: true });
		const down = await poll();
		expect(down.code).toBe(1);
		expect(down.stderr).toMatch(/HTTP 503.*endpoint GET \/ws\/websites\/\{websiteId\}\/products/);
		expect(down.json).toMatchObject({ changed: false, called: false, failure: 'service' });

		const kept = await poll([], { AUDIO_REVIEWS_LAST_KNOWN_GOOD: '1' });
		expect(kept.code).toBe(1);
		expect(kept.stderr).toMatch(/kept the last known good store: .*endpoint GET/);

		const liar = await startHostileService({ catalogue: makeCatalogue(30), countItem: () => 10 });
		const lied = await poll([], {
			AUDIO_REVIEWS_BASE_URL: liar.url,
			AUDIO_REVIEWS_WEBSITE_ID: HOSTILE_WEBSITE_ID,
		});
		await liar.close();
		expect(lied.code).toBe(1);
		expect(lied.stderr).toMatch(/past count_item 10.*endpoint GET/);
		expect(receiver.calls).toEqual([]);
		expect(await stateBytes()).toBe(before);

		await sim.setFaults({ outage: false });
		await expectOneCall('changed', `fr/${ref}`);
	}, 180_000);

	it('5. a hook answering 500 or never answering exits non-zero; the next run calls again for the same change', async () => {
		const ref = sim.refs()[2]!;
		sim.updateProduct(ref, { seo_description: 'A description the page shows' });
		const before = await stateBytes();
		receiver.script(500);
		const failed = await poll();
		expect(failed.code).toBe(1);
		expect(failed.stderr).toMatch(/The deploy hook http:\/\/127\.0\.0\.1:\d+\/… answered HTTP 500/);
		expect(failed.json).toMatchObject({ changed: true, called: false, failure: 'hook' });
		expect(await stateBytes()).toBe(before);

		receiver.script('hang');
		const silent = await poll(['--hook-timeout', '1s']);
		expect(silent.code).toBe(1);
		expect(silent.stderr).toMatch(/did not answer within 1 s/);
		expect(await stateBytes()).toBe(before);
		expect(receiver.calls).toHaveLength(2);
		receiver.reset();

		await expectOneCall('changed', `fr/${ref}`);
	}, 180_000);

	it('6. two runs at once call the hook exactly once; a lock whose process is gone is taken over', async () => {
		const ref = sim.refs()[3]!;
		sim.updateProduct(ref, { name: 'Changed for two runs' });
		const runs = await Promise.all([poll(), poll()]);
		expect(runs.map((run) => run.code)).toEqual([0, 0]);
		expect(receiver.calls).toHaveLength(1);
		expect(runs.map((run) => run.json!.outcome).sort()).toEqual(['called', 'no-change']);
		receiver.reset();

		// A lock left by a run that was killed (its process is gone) is taken over.
		const lock = join(site, 'node_modules/.astro/audio-reviews-poll/lock');
		const dead = { pid: spawnSync('true').pid, host: hostname(), at: new Date().toISOString() };
		await writeFile(lock, JSON.stringify(dead));
		const after = await poll();
		expect(after.code, after.stderr).toBe(0);
		expect(after.json).toMatchObject({ outcome: 'no-change' });
		expect(existsSync(lock)).toBe(false);
	}, 180_000);

	it('7. --dry-run calls nothing and moves no state; then --hook-body and a token make a repository_dispatch call', async () => {
		const ref = sim.refs()[4]!;
		sim.updateProduct(ref, { name: 'Changed for a dry run' });
		const before = await stateBytes();
		const dry = await poll(['--dry-run']);
		expect(dry.code, dry.stderr).toBe(0);
		expect(dry.stdout).toMatch(
			/^Dry run: would POST to the deploy hook http:\/\/127\.0\.0\.1:\d+\/… \(0 added, 2 changed, 0 removed \(en\/SKU-\d+, fr\/SKU-\d+\)/,
		);
		expect(dry.json).toMatchObject({ changed: true, called: false, outcome: 'dry-run' });
		expect(receiver.calls).toEqual([]);
		expect(await stateBytes()).toBe(before);
		// The call a GitHub repository_dispatch needs: a JSON body of its own and a bearer token.
		const body = '{"event_type":"catalogue-changed"}';
		const called = await poll(['--hook-body', body], {
			AUDIO_REVIEWS_DEPLOY_HOOK_TOKEN: 't0ken-x',
		});
		expect(called.json).toMatchObject({ called: true, updated: 2 });
		expect(receiver.calls).toEqual([
			expect.objectContaining({
				body,
				authorization: 'Bearer t0ken-x',
				contentType: 'application/json',
			}),
		]);
		receiver.reset();
	}, 120_000);

	it('8. --min-interval holds a change for a later run and never drops it', async () => {
		const ref = sim.refs()[5]!;
		sim.updateProduct(ref, { name: 'Changed inside the interval' });
		const before = await stateBytes();
		for (let run = 0; run < 2; run++) {
			const held = await poll(['--min-interval', '1h']);
			expect(held.code, held.stderr).toBe(0);
			expect(held.json).toMatchObject({ changed: true, called: false, outcome: 'held' });
			expect(held.stdout).toMatch(/held by --min-interval/);
		}
		expect(receiver.calls).toEqual([]);
		expect(await stateBytes()).toBe(before);
		// Once the interval has passed (here: a shorter one), the held change is called.
		const later = await poll(['--min-interval', '1ms']);
		expect(later.json).toMatchObject({ called: true, updated: 2 });
		expect((later.json!.refs as Record<string, string[]>).changed).toContain(`fr/${ref}`);
	}, 180_000);

	it('9. bad input gives a clear error naming the fix', async () => {
		receiver.reset();
		const noHook = await poll([], { AUDIO_REVIEWS_DEPLOY_HOOK: '' });
		expect(noHook.code).toBe(2);
		expect(noHook.stderr).toMatch(
			/No deploy hook: pass --hook <url> or set AUDIO_REVIEWS_DEPLOY_HOOK/,
		);
		const notUrl = await poll(['--hook', 'netlify-hook-id']);
		expect(notUrl.code).toBe(2);
		expect(notUrl.stderr).toMatch(
			/The deploy hook in --hook is not a URL: expected an absolute http\(s\) URL/,
		);
		const body = await poll(['--hook-body', '{event_type: x}']);
		expect(body.code).toBe(2);
		expect(body.stderr).toMatch(/--hook-body is not JSON/);
		const interval = await poll(['--min-interval', 'soon']);
		expect(interval.code).toBe(2);
		expect(interval.stderr).toMatch(/Expected --min-interval to be a duration such as 90s/);

		const bare = join(TMP, `poll-bare-${process.pid}-${Date.now()}`);
		await mkdir(bare, { recursive: true });
		await writeFile(join(bare, 'astro.config.mjs'), 'export default {};\n');
		const run = await runPollCli([], bare, { AUDIO_REVIEWS_DEPLOY_HOOK: receiver.hook });
		expect(run.code).toBe(2);
		expect(run.stderr).toMatch(
			/No content collection of the site .* uses productsLoader\(\): run poll in the site's folder/,
		);
		expect(receiver.calls).toEqual([]);
	}, 120_000);

	it('never prints the hook whole', () => {
		expect(outputs.length).toBeGreaterThan(0);
		for (const output of outputs) {
			expect(output).not.toContain(HOOK_SECRET);
			expect(output).not.toContain('s3cr3t');
			expect(output).not.toContain('t0ken-x');
		}
	});
});

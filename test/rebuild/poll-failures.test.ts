import { mkdir, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOOK_SECRET, runPollCli } from '../helpers/deploy-hook-receiver.js';
import {
	HOSTILE_WEBSITE_ID,
	makeCatalogue,
	startHostileService,
} from '../helpers/hostile-service.js';
import { usePollSite } from '../helpers/poll-site.js';

/**
 * `audio-reviews poll` when it must not call, or not yet: a failing or lying service, a failing
 * or silent hook, `--min-interval`, bad input. Each starts from a site whose last change was
 * called, and ends with the change it held called once.
 */
const TMP = fileURLToPath(new URL('../.tmp/', import.meta.url));
const site = usePollSite({ settled: true });
const sim = () => site.sim;

describe('audio-reviews poll, failures and holds', () => {
	it('4. a service down or a lying list exits non-zero naming the endpoint, calls nothing, keeps the state; the change is called once it is back', async () => {
		const ref = sim().refs()[1]!;
		sim().updateProduct(ref, { seo_name: 'Changed while down' });
		const before = await site.stateBytes();
		await sim().setFaults({ outage: true });
		const down = await site.poll();
		expect(down.code).toBe(1);
		expect(down.stderr).toMatch(/HTTP 503.*endpoint GET \/ws\/websites\/\{websiteId\}\/products/);
		expect(down.json).toMatchObject({ changed: false, called: false, failure: 'service' });

		const kept = await site.poll([], { AUDIO_REVIEWS_LAST_KNOWN_GOOD: '1' });
		expect(kept.code).toBe(1);
		// poll's sync never keeps a last known good store: a sync that failed knows nothing.
		expect(kept.stderr).toMatch(/HTTP 503.*endpoint GET \/ws\/websites\/\{websiteId\}\/products/);

		const liar = await startHostileService({ catalogue: makeCatalogue(30), countItem: () => 10 });
		const lied = await site.poll([], {
			AUDIO_REVIEWS_BASE_URL: liar.url,
			AUDIO_REVIEWS_WEBSITE_ID: HOSTILE_WEBSITE_ID,
		});
		await liar.close();
		expect(lied.code).toBe(1);
		expect(lied.stderr).toMatch(/past count_item 10.*endpoint GET/);
		expect(site.receiver.calls).toEqual([]);
		expect(await site.stateBytes()).toBe(before);

		await sim().setFaults({ outage: false });
		await site.expectOneCall('changed', `fr/${ref}`);
	}, 180_000);

	it('5. a hook answering 500 or never answering exits non-zero; the next run calls again for the same change', async () => {
		const ref = sim().refs()[2]!;
		sim().updateProduct(ref, { seo_description: 'A description the page shows' });
		const before = await site.stateBytes();
		site.receiver.script(500);
		const failed = await site.poll();
		expect(failed.code).toBe(1);
		expect(failed.stderr).toMatch(/The deploy hook http:\/\/127\.0\.0\.1:\d+\/… answered HTTP 500/);
		expect(failed.json).toMatchObject({ changed: true, called: false, failure: 'hook' });
		expect(await site.stateBytes()).toBe(before);

		site.receiver.script('hang');
		const silent = await site.poll(['--hook-timeout', '1s']);
		expect(silent.code).toBe(1);
		expect(silent.stderr).toMatch(/did not answer within 1 s/);
		expect(await site.stateBytes()).toBe(before);
		expect(site.receiver.calls).toHaveLength(2);
		site.receiver.reset();

		await site.expectOneCall('changed', `fr/${ref}`);
	}, 180_000);

	it('8. --min-interval holds a change for a later run and never drops it', async () => {
		const ref = sim().refs()[5]!;
		sim().updateProduct(ref, { name: 'Changed inside the interval' });
		const before = await site.stateBytes();
		for (let run = 0; run < 2; run++) {
			const held = await site.poll(['--min-interval', '1h']);
			expect(held.code, held.stderr).toBe(0);
			expect(held.json).toMatchObject({ changed: true, called: false, outcome: 'held' });
			expect(held.stdout).toMatch(/held by --min-interval/);
		}
		expect(site.receiver.calls).toEqual([]);
		expect(await site.stateBytes()).toBe(before);
		// Once the interval has passed (here: a shorter one), the held change is called.
		const later = await site.poll(['--min-interval', '1ms']);
		expect(later.json).toMatchObject({ called: true, updated: 2 });
		expect((later.json!.refs as Record<string, string[]>).changed).toContain(`fr/${ref}`);
	}, 180_000);

	it('a run that finds another poll holding the lock past --lock-wait exits 4 (busy) and calls nothing; the change is called once the lock is gone', async () => {
		site.receiver.reset();
		const ref = sim().refs()[6]!;
		sim().updateProduct(ref, { name: 'Changed while another poll runs' });
		const before = await site.stateBytes();
		// A live process of this host holds it: this test's own.
		const lock = join(site.root, 'node_modules/.astro/audio-reviews-poll/lock');
		await writeFile(lock, JSON.stringify({ pid: process.pid, host: hostname(), at: 'now' }));
		const busy = await site.poll(['--lock-wait', '1s']);
		await rm(lock, { force: true });
		expect(busy.code, busy.stderr).toBe(4);
		expect(busy.stderr).toMatch(/Another poll \(pid \d+ on .*\) still holds .*lock: this run/);
		expect(site.receiver.calls).toEqual([]);
		expect(await site.stateBytes()).toBe(before);
		await site.expectOneCall('changed', `fr/${ref}`);
	}, 180_000);

	it('9. bad input gives a clear error naming the fix', async () => {
		site.receiver.reset();
		const noHook = await site.poll([], { AUDIO_REVIEWS_DEPLOY_HOOK: '' });
		expect(noHook.code).toBe(2);
		expect(noHook.stderr).toMatch(
			/No deploy hook: pass --hook <url> or set AUDIO_REVIEWS_DEPLOY_HOOK/,
		);
		const notUrl = await site.poll(['--hook', 'netlify-hook-id']);
		expect(notUrl.code).toBe(2);
		expect(notUrl.stderr).toMatch(
			/The deploy hook in --hook is not a URL: expected an absolute http\(s\) URL/,
		);
		const body = await site.poll(['--hook-body', '{event_type: x}']);
		expect(body.code).toBe(2);
		expect(body.stderr).toMatch(/--hook-body is not JSON/);
		const interval = await site.poll(['--min-interval', 'soon']);
		expect(interval.code).toBe(2);
		expect(interval.stderr).toMatch(/Expected --min-interval to be a duration such as 90s/);

		const bare = join(TMP, `poll-bare-${process.pid}-${Date.now()}`);
		await mkdir(bare, { recursive: true });
		await writeFile(join(bare, 'astro.config.mjs'), 'export default {};\n');
		const run = await runPollCli([], bare, { AUDIO_REVIEWS_DEPLOY_HOOK: site.receiver.hook });
		expect(run.code).toBe(2);
		expect(run.stderr).toMatch(
			/No content collection of the site .* uses productsLoader\(\): run poll in the site's folder/,
		);
		expect(site.receiver.calls).toEqual([]);
	}, 120_000);

	it('never prints the hook or its token whole, whatever the run does', async () => {
		const ref = sim().refs()[5]!;
		sim().updateProduct(ref, { name: 'Changed to print every outcome' });
		const token = { AUDIO_REVIEWS_DEPLOY_HOOK_TOKEN: 't0ken-x' };
		const runs = [await site.poll(['--dry-run'], token)];
		site.receiver.script(500);
		runs.push(await site.poll([], token));
		const unreachable = 'http://user:s3cr3t@127.0.0.1:9/build_hooks/s3cr3t?key=s3cr3t';
		runs.push(await site.poll(['--hook', unreachable], token));
		runs.push(await site.poll(['--hook', 'ftp://user:s3cr3t@127.0.0.1/s3cr3t'], token));
		runs.push(await site.poll([], token));
		runs.push(await site.poll([], token));
		expect(runs.map((run) => run.code)).toEqual([0, 1, 1, 2, 0, 0]);
		expect(runs.map((run) => run.json?.outcome)).toEqual([
			'dry-run',
			'failed',
			'failed',
			'failed',
			'called',
			'no-change',
		]);
		for (const { stdout, stderr } of runs)
			for (const secret of [HOOK_SECRET, 's3cr3t', 't0ken-x']) {
				expect(stdout).not.toContain(secret);
				expect(stderr).not.toContain(secret);
			}
		site.receiver.reset();
	}, 180_000);
});

import { cp, mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import {
	type HookReceiver,
	type PollRun,
	runPollCli,
	runPollHere,
	startHookReceiver,
} from './deploy-hook-receiver.js';

/**
 * One fixture site per test file for `audio-reviews poll` in the site's folder: the site's own
 * `astro sync` against the simulator over HTTP, a stand-in deploy hook on loopback. The file's
 * runs share the site and its state folder. Runs are the bin's command in this process
 * (`runPollHere`); `pollCli` runs the bin itself, as a scheduled job does.
 */
const TMP = fileURLToPath(new URL('../.tmp/', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../fixtures/basic/', import.meta.url));
const LOCALES = ['fr', 'en'];

export interface PollSite {
	sim: Simulator;
	receiver: HookReceiver;
	root: string;
	/** `audio-reviews poll --json …` in the site, with the site's environment and `extra`. */
	poll(args?: string[], extra?: Record<string, string>): Promise<PollRun>;
	/** The same run by the package's bin in a child process. */
	pollCli(args?: string[], extra?: Record<string, string>): Promise<PollRun>;
	/** The same in another folder: a fresh checkout of the site. */
	pollIn(root: string, args?: string[]): Promise<PollRun>;
	/** A fresh checkout of the fixture site: no node_modules/.astro, no state. */
	checkout(): Promise<string>;
	/** The state file's text ('' when none). */
	stateBytes(): Promise<string>;
	/** Asserts one run called the hook exactly once for a change naming `label`, then clears the calls. */
	expectOneCall(list: 'added' | 'changed' | 'removed', label: string): Promise<PollRun>;
}

/** Registers the file's site; `settled`: a first run calls the hook before the tests start. */
export function usePollSite(options: { settled: boolean }): PollSite {
	let env: Record<string, string> = {};
	const site = {} as PollSite;
	site.poll = (args = [], extra = {}) =>
		runPollHere(['--json', ...args], site.root, { ...env, ...extra });
	site.pollCli = (args = [], extra = {}) =>
		runPollCli(['--json', ...args], site.root, { ...env, ...extra });
	site.pollIn = (root, args = []) => runPollHere(['--json', ...args], root, env);
	site.checkout = async () => {
		const root = await mkdtemp(join(TMP, 'poll-checkout-'));
		await cp(FIXTURE, root, { recursive: true });
		return root;
	};
	site.stateBytes = () =>
		readFile(join(site.root, 'node_modules/.astro/audio-reviews-poll/state.json'), 'utf8').catch(
			() => '',
		);
	site.expectOneCall = async (list, label) => {
		const run = await site.poll();
		expect(run.code, run.stderr).toBe(0);
		expect(site.receiver.calls, run.stdout).toHaveLength(1);
		expect(run.json).toMatchObject({ changed: true, called: true, status: 200 });
		expect((run.json!.refs as Record<string, string[]>)[list]).toContain(label);
		site.receiver.reset();
		return run;
	};
	beforeAll(async () => {
		// A page cap of 5 spreads the catalogue over several list pages, so 304s and 200s mix.
		site.sim = await startSimulator({ products: 12, locales: LOCALES, seed: 39, maxLimit: 5 });
		site.receiver = await startHookReceiver();
		await mkdir(TMP, { recursive: true });
		site.root = await site.checkout();
		// Poll's run folders: a failed sync's goes when its process exits, and a Vitest worker
		// never emits 'exit'. Here they stay beside the site, pruned with it (global-setup.ts).
		const temp = await mkdtemp(join(TMP, 'poll-temp-'));
		env = {
			TMPDIR: temp,
			AUDIO_REVIEWS_BASE_URL: site.sim.baseUrl,
			AUDIO_REVIEWS_WEBSITE_ID: site.sim.websiteId,
			AUDIO_REVIEWS_LOCALES: LOCALES.join(','),
			FIXTURE_RETRIES: '0',
			AUDIO_REVIEWS_DEPLOY_HOOK: site.receiver.hook,
		};
		if (options.settled) {
			const first = await site.poll();
			if (first.code !== 0) throw new Error(`the first poll failed: ${first.stderr}`);
			site.receiver.reset();
		}
	}, 120_000);
	afterAll(async () => {
		await site.receiver.close();
		await site.sim.close();
	});
	return site;
}

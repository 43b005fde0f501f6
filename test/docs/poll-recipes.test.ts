import { spawn } from 'node:child_process';
import { chmod, cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { type HookReceiver, startHookReceiver } from '../helpers/deploy-hook-receiver.js';
import { readDocPage } from '../helpers/markdown.js';
import { REPO_ROOT } from '../helpers/shell.js';

/**
 * The scheduled recipes of docs/rebuilds.md (a GitHub Actions workflow, a crontab) are not
 * Astro recipes: their YAML and cron syntax are checked here, and the command each runs is run
 * as written, by `sh`, in a fixture site's folder with the package's bin installed as npm
 * installs it, against the simulator and a deploy hook on loopback.
 */
const page = readDocPage('docs/rebuilds.md');
const blockOf = (lang: string) => {
	const found = page.blocks.filter((block) => block.lang === lang);
	expect(found, `one ${lang} block in docs/rebuilds.md`).toHaveLength(1);
	return found[0]!.code;
};

interface Step {
	uses?: string;
	run?: string;
	with?: Record<string, string>;
	env?: Record<string, string>;
}
interface Workflow {
	on: { schedule: { cron: string }[] };
	jobs: Record<string, { steps: Step[] }>;
}

let sim: Simulator;
let receiver: HookReceiver;
let site: string;

beforeAll(async () => {
	sim = await startSimulator({ products: 10, locales: ['fr'], seed: 7 });
	receiver = await startHookReceiver();
	site = join(REPO_ROOT, 'test/.tmp', `poll-recipes-${process.pid}-${Date.now()}`);
	await mkdir(join(site, 'node_modules/.bin'), { recursive: true });
	await cp(join(REPO_ROOT, 'test/fixtures/basic'), site, { recursive: true });
	await writeFile(
		join(site, 'package.json'),
		'{ "name": "shop", "private": true, "type": "module" }\n',
	);
	// What `npm install` puts in node_modules/.bin for the package's `bin` (here a shim: the build
	// output is not executable until npm installs it).
	const bin = join(site, 'node_modules/.bin/audio-reviews');
	await writeFile(bin, `#!/bin/sh\nexec node ${join(REPO_ROOT, 'integration/dist/cli.js')} "$@"\n`);
	await chmod(bin, 0o755);
});
afterAll(async () => {
	await receiver.close();
	await sim.close();
});

/** Runs a recipe's command line with `sh` in the site's folder; Node 22+ first on the PATH. */
function runShell(
	command: string,
	env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
	return new Promise((resolve, reject) => {
		const child = spawn('sh', ['-c', command], {
			cwd: site,
			env: {
				PATH: `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
				HOME: process.env.HOME ?? site,
				// npx finds the local bin; never the registry.
				npm_config_offline: 'true',
				AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
				AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
				AUDIO_REVIEWS_LOCALES: 'fr',
				...env,
			},
		});
		let output = '';
		child.stdout.on('data', (chunk: Buffer) => (output += chunk));
		child.stderr.on('data', (chunk: Buffer) => (output += chunk));
		child.on('error', reject);
		child.on('close', (code) => resolve({ code, output }));
	});
}

describe('the scheduled recipes of docs/rebuilds.md', () => {
	it("the workflow runs every 10 minutes, keeps only poll's state in actions/cache, and its poll step calls the hook, then nothing from that state alone", async () => {
		const workflow = parse(blockOf('yaml')) as Workflow;
		expect(workflow.on.schedule).toEqual([{ cron: '*/10 * * * *' }]);
		const steps = Object.values(workflow.jobs)[0]!.steps;
		const at = (test: (step: Step) => boolean) => steps.findIndex(test);
		const cache = at((step) => step.uses?.startsWith('actions/cache@') === true);
		const poll = steps[at((step) => /audio-reviews poll/.test(step.run ?? ''))]!;
		// The cache holds the state folder poll is told to use, and nothing else.
		const state = /--state (\S+)/.exec(poll.run!)?.[1];
		expect(state).toBeDefined();
		expect(state).not.toMatch(/^node_modules/);
		expect(steps[cache]!.with).toMatchObject({ path: state });
		expect(steps[cache]!.with!.key).toMatch(/\$\{\{ github\.run_id \}\}/);
		expect(at((step) => step === poll)).toBeGreaterThan(cache);
		expect(poll.env!.AUDIO_REVIEWS_DEPLOY_HOOK).toMatch(/^\$\{\{ secrets\.\w+ \}\}$/);

		const first = await runShell(poll.run!, { AUDIO_REVIEWS_DEPLOY_HOOK: receiver.hook });
		expect(first.code, first.output).toBe(0);
		expect(first.output).toMatch(/^Called the deploy hook http:\/\/127\.0\.0\.1:\d+\/…: HTTP 200/m);
		expect(receiver.calls).toHaveLength(1);
		// The next job: a fresh checkout and `npm ci`, with only the cached state restored.
		await rm(join(site, 'node_modules/.astro'), { recursive: true, force: true });
		await rm(join(site, '.astro'), { recursive: true, force: true });
		const again = await runShell(poll.run!, { AUDIO_REVIEWS_DEPLOY_HOOK: receiver.hook });
		expect(again.output).toMatch(/^No change: 10 pages/m);
		expect(receiver.calls).toHaveLength(1);
	}, 300_000);

	it('the crontab line runs every 10 minutes in the site folder and logs what it did', async () => {
		const lines = blockOf('crontab').split('\n').filter(Boolean);
		const variables = Object.fromEntries(
			lines.filter((line) => /^[A-Z_]+=/.test(line)).map((line) => line.split(/=(.*)/s, 2)),
		) as Record<string, string>;
		expect(Object.keys(variables).sort()).toEqual(['AUDIO_REVIEWS_DEPLOY_HOOK', 'PATH']);
		expect(() => new URL(variables.AUDIO_REVIEWS_DEPLOY_HOOK!)).not.toThrow();
		const job = lines.find((line) => !/^[A-Z_]+=/.test(line))!;
		const [minute, hour, day, month, weekday, ...command] = job.split(' ');
		expect([minute, hour, day, month, weekday]).toEqual(['*/10', '*', '*', '*', '*']);

		const log = join(site, 'poll.log');
		const line = command
			.join(' ')
			.replace('/srv/shop', site)
			.replace('/var/log/shop-poll.log', log);
		const calls = receiver.calls.length;
		// Its state is its own (the default folder): a first run calls, then a change calls once.
		const first = await runShell(line, { AUDIO_REVIEWS_DEPLOY_HOOK: receiver.hook });
		expect(first.code, first.output).toBe(0);
		sim.updateProduct(sim.refs()[0]!, { name: 'Changed for the crontab' });
		const run = await runShell(line, { AUDIO_REVIEWS_DEPLOY_HOOK: receiver.hook });
		expect(run.code, run.output).toBe(0);
		expect(await readFile(log, 'utf8')).toMatch(
			/^Called the deploy hook http:\/\/127\.0\.0\.1:\d+\/…: HTTP 200 \(0 added, 1 changed/m,
		);
		expect(receiver.calls).toHaveLength(calls + 2);
	}, 300_000);
});

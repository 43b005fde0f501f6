import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startSimulator } from 'astro-audio-reviews/simulator';
import { REVIEWS_PER_PAGE, simulatorOptions } from './catalogue.mjs';
import { launchChromium } from './chromium.mjs';
import { startDevServer, untilAnswers } from './dev-server.mjs';
import { machineInfo } from './machine.mjs';
import { median } from './median.mjs';
import { freshSite } from './sites.mjs';

/**
 * "dev at 10,000 products": `astro dev` of the package (productsLoader, fr and en: 20,000
 * entries) beside Astro's own file() loader over the same entries on disk (the floor), one after
 * the other in one run: first product page after a cold start, after a start with the store
 * kept, product page loads in Chromium with the dev toolbar, `s + enter` with no change, a
 * one-ref webhook to the page showing the edit (ours), RSS of the process tree at rest and the
 * store on disk. The contract's bounds (CONTRACT.md "At catalogue scale") are checked in the report.
 */
const LOCALES = ['fr', 'en'];
// Page loads in Chromium, and the rest before the RSS reading; the smoke (no figures) takes fewer
// loads (still a median) and a shorter rest.
const PAGES = 7;
const SMOKE_PAGES = 3;
const REST_MS = 5_000;
const SMOKE_REST_MS = 1_000;

export async function devFigure(run) {
	const { config, work, say } = run;
	const size = config.smoke ? 30 : 10_000;
	const sim = await startSimulator({
		...simulatorOptions(size, { latencyMs: config.latencyMs, maxLimit: config.cap }),
		locales: LOCALES,
	});
	sim.unref();
	const data = join(work, `dev-data-${size}.json`);
	const figure = { size, locales: LOCALES, loadAtStart: (await machineInfo()).loadAtStart };
	const browser = await launchChromium();
	try {
		const entries = await dumpBothLocales(sim, data);
		figure.entries = entries;
		const pages = config.smoke ? SMOKE_PAGES : PAGES;
		const restMs = config.smoke ? SMOKE_REST_MS : REST_MS;
		const refs = sim.refs().slice(0, pages + 3);
		const env = {
			BENCH_BASE_URL: sim.baseUrl,
			BENCH_WEBSITE_ID: sim.websiteId,
			BENCH_DATA_FILE: data,
			BENCH_REVIEWS_PER_PAGE: String(REVIEWS_PER_PAGE),
		};
		for (const kind of ['floor', 'ours']) {
			const root = await freshSite(work, `dev-${kind}`, `dev-${kind}`);
			say(`dev ${kind}: ${size} products × ${LOCALES.length} locales`);
			figure[kind] = await measureDev({ kind, root, env, refs, pages, restMs, sim, browser, say });
			say(`dev ${kind}: ${JSON.stringify(figure[kind])}`);
			await run.dropSite(root);
		}
	} catch (error) {
		figure.error = String(error?.message ?? error)
			.split('\n')
			.slice(0, 8)
			.join('\n');
		run.results.errors.push(`dev: ${figure.error}`);
	} finally {
		await browser.close();
		await sim.close();
	}
	figure.loadAtEnd = (await machineInfo()).loadAtStart;
	return figure;
}

/** Both locales' JSON as the list endpoint serves it: fr under its ref, en under `en-<ref>`. */
async function dumpBothLocales(sim, file) {
	const out = createWriteStream(file);
	let count = 0;
	out.write('{');
	for (const locale of LOCALES) {
		for (const product of sim.listAll({ locale, without: 'inactive' })) {
			const id = locale === LOCALES[0] ? product.external_id : `${locale}-${product.external_id}`;
			if (
				!out.write(`${count++ === 0 ? '' : ','}\n${JSON.stringify(id)}:${JSON.stringify(product)}`)
			)
				await once(out, 'drain');
		}
	}
	out.end('}\n');
	await once(out, 'finish');
	return count;
}

async function measureDev({ kind, root, env, refs, pages, restMs, sim, browser, say }) {
	const port = await freePort();
	say(`dev ${kind}: astro dev on port ${port}`);
	const page = (ref) => `http://127.0.0.1:${port}/products/${ref}/`;
	const result = {};
	let started = performance.now();
	let dev = startDevServer(root, port, env);
	result.startMs = await untilAnswers(page(refs[0]), { since: started, dev });
	const synced = /Synced [^\n]* in (\d+(?:\.\d+)?) s/.exec(dev.log());
	if (synced) result.ownSyncMs = Number(synced[1]) * 1000;
	await dev.stop();
	// The same port: Astro clears its store when its config (the port included) changed.
	started = performance.now();
	dev = startDevServer(root, port, env);
	result.keptStartMs = await untilAnswers(page(refs[0]), { since: started, dev });
	try {
		const before = syncs(dev.log());
		const tab = await browser.newPage();
		const loads = [];
		for (const ref of refs.slice(1, pages + 1)) {
			const t = performance.now();
			await tab.goto(page(ref), { waitUntil: 'load', timeout: 300_000 });
			await tab.locator('astro-dev-toolbar').waitFor({ state: 'attached', timeout: 300_000 });
			loads.push(performance.now() - t);
		}
		await tab.close();
		result.navigationMs = loads.map(Math.round);
		result.navigationMedianMs = median(loads);
		result.syncsDuringNavigation = syncs(dev.log()) - before;
		await new Promise((resolve) => setTimeout(resolve, restMs));
		result.rssBytes = await dev.rss();
		// `s + enter` with nothing changed: until Astro says the sync ended, then the next page.
		const from = dev.log().length;
		started = performance.now();
		dev.type('s\r');
		await dev.waitFor(/Synced content/, from);
		result.syncEnterMs = performance.now() - started;
		result.syncEnterPageMs = await untilAnswers(page(refs[pages + 1]), { since: started, dev });
		if (kind === 'ours') result.webhook = await webhookToPage(dev, sim, refs[pages + 2], page);
		result.storeBytes = await sizeOf(join(root, '.astro'));
		say(
			`dev ${kind}: ${dev
				.log()
				.split('\n')
				.filter((line) => /Synced|Refreshed|error/i.test(line))
				.slice(-6)
				.join(' | ')}`,
		);
	} finally {
		await dev.stop();
	}
	return result;
}

/** The service edits one product, the webhook names it: until the page shows the edit. */
async function webhookToPage(dev, sim, ref, page) {
	const title = `Edited for the bench ${Date.now()}`;
	sim.updateProduct(ref, { seo_name: title });
	const started = performance.now();
	const answer = await fetch(`${dev.origin}/_audio-reviews/refresh`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ refs: [ref] }),
	});
	const answeredMs = performance.now() - started;
	const pageMs = await untilAnswers(page(ref), {
		since: started,
		ok: (body) => body.includes(title),
	});
	return { status: answer.status, answeredMs, pageMs };
}

const syncs = (log) => (log.match(/Syncing content/g) ?? []).length;

/** Bytes of the store on disk: the data store and the package's own files under .astro/. */
async function sizeOf(dir) {
	let total = 0;
	for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }).catch(
		() => [],
	)) {
		if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
	}
	return total;
}

function freePort() {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address();
			server.close(() => resolve(port));
		});
	});
}

const sec = (ms) => (ms === undefined ? '—' : `${(ms / 1000).toFixed(1)} s`);
const mib = (bytes) =>
	bytes === undefined ? '—' : `${Math.round(bytes / 2 ** 20).toLocaleString('en-US')} MiB`;

/** The figure's section of BENCHMARKS.md, with the contract's bounds checked. */
export function devMarkdown(figure) {
	if (!figure) return ['Not measured in this run (`node bench/run.mjs --only dev`).'];
	if (figure.error && !figure.ours) return [`Failed: ${figure.error}`];
	const { floor = {}, ours = {} } = figure;
	const bound = (value, limit) =>
		value === undefined || limit === undefined
			? '—'
			: value <= limit
				? `yes (≤ ${sec(limit)})`
				: `**no** (> ${sec(limit)})`;
	const firstLimit = floor.startMs && 1.5 * floor.startMs + (ours.ownSyncMs ?? 0) + 2_000;
	const rows = [
		[
			'Start → first product page 200',
			sec(floor.startMs),
			sec(ours.startMs),
			bound(ours.startMs, firstLimit),
		],
		[
			'Start with the store kept → first page',
			sec(floor.keptStartMs),
			sec(ours.keptStartMs),
			bound(ours.keptStartMs, ours.startMs && 1.1 * ours.startMs),
		],
		[
			`Product page in Chromium with the toolbar, median of ${floor.navigationMs?.length ?? '—'}`,
			sec(floor.navigationMedianMs),
			sec(ours.navigationMedianMs),
			bound(ours.navigationMedianMs, floor.navigationMedianMs && floor.navigationMedianMs + 250),
		],
		[
			'Content syncs during those page loads',
			String(floor.syncsDuringNavigation ?? '—'),
			String(ours.syncsDuringNavigation ?? '—'),
			ours.syncsDuringNavigation === 0 ? 'yes (none)' : '**no**',
		],
		[
			'`s + enter`, no change → "Synced content"',
			sec(floor.syncEnterMs),
			sec(ours.syncEnterMs),
			'',
		],
		[
			'`s + enter`, no change → next page 200',
			sec(floor.syncEnterPageMs),
			sec(ours.syncEnterPageMs),
			'',
		],
		[
			'Webhook for one ref → answered / page shows the edit',
			'—',
			ours.webhook ? `${sec(ours.webhook.answeredMs)} / ${sec(ours.webhook.pageMs)}` : '—',
			'',
		],
		[
			'RSS of the dev server (process tree) at rest',
			mib(floor.rssBytes),
			mib(ours.rssBytes),
			floor.rssBytes && ours.rssBytes
				? ours.rssBytes <= 1.5 * floor.rssBytes
					? `yes (${(ours.rssBytes / floor.rssBytes).toFixed(2)}×)`
					: `**no** (${(ours.rssBytes / floor.rssBytes).toFixed(2)}×)`
				: '—',
		],
		['Store on disk (`.astro/`)', mib(floor.storeBytes), mib(ours.storeBytes), ''],
	];
	return [
		`${figure.size.toLocaleString('en-US')} products × ${figure.locales.join(', ')} (${figure.entries?.toLocaleString('en-US') ?? '—'} entries): \`astro dev\` of the package beside Astro's \`file()\` loader over the same entries on disk (the floor), one after the other in one run. Load ${figure.loadAtStart?.join(', ')} at start, ${figure.loadAtEnd?.join(', ')} at end (a shared machine).`,
		'',
		'| | floor (`file()`) | package | contract bound met |',
		'|---|---:|---:|---|',
		...rows.map((row) => `| ${row.join(' | ')} |`),
		'',
		`Page loads, ms: floor ${floor.navigationMs?.join(', ') ?? '—'}; package ${ours.navigationMs?.join(', ') ?? '—'}. The package's own first sync: ${sec(ours.ownSyncMs)}.`,
	];
}

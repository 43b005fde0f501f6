import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '../../integration/src/routing/product-url.js';
import { createSlugger } from '../../integration/src/routing/slug.js';
import type { Simulator } from '../../simulator/src/index.js';
import type { BuiltSite } from '../helpers/build-fixture.js';
import {
	type DevtoolsChromium,
	LIGHTHOUSE_LOOPBACK_FLAGS,
	launchChromium,
	stopChromium,
} from '../helpers/chromium.js';
import { nuErrors } from '../helpers/nu-checker.js';
import { buildSeoSite, CASES, POPULAR, serveDist, startSeoSimulator } from '../helpers/seo-site.js';

/**
 * Lighthouse (SEO, accessibility) in Debian's Chromium and the W3C Nu checker over one page of
 * each type, in both locales. One browser and one checker run for all pages keep this fast.
 */
/** Page types: a product with and without seo_description, without reviews, hub pages 1 and 2; a popular product's review pages below. */
const PAGE_TYPES: Record<string, (prefix: string) => string> = {
	'product with seo_description': (prefix) => `${prefix}/products/théière-éco-50/`,
	'product without seo_description': (prefix) => `${prefix}/products/${CASES.noSeoDescription}/`,
	'product with only testimonies': (prefix) => `${prefix}/products/${CASES.onlyTestimonies}/`,
	'product without reviews (noindex)': (prefix) => `${prefix}/products/${CASES.noReviews}/`,
	'hub page 1': (prefix) => `${prefix}/products/`,
	'hub page 2': (prefix) => `${prefix}/products/~page-2/`,
};
const PAGES = [
	...['', '/en'].flatMap((prefix) =>
		Object.entries(PAGE_TYPES).map(([type, path]) => ({
			type: `${type}, ${prefix === '' ? 'fr' : 'en'}`,
			path: path(prefix),
		})),
	),
	// A popular product's page and its further review pages (reviews in one locale, or in both).
	{ type: 'product with 1,200 reviews, fr', path: `/products/${POPULAR.popular}/` },
	{ type: 'further review page, fr', path: `/products/${POPULAR.popular}~reviews-2/` },
	{ type: 'last further review page, en', path: `/en/products/${POPULAR.paged}~reviews-2/` },
];

let sim: Simulator;
let site: BuiltSite | undefined;
let server: Awaited<ReturnType<typeof serveDist>>;
let chromium: DevtoolsChromium;
let profile: string;
/** The Nu checker's run (its answer, or why it could not answer), begun once the site is built. */
let nuCheck: Promise<Awaited<ReturnType<typeof nuErrors>> | Error> | undefined;

beforeAll(async () => {
	sim = await startSeoSimulator(12, { popular: true });
	server = await serveDist(() => site!.dist);
	// The canonical URLs point at the server Lighthouse loads the pages from.
	site = await buildSeoSite(sim, { label: 'audits', env: { FIXTURE_SITE: server.origin } });
	// The checker reads only the built files: its JVM works while Lighthouse waits on pages.
	nuCheck = nuErrors(nuFiles()).catch((error: unknown) => error as Error);
	profile = await mkdtemp(join(tmpdir(), 'aar-lighthouse-'));
	chromium = await launchChromium(profile);
}, 240_000);

afterAll(async () => {
	// The JVM never outlives the file, whichever tests ran.
	await nuCheck;
	await stopChromium(chromium);
	await server?.close();
	await sim?.close();
	if (profile) await rm(profile, { recursive: true, force: true, maxRetries: 5 });
});

describe('Lighthouse in Chromium, every page type and locale', () => {
	it('scores SEO 100 (a noindexed page fails only "is-crawlable", by design), accessibility 100 and best practices 100', async () => {
		const scores: string[] = [];
		const failures: string[] = [];
		const low: Array<{ type: string; seo: number; a11y: number; practices: number }> = [];
		let pictures = 0;
		for (const { type, path } of PAGES) {
			const result = await lighthouse(`${server.origin}${encodeURI(path)}`, {
				port: chromium.port,
				output: 'json',
				logLevel: 'error',
				onlyCategories: ['seo', 'accessibility', 'best-practices'],
				// The request list (a performance diagnostic) shows which pictures the page loaded.
				onlyAudits: ['network-requests'],
				formFactor: 'desktop',
				screenEmulation: { disabled: true },
				// No performance category here: no metric to observe, no throttling needed.
				...LIGHTHOUSE_LOOPBACK_FLAGS,
			});
			const lhr = result!.lhr;
			const score = (id: string) => Math.round((lhr.categories[id]!.score ?? 0) * 100);
			const [seo, a11y, practices] = [
				score('seo'),
				score('accessibility'),
				score('best-practices'),
			];
			scores.push(`${type}: SEO ${seo}, accessibility ${a11y}, best practices ${practices}`);
			for (const category of ['seo', 'accessibility', 'best-practices'] as const) {
				for (const ref of lhr.categories[category]!.auditRefs) {
					const audit = lhr.audits[ref.id]!;
					if (ref.weight === 0 || audit.score === null || audit.score === 1) continue;
					const expected = type.startsWith('product without reviews') && ref.id === 'is-crawlable';
					const details = JSON.stringify(audit.details ?? '').slice(0, 300);
					if (!expected)
						failures.push(`${type} ${path}: ${category}/${ref.id} ${audit.title} ${details}`);
				}
			}
			const noindexed = type.startsWith('product without reviews');
			if ((seo !== 100 && !noindexed) || a11y !== 100 || practices !== 100)
				low.push({ type, seo, a11y, practices });
			pictures += avatarRequests(lhr).length;
		}
		console.log(`Lighthouse:\n${scores.join('\n')}\npictures loaded: ${pictures}`);
		expect(failures).toEqual([]);
		expect(low).toEqual([]);
		// Product pages show authors' pictures from the simulator: the best-practices score covers them.
		expect(pictures).toBeGreaterThan(0);
	}, 480_000);
});

/** The product page with the most reviews in the first locale (then the first in list order): the heaviest page type. */
function mostReviewedPath(): string {
	const products = sim.listAll({ locale: 'fr', without: 'inactive' });
	const most = products.reduce((best, product) =>
		product.reviews.length > best.reviews.length ? product : best,
	);
	const slugger = createSlugger(
		['fr', 'en'].flatMap((locale) =>
			sim.listAll({ locale, without: 'inactive' }).map((p) => p.external_id),
		),
	);
	return productPath(slugger.slugFor(most.external_id), 'fr', 'fr');
}

/**
 * Lighthouse simulates the phone: slow 4G from its constants, and the CPU from the time each task
 * took here, times `cpuSlowdownMultiplier`. That time follows the host's load (a busy machine
 * doubles it and loses the score), so the CPU's part is scaled to nothing: the score judges what
 * the page sends and in what order, identical on any machine, and the page's size in elements
 * stands for its CPU cost.
 */
const CPU_SLOWDOWN = 0.01;
/** Lighthouse warns from 800 elements (`dom-size`); the page shows one review page, not 1,200. */
const MAX_ELEMENTS = 800;

describe('Lighthouse on a phone (simulated slow 4G), the product page with the most reviews', () => {
	it("scores performance 95 or more, SEO, accessibility and best practices 100 with its authors' pictures loaded, a layout shift under 0.05, under 800 elements", async () => {
		const path = mostReviewedPath();
		const result = await lighthouse(`${server.origin}${encodeURI(path)}`, {
			port: chromium.port,
			output: 'json',
			logLevel: 'error',
			onlyCategories: ['performance', 'seo', 'accessibility', 'best-practices'],
			formFactor: 'mobile',
			disableFullPageScreenshot: true,
			throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN },
		});
		const lhr = result!.lhr;
		const score = (id: string) => Math.round((lhr.categories[id]!.score ?? 0) * 100);
		const failing = ['seo', 'accessibility', 'best-practices'].flatMap((category) =>
			lhr.categories[category]!.auditRefs.map((ref) => ({ ref, audit: lhr.audits[ref.id]! }))
				.filter(({ ref, audit }) => ref.weight > 0 && audit.score !== null && audit.score !== 1)
				.map(
					({ ref, audit }) =>
						`${category}/${ref.id}: ${audit.title} ${JSON.stringify(audit.details ?? '').slice(0, 300)}`,
				),
		);
		const cls = lhr.audits['cumulative-layout-shift']!.numericValue!;
		const elements = lhr.audits['dom-size']!.numericValue!;
		const metric = (id: string) => Math.round(lhr.audits[id]!.numericValue!);
		console.log(
			`Lighthouse mobile, ${path} (${(await reviewCount(path)) ?? '?'} reviews): performance ${score('performance')}, SEO ${score('seo')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}, CLS ${cls}, ${elements} elements, FCP ${metric('first-contentful-paint')} ms, LCP ${metric('largest-contentful-paint')} ms, TBT ${metric('total-blocking-time')} ms, ${Math.round(metric('total-byte-weight') / 1024)} KiB`,
		);
		expect(failing).toEqual([]);
		expect(score('best-practices')).toBe(100);
		// The page's pictures were requested and loaded during the audit, so the score covers them.
		const pictures = avatarRequests(lhr);
		console.log(`pictures loaded during the audit: ${pictures.length}`);
		expect(pictures.length).toBeGreaterThan(0);
		expect(pictures.filter((request) => request.statusCode !== 200)).toEqual([]);
		expect(lhr.configSettings.throttling.cpuSlowdownMultiplier).toBe(CPU_SLOWDOWN);
		expect(score('performance')).toBeGreaterThanOrEqual(95);
		expect(cls).toBeLessThan(0.05);
		expect(elements).toBeLessThan(MAX_ELEMENTS);
	}, 180_000);
});

/** The requests for authors' pictures (served by the simulator) the audited page made. */
function avatarRequests(lhr: {
	audits: Record<string, { details?: unknown }>;
}): Array<{ url: string; statusCode: number }> {
	type Item = { url: string; statusCode: number };
	const items =
		(lhr.audits['network-requests']?.details as { items?: Item[] } | undefined)?.items ?? [];
	return items.filter((item) => item.url.startsWith(`${sim.baseUrl}/media/avatars/`));
}

async function reviewCount(path: string): Promise<number | undefined> {
	const html = await fetch(`${server.origin}${encodeURI(path)}`).then((response) =>
		response.text(),
	);
	return html.match(/<li class="aar-review"/g)?.length;
}

describe('W3C Nu HTML checker (vnu-jar), every page type and locale', () => {
	it('reports 0 errors', async () => {
		const files = nuFiles();
		const result = await nuCheck!;
		if (result instanceof Error) throw result;
		const { errors, code } = result;
		console.log(`Nu checker: ${files.length} pages, ${errors.length} errors`);
		expect(errors).toEqual([]);
		expect(code).toBe(0);
	}, 120_000);
});

/** Every page type and locale, and the most reviewed page (also one of PAGES: each page once). */
function nuFiles(): string[] {
	const paths = new Set([...PAGES.map(({ path }) => path), mostReviewedPath()]);
	return [...paths].map((path) => join(site!.dist, path, 'index.html'));
}

// @ts-check
/**
 * `npm run screenshots`: the README's pictures, made from the demo and never edited by hand.
 * Starts the demo's simulator (the one `npm run build` embeds, same catalogue and port), builds
 * the demo site against it, serves dist/ on loopback, and with Debian's Chromium
 * (playwright-core) writes docs/images/product-desktop.png (1280 px wide),
 * docs/images/product-phone.png (390 px) and docs/images/hub.png, of the English pages: the
 * product page with the most reviews among those with a handful (most of a shop's products), and
 * the first hub page; then docs/images/product-popular-desktop.png and -phone.png, the product
 * with the most reviews of all (hundreds: the catalogue's long tail), and -pages-phone.png, the foot
 * of its page with the links to its further review pages; docs/images/product-empty-phone.png, a
 * product without reviews in English (its French page has some). The simulator stays up until
 * the last picture: it serves the authors' pictures the pages show. `--no-build` reuses dist/.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM } from './devtools-chromium.mjs';
import { serveDist } from './serve-dist.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');
const IMAGES = join(ROOT, 'docs', 'images');
const LOCALE_PREFIX = '/en';
/** Taller pages are cut: a picture of a page's opening, not a 20,000 px scroll. */
const MAX_HEIGHT = { desktop: 1500, phone: 1700, hub: 1100, foot: 1100 };
/** Reviews of a typical product: the generator's products outside the long tail have at most 5 per locale. */
const HANDFUL = 5;

const BUILD = !process.argv.includes('--no-build');
const LOCALES = ['fr', 'en'];

if (BUILD) await run('npm', ['run', 'build:pkg']);
// Imported once the package is built: the demo service loads the simulator from simulator/dist.
const { startDemoSimulator } = await import('../src/demo-service.mjs');
const simulator = await startDemoSimulator(LOCALES);
try {
	const env = {
		AUDIO_REVIEWS_BASE_URL: simulator.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: simulator.websiteId,
	};
	// `astro build` rather than `npm run build`, whose prebuild would delete the running simulator's files.
	if (BUILD)
		await run('npx', ['astro', 'build'], { ...env, AUDIO_REVIEWS_LOCALES: LOCALES.join(',') });
	const served = simulator.listAll({ locale: LOCALE_PREFIX.slice(1), without: 'inactive' });
	await photograph(
		`${simulator.baseUrl}/media/`,
		new Map(served.map((product) => [product.external_id, product.reviews.length])),
	);
} finally {
	await simulator.close();
}

/**
 * Asynchronous, not spawnSync: the simulator answers the build from this process's event loop.
 * @param {string} command @param {string[]} args @param {Record<string, string>} [extraEnv]
 */
async function run(command, args, extraEnv = {}) {
	const child = spawn(command, args, {
		cwd: ROOT,
		stdio: 'inherit',
		env: { ...process.env, ...extraEnv },
	});
	const [status] = await once(child, 'exit');
	if (status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${status})`);
}

/**
 * @param {string} media the address prefix of the pictures the pages show
 * @param {Map<string, number>} reviewCounts reviews the service sends per ref, in the pictures' locale
 */
async function photograph(media, reviewCounts) {
	const { typical, popular, empty } = await choosePages(
		join(DIST, LOCALE_PREFIX.slice(1), 'products'),
		reviewCounts,
	);
	const site = await serveDist(DIST);
	const browser = await chromium.launch({
		executablePath: CHROMIUM,
		args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
	});
	const shoot = shooter(browser, site.origin, media);
	try {
		await shoot(
			`${LOCALE_PREFIX}/products/${typical}/`,
			'product-desktop.png',
			{ width: 1280, height: 900 },
			MAX_HEIGHT.desktop,
		);
		await shoot(
			`${LOCALE_PREFIX}/products/${typical}/`,
			'product-phone.png',
			{ width: 390, height: 844 },
			MAX_HEIGHT.phone,
		);
		await shoot(
			`${LOCALE_PREFIX}/products/`,
			'hub.png',
			{ width: 1280, height: 900 },
			MAX_HEIGHT.hub,
		);
		const popularPath = `${LOCALE_PREFIX}/products/${popular}/`;
		await shoot(
			popularPath,
			'product-popular-desktop.png',
			{ width: 1280, height: 900 },
			MAX_HEIGHT.desktop,
		);
		await shoot(
			popularPath,
			'product-popular-phone.png',
			{ width: 390, height: 844 },
			MAX_HEIGHT.phone,
		);
		await shoot(
			popularPath,
			'product-popular-pages-phone.png',
			{ width: 390, height: 844 },
			MAX_HEIGHT.foot,
			'foot',
		);
		await shoot(
			`${LOCALE_PREFIX}/products/${empty}/`,
			'product-empty-phone.png',
			{ width: 390, height: 844 },
			MAX_HEIGHT.phone,
		);
	} finally {
		await browser.close();
		await site.close();
	}
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} origin dist/'s
 * @param {string} media the pictures' address prefix
 */
function shooter(browser, origin, media) {
	/**
	 * @param {string} path @param {string} name @param {{ width: number, height: number }} viewport
	 * @param {number} maxHeight @param {'top' | 'foot'} [part] the page's opening, or its last `maxHeight` px
	 */
	return async (path, name, viewport, maxHeight, part = 'top') => {
		const page = await browser.newPage({ viewport, colorScheme: 'light', reducedMotion: 'reduce' });
		// Only dist/ and the simulator's pictures: the audio sits on an example CDN this machine cannot reach.
		await page.route(
			(url) => !url.href.startsWith(origin) && !url.href.startsWith(media),
			(route) => route.abort(),
		);
		await page.goto(`${origin}${encodeURI(path)}`, { waitUntil: 'load' });
		// Lazy pictures below the fold load only near the viewport: load them all before the shot.
		await page.evaluate(async () => {
			for (const image of document.images) image.loading = 'eager';
			await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
		});
		const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
		const height = Math.min(maxHeight, pageHeight);
		const y = part === 'foot' ? pageHeight - height : 0;
		const file = join(IMAGES, name);
		await page.screenshot({
			path: file,
			clip: { x: 0, y, width: viewport.width, height },
			fullPage: true,
		});
		const pictures = await page.evaluate(
			() => [...document.images].filter((image) => image.naturalWidth > 0).length,
		);
		console.log(
			`${file}: ${viewport.width}×${height} (${(await stat(file)).size} bytes, ${pictures} pictures) from ${path}`,
		);
		await page.close();
	};
}

/**
 * The slugs of three product pages. `typical`: the one with the most reviews among those with a
 * handful; among equals, one that shows both kinds (rated reviews and a testimony), then the most
 * rated ones, the best average, the first by name. `popular`: the one whose product has the most
 * reviews of all, counted from the service (its page may show only the first of them). `empty`:
 * the first without reviews in this locale whose page links to the reviews of another.
 * @param {string} dir @param {Map<string, number>} reviewCounts
 */
async function choosePages(dir, reviewCounts) {
	/** @type {{ slug: string, rank: number[] } | undefined} */
	let typical;
	/** @type {{ slug: string, reviews: number } | undefined} */
	let popular;
	/** @type {string | undefined} */
	let empty;
	// Product pages only: `~page-<n>` hub pages and `<slug>~reviews-<n>` review pages have a `~`.
	for (const slug of (await readdir(dir)).filter((name) => !name.includes('~')).sort()) {
		const html = await readFile(join(dir, slug, 'index.html'), 'utf8').catch(() => '');
		const ref = /<meta property="product:retailer_item_id" content="([^"]*)"/.exec(html)?.[1];
		const reviews = (ref !== undefined && reviewCounts.get(decodeEntities(ref))) || 0;
		if (popular === undefined || reviews > popular.reviews) popular = { slug, reviews };
		// Without reviews here, with some in French: the sentence and its link to them.
		if (
			empty === undefined &&
			ref !== undefined &&
			reviews === 0 &&
			/<div class="aar-empty">(?:(?!<\/div>)[\s\S])*<a href/.test(html)
		)
			empty = slug;
		if (reviews > HANDFUL) continue;
		const count = (/** @type {RegExp} */ pattern) => html.match(pattern)?.length ?? 0;
		const average = Number(/class="aar-score"[^>]*>([\d.]+)</.exec(html)?.[1] ?? 0);
		const rank = [
			count(/<li class="aar-review"/g),
			Math.min(1, count(/data-type="testimony"/g)),
			count(/class="aar-rating"/g),
			average,
		];
		if (typical === undefined || outranks(rank, typical.rank)) typical = { slug, rank };
	}
	if (!typical || typical.rank[0] === 0 || !popular)
		throw new Error(`No product page with reviews under ${dir}: did the build run?`);
	if (!empty)
		throw new Error(
			`No product page under ${dir} without reviews that links to its French reviews`,
		);
	if (popular.reviews < 100)
		throw new Error(
			`The demo's most reviewed product has ${popular.reviews} reviews: the catalogue lost its long tail`,
		);
	return { typical: typical.slug, popular: popular.slug, empty };
}

/** The entities an attribute holding a ref may use. @param {string} value */
function decodeEntities(value) {
	/** @type {Record<string, string>} */
	const chars = { quot: '"', amp: '&', lt: '<', gt: '>', '#39': "'" };
	return value.replace(/&(quot|amp|lt|gt|#39);/g, (_, name) => chars[name] ?? '');
}

/** Whether `a` ranks above `b`: compared value by value, the first difference decides. @param {number[]} a @param {number[]} b */
function outranks(a, b) {
	const i = a.findIndex((value, index) => value !== b[index]);
	return i !== -1 && (a[i] ?? 0) > (b[i] ?? 0);
}

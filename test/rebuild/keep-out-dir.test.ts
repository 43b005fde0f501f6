import { statSync } from 'node:fs';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeReport } from '../../integration/src/pages/change-report.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';
import { type BuiltSite, buildFixture } from '../helpers/build-fixture.js';

/**
 * `audioReviews({ keepOutDir: true })`: dist/ survives between builds, so Astro's incremental
 * build leaves unchanged pages in place ("(cached)", no copy), and the integration deletes the
 * pages the new build no longer has, and nothing else.
 */
let sim: Simulator;
let env: Record<string, string>;

beforeAll(async () => {
	sim = await startSimulator({ products: 12, locales: ['fr'], seed: 31 });
	env = {
		AUDIO_REVIEWS_BASE_URL: sim.baseUrl,
		AUDIO_REVIEWS_WEBSITE_ID: sim.websiteId,
		AUDIO_REVIEWS_LOCALES: 'fr',
		FIXTURE_INCREMENTAL: '1',
		FIXTURE_KEEP_OUT_DIR: '1',
		FIXTURE_RETRIES: '0',
	};
});
afterAll(() => sim.close());

const report = async (site: BuiltSite) =>
	JSON.parse(
		await readFile(join(site.root, '.astro/audio-reviews-changes.json'), 'utf8'),
	) as ChangeReport;
const mtime = (site: BuiltSite, file: string) => statSync(join(site.dist, file)).mtimeMs;
const productFile = (ref: string) => `/products/${ref}/index.html`;

describe('keepOutDir: dist/ kept between builds', () => {
	it('keeps unchanged pages in place and deletes only the pages of removed products', async () => {
		const refs = sim.listAll({ locale: 'fr', without: 'inactive' }).map((p) => p.external_id);
		expect(refs.every((ref) => /^[A-Za-z0-9_-]+$/.test(ref))).toBe(true);
		const site = await buildFixture('keep-out-dir', {
			extends: 'basic',
			child: true,
			label: 'keep-out-dir',
			env,
		});
		const first = await site.htmlFiles();
		expect(first).toContain('/google1234567890abcdef.html');
		// Not a page of any build: written by hand into dist/ (say, by a deploy script).
		await writeFile(join(site.dist, 'legacy.html'), '<!doctype html><title>legacy</title>');

		const [edited, removed, untouched] = [refs[2]!, refs[7]!, refs[4]!];
		const untouchedBefore = mtime(site, productFile(untouched));
		sim.updateProduct(edited, { seo_name: 'Edited with dist/ kept' });
		sim.removeProduct(removed);
		// Coarse file-system clocks: make "written during this build" unambiguous.
		await new Promise((resolve) => setTimeout(resolve, 50));

		const again = await buildFixture('keep-out-dir', { child: true, reuse: site, env });
		const output = again.output;
		const files = await again.htmlFiles();

		expect(files).not.toContain(productFile(removed));
		expect(statSync(join(again.dist, 'products'), { throwIfNoEntry: false })?.isDirectory()).toBe(
			true,
		);
		expect(
			statSync(join(again.dist, 'products', removed), { throwIfNoEntry: false }),
		).toBeUndefined();
		expect(files).toContain('/google1234567890abcdef.html');
		expect(files).toContain('/legacy.html');
		// The hub page lists the products: it stays, changed.
		expect(files.filter((file) => file.startsWith('/products/')).sort()).toEqual(
			[...refs.filter((ref) => ref !== removed).map(productFile), '/products/index.html'].sort(),
		);
		expect(output).toContain('Deleted 1 page of the previous build that this build no longer has');

		// Left in place, not re-rendered nor copied back from Astro's cache.
		expect(output).not.toContain('(restored)');
		expect(output.split('\n').filter((line) => /\/products\/.*\(cached\)/.test(line))).toHaveLength(
			refs.length - 2,
		);
		expect(mtime(again, productFile(untouched))).toBe(untouchedBefore);
		expect(await again.read(productFile(edited))).toContain('Edited with dist/ kept');

		const changes = await report(again);
		expect(changes.removed).toEqual([`/products/${removed}/`]);
		expect(changes.changed).toEqual(['/', '/products/', `/products/${edited}/`]);
		// The report describes what dist/ serves: the hand-written file is new there.
		expect(changes.added).toEqual(['/legacy']);

		// Next build, nothing changed: the hand-written file was never a page of any build, so it stays.
		const still = await buildFixture('keep-out-dir', { child: true, reuse: again, env });
		expect(await still.htmlFiles()).toEqual(files);
		expect(still.output).not.toContain('Deleted');

		// The record of the previous build's pages lost (node_modules/.astro not kept, dist/ kept):
		// nothing can be told apart, so nothing is deleted, and the build says so.
		await rm(join(still.root, 'node_modules/.astro/astro-audio-reviews/pages-manifest.json'));
		const gone = refs[9]!;
		sim.removeProduct(gone);
		await new Promise((resolve) => setTimeout(resolve, 50));
		const third = await buildFixture('keep-out-dir', { child: true, reuse: still, env });
		expect(await third.htmlFiles()).toContain(productFile(gone));
		expect(third.output).toMatch(
			/dist\/ holds 2 HTML files that this build did not output \(e\.g\. (legacy\.html|products\/[^ ]+\/index\.html)\), and there is no record of the previous build's pages/,
		);
	}, 240_000);

	it('never deletes or reads outside dist/ from a tampered cached page list', async () => {
		const site = await buildFixture('keep-out-dir', {
			extends: 'basic',
			child: true,
			label: 'keep-out-dir-tampered',
			env,
		});
		// Files a tampered list points at: next to dist/, and behind a symbolic link inside it.
		const outside = join(site.root, 'outside.html');
		await writeFile(outside, 'not a page of dist/');
		await mkdir(join(site.root, 'elsewhere'));
		await writeFile(join(site.root, 'elsewhere', 'victim.html'), 'not a page of dist/ either');
		await symlink(join(site.root, 'elsewhere'), join(site.dist, 'linked'));
		const manifestPath = join(
			site.root,
			'node_modules/.astro/astro-audio-reviews/pages-manifest.json',
		);
		const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { files: string[] };
		const hostile = [
			'../outside.html',
			'products/../../outside.html',
			outside,
			'..\\outside.html',
			'linked/victim.html',
		];
		manifest.files.push(...hostile);
		await writeFile(manifestPath, JSON.stringify(manifest));
		await new Promise((resolve) => setTimeout(resolve, 50));

		const again = await buildFixture('keep-out-dir', { child: true, reuse: site, env });
		expect(statSync(outside, { throwIfNoEntry: false })?.isFile()).toBe(true);
		expect(
			statSync(join(site.root, 'elsewhere', 'victim.html'), { throwIfNoEntry: false })?.isFile(),
		).toBe(true);
		expect(again.output).toContain(
			'Ignored 5 entries of the cached page list that point outside dist/ (e.g. "../outside.html"): the restored node_modules/.astro cache is corrupt or was tampered with. Nothing outside dist/ was touched',
		);
	}, 240_000);
});

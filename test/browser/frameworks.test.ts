import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltSite } from '../helpers/build-fixture.js';
import { closePages } from '../helpers/chromium.js';
import {
	FRAMEWORKS,
	type FrameworkSites,
	PAGES,
	startFrameworkSites,
	WIDTHS,
} from '../helpers/framework-sites.js';
import { JUDGEMENTS, judgeLayout, judgeTranscript } from '../helpers/judgements.js';
import { tailwindChecks } from './frameworks-tailwind.js';

/**
 * The pages with no CSS of the shop's inside the CSS frameworks shops build with (CONTRACT.md,
 * "Inside a shop's site"), each framework's fixture built once and judged in Chromium at 390 and
 * 1280 px on a popular product's page, an empty page and a hub page: a long transcript opens from
 * the keyboard, headings stand out, stacked blocks keep apart, links are not told apart by colour
 * alone, lists without markers are not indented, nothing scrolls sideways.
 */
let sites: FrameworkSites;

beforeAll(async () => {
	sites = await startFrameworkSites();
}, 60_000);

afterEach(() => closePages(sites?.browser));

afterAll(async () => {
	await sites?.close();
});

describe.each(FRAMEWORKS)('the pages in a %s layout', (framework) => {
	let site: BuiltSite;
	beforeAll(async () => {
		site = await sites.build(framework);
	}, 180_000);

	it('hold every judgement on a popular product, an empty page and a hub page, at 390 and 1280 px', async () => {
		const failures: Record<string, string[]> = {};
		for (const width of WIDTHS) {
			for (const [kind, path] of Object.entries(PAGES)) {
				const page = await sites.visit(site, path, width);
				const found = await page.evaluate(judgeLayout);
				if (kind === 'popular') found['transcript opens'] = await judgeTranscript(page);
				for (const [judgement, list] of Object.entries(found)) {
					if (list.length)
						failures[judgement] = [
							...(failures[judgement] ?? []),
							...list.map((failure) => `${kind} ${width}: ${failure}`),
						];
				}
			}
		}
		// One line per framework for the record: which of the six judgements hold.
		console.log(
			`${framework}: ${JUDGEMENTS.map((judgement) => `${judgement} ${failures[judgement] ? 'FAILS' : 'holds'}`).join(', ')}`,
		);
		expect(failures).toEqual({});
	}, 120_000);
});

// Tailwind, the most common shop setup, further checked on the same build (frameworks-tailwind.ts).
tailwindChecks(() => sites);

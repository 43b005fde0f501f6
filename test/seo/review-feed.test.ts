import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	createReviewFeed,
	type FeedPage,
	xmlDateTime,
} from '../../integration/src/feed/review-feed.js';
import type { Product, Review } from '../../integration/src/schema/product.js';
import { escapeXmlText } from '../../integration/src/seo/xml-text.js';
import {
	type FeedSchemaVersion,
	GOOGLE_SAMPLE_2_4,
	readFeed,
	validateFeed,
} from '../helpers/review-feed-xml.js';

let dir: string;
beforeAll(async () => {
	dir = await mkdtemp(join(tmpdir(), 'aar-feed-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function review(id: string, extra: Partial<Review> = {}): Review {
	return {
		id,
		type: 'review',
		rating: 4,
		is_active: true,
		is_default: false,
		transcript: `Said ${id}.`,
		created_at: '2025-01-02T03:04:05Z',
		user: { id: `u-${id}`, firstname: 'Ana' },
		...extra,
	};
}

function page(ref: string, reviews: Review[], locale?: string): FeedPage {
	const product: Product = {
		id: `p-${ref}`,
		external_id: ref,
		name: `Name of ${ref}`,
		website: { id: 'w' },
		reviews,
	};
	return { product, locale, path: `${locale ? `/${locale}` : ''}/products/${ref}/` };
}

// As the integration makes them: `new URL` percent-encodes what a path cannot hold.
const options = {
	publisher: 'Shop',
	pageUrl: (path: string) => new URL(path, 'https://shop.example.com').href,
};

async function written(xml: string): Promise<string> {
	const file = join(dir, `feed-${Math.random().toString(36).slice(2)}.xml`);
	await writeFile(file, xml);
	return file;
}

/** The whole document, its counts, and xmllint's verdict on it against the schema of its version. */
async function render(
	pages: FeedPage[],
	publisher = 'Shop',
	schemaVersion: FeedSchemaVersion = '2.4',
) {
	const feed = createReviewFeed(pages, { ...options, publisher, schemaVersion });
	const xml = [...feed.chunks].join('');
	const file = await written(xml);
	return { xml, file, counts: feed.counts, verdict: await validateFeed(file, schemaVersion) };
}

describe('createReviewFeed', () => {
	it('never writes a malformed or invalid document from hostile text', async () => {
		const hostile =
			'a\u0000b\u0001c\u0008d\u000be\u000cf\u001fg\uFFFEh\uFFFFi\uD800j\uDFFFk ]]> <x y="1"> & &amp; \r\n\u2028 🎧 end';
		const { xml, verdict } = await render(
			[
				page(hostile, [
					review(hostile, {
						transcript: hostile,
						user: { id: 'u', firstname: hostile, lastname: '</name>' },
					}),
				]),
			],
			hostile,
		);
		expect(verdict.output).toContain('validates');
		const expected = 'abcdefghijk ]]> <x y="1"> & &amp; \r\n\u2028 🎧 end';
		const [parsed] = readFeed(xml).reviews;
		expect(readFeed(xml).publisher).toBe(expected);
		expect(parsed).toMatchObject({
			id: expected,
			content: expected,
			reviewer: `${expected} </name>`,
			sku: expected,
		});
	});

	it('leaves out unrated items, and rated ones without a transcript, a usable date or a unique id, counting why', async () => {
		const { xml, counts, verdict } = await render([
			page('A', [
				review('ok'),
				review('testimony', { type: 'testimony' }),
				review('unrated', { rating: undefined }),
				review('blank', { transcript: ' \n\u0000 ' }),
				review('no-transcript', { transcript: undefined }),
				review('no-date', { created_at: undefined }),
				review('local-time', { created_at: '2025-01-02T03:04:05' }),
				review('feb-30', { created_at: '2024-02-30T00:00:00Z' }),
			]),
			page('B', [
				review('ok'),
				review('  ', { transcript: 'Blank id: written without review_id.' }),
			]),
		]);
		expect(verdict.valid).toBe(true);
		expect(counts).toEqual({ reviews: 2, noTranscript: 2, noDate: 3, duplicateId: 1 });
		expect(readFeed(xml).reviews.map((r) => r.id)).toEqual(['ok', undefined]);
	});

	it('writes the reviewer as the page shows it, or anonymous', async () => {
		const { xml } = await render([
			page('A', [
				review('1', { user: { id: 'u', firstname: ' Ana ', lastname: ' Silva ' } }),
				review('2', { user: { id: 'u', firstname: ' ' } }),
			]),
		]);
		expect(xml).toContain('<name>Ana Silva</name>');
		expect(xml).toContain('<name is_anonymous="true">Anonymous</name>');
	});

	it('writes ratings as xs:decimal on the 0–5 scale', async () => {
		const { xml, verdict } = await render([
			page('A', [
				review('1', { rating: 0 }),
				review('2', { rating: 4.5 }),
				review('3', { rating: 1e-7 }),
			]),
		]);
		expect(verdict.valid).toBe(true);
		expect(readFeed(xml).reviews.map((r) => [r.rating, r.ratingMin, r.ratingMax])).toEqual([
			['0', '0', '5'],
			['4.5', '0', '5'],
			['0.0000001', '0', '5'],
		]);
	});

	it('gives the same bytes whatever order the pages come in', async () => {
		const pages = [
			page('b', [review('b1')], 'fr'),
			page('a', [review('a2')], 'fr'),
			page('a', [review('a1')], 'en'),
			page('B', [review('B1')]),
		];
		const first = (await render(pages)).xml;
		expect((await render([...pages].reverse())).xml).toBe(first);
		expect(readFeed(first).reviews.map((r) => r.id)).toEqual(['B1', 'a1', 'a2', 'b1']);
	});

	it('is a valid feed without a <reviews> element when nothing qualifies', async () => {
		const { xml, verdict } = await render([page('A', [review('t', { type: 'testimony' })])]);
		expect(verdict.valid).toBe(true);
		expect(xml).not.toContain('<reviews>');
	});

	it('is rejected by the schema when a rule is broken (the validation can fail)', async () => {
		const { xml } = await render([page('A', [review('1'), review('2')])]);
		const file = join(dir, 'broken.xml');
		await writeFile(file, xml.replace('<review_id>2</review_id>', '<review_id>1</review_id>'));
		expect((await validateFeed(file)).valid).toBe(false);
	});
});

describe('schema versions', () => {
	for (const [version, other] of [
		['2.4', '2.3'],
		['2.3', '2.4'],
	] as const) {
		it(`writes ${version} when asked: its version and schema address, valid against its own schema and not the other's`, async () => {
			const { xml, file, verdict } = await render([page('A', [review('1')])], 'Shop', version);
			expect(verdict.valid).toBe(true);
			const feed = readFeed(xml);
			expect(feed.version).toBe(version);
			expect(feed.schemaLocation).toBe(
				`http://www.google.com/shopping/reviews/schema/product/${version}/product_reviews.xsd`,
			);
			expect((await validateFeed(file, other)).valid).toBe(false);
		});
	}

	it('writes none of the elements 2.4 added: the service cannot vouch for them', async () => {
		const { xml } = await render([page('A', [review('1')], 'fr')]);
		for (const element of [
			'is_verified_purchase',
			'is_incentivized_review',
			'review_language',
			'review_country',
		])
			expect(xml).not.toContain(element);
	});

	// The 2.4 schema is derived (test/data/google-product-reviews/SOURCES.md): Google's own 2.4 sample
	// feed pins what was derived, element order included.
	it("validates Google's 2.4 sample feed, and not the sample with its language and country moved after pros/cons", async () => {
		const sample = await readFile(GOOGLE_SAMPLE_2_4, 'utf8');
		expect((await validateFeed(GOOGLE_SAMPLE_2_4, '2.4')).output).toContain('validates');
		const place = '<review_language>en</review_language>\n<review_country>US</review_country>\n';
		expect(sample).toContain(`</content>\n${place}<pros>`);
		const placeLate = sample.replace(place, '').replace('</cons>\n', `</cons>\n${place}`);
		expect((await validateFeed(await written(placeLate), '2.4')).valid).toBe(false);
		const asinsFirst = sample.replace(/(<gtins>)/, '<asins><asin>B07YMJ57MB</asin></asins>$1');
		expect((await validateFeed(await written(asinsFirst), '2.4')).valid).toBe(false);
		expect(
			(await validateFeed(await written(sample.replace('<version>2.4<', '<version>2.3<')), '2.3'))
				.valid,
		).toBe(false);
	});

	it('uses a 2.4 schema that takes the four new review elements where the 2.4 sample puts them, and nowhere else', async () => {
		const { xml } = await render([page('A', [review('1')], 'fr')]);
		const flags =
			'<is_verified_purchase>false</is_verified_purchase><is_incentivized_review>false</is_incentivized_review>';
		const place = '<review_language>fr</review_language><review_country>FR</review_country>';
		const full = xml
			.replace('</reviewer>', `</reviewer>${flags}`)
			.replace('</content>', `</content>${place}`);
		expect((await validateFeed(await written(full), '2.4')).valid).toBe(true);
		expect(
			(await validateFeed(await written(full.replace('<version>2.4<', '<version>2.3<')), '2.3'))
				.valid,
		).toBe(false);
		const flagsLate = xml.replace('</products>', `</products>${flags}`);
		expect((await validateFeed(await written(flagsLate), '2.4')).valid).toBe(false);
		const placeEarly = xml.replace('</reviewer>', `</reviewer>${place}`);
		expect((await validateFeed(await written(placeEarly), '2.4')).valid).toBe(false);
	});
});

describe('xmlDateTime', () => {
	it('accepts ISO dates and date-times with an offset, as UTC', () => {
		expect(xmlDateTime('2025-01-02T03:04:05Z')).toBe('2025-01-02T03:04:05.000Z');
		expect(xmlDateTime('2025-01-02T03:04:05.123+02:00')).toBe('2025-01-02T01:04:05.123Z');
		expect(xmlDateTime('2025-01-02')).toBe('2025-01-02T00:00:00.000Z');
	});

	it('refuses what is no unambiguous date', () => {
		for (const value of [
			undefined,
			'',
			'2025-01-02T03:04:05',
			'2024-02-30T00:00:00Z',
			'2025-13-01',
			'March 7, 2024',
			'0000-01-01T00:00:00Z',
			'+010000-01-01T00:00:00Z',
			'1714000000',
		]) {
			expect(xmlDateTime(value), String(value)).toBeUndefined();
		}
	});
});

describe('escapeXmlText', () => {
	it('escapes markup and drops what XML 1.0 cannot hold', () => {
		expect(escapeXmlText('<a href="x">\'&\'</a>]]>\r\u0000\uFFFF')).toBe(
			'&lt;a href="x"&gt;\'&amp;\'&lt;/a&gt;]]&gt;&#13;',
		);
	});
});

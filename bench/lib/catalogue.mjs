// The simulated service of the bench and the floor's data dump.

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { startSimulator } from 'astro-audio-reviews/simulator';

/**
 * The bench catalogue and its long tail: realistic demo generator, 1 locale,
 * ~3 reviews for most products, some tens, one in 200 hundreds, one in 10,000 over a thousand
 * (the simulator's default `longTail`), 200–2,000-char transcripts.
 */
export function simulatorOptions(products, { latencyMs, maxLimit }) {
	return {
		products,
		locales: ['fr'],
		seed: 1,
		reviewsPerProduct: 3,
		transcriptLength: [200, 2000],
		maxLimit,
		latencyMs,
	};
}

export async function startBenchSimulator(products, options) {
	const sim = await startSimulator({
		...simulatorOptions(products, options),
		// Off: no ETag/Last-Modified, never 304, as the service of API.md promises none.
		...(options.conditional === false ? { conditional: false } : {}),
	});
	// Never keep the orchestrator alive on its own.
	sim.unref();
	return sim;
}

/**
 * The bench sites' `reviewsPerPage`, given to their config by `astroBuild` (BENCH_REVIEWS_PER_PAGE):
 * the bench's own number, the package's default today, so the page counts below follow it.
 */
export const REVIEWS_PER_PAGE = 20;

/** What productsLoader receives for a full sync with its defaults (locale fr, without=inactive). */
export const LIST_QUERY = { locale: 'fr', without: 'inactive' };

/**
 * Writes the exact product JSON the list endpoint serves as one JSON object keyed by
 * external_id (file() then uses the refs as entry ids, as productsLoader does), streamed
 * so a 100k catalogue never becomes one giant string here. Returns facts about the catalogue.
 */
export async function dumpCatalogue(sim, file) {
	const items = sim.listAll(LIST_QUERY);
	const out = createWriteStream(file);
	const facts = {
		products: items.length,
		reviews: 0,
		withoutReviews: 0,
		transcripts: 0,
		transcriptMin: Infinity,
		transcriptMax: 0,
		transcriptChars: 0,
		bytes: 0,
	};
	const counts = new Uint32Array(items.length);
	let buffer = '{';
	for (let i = 0; i < items.length; i++) {
		const product = items[i];
		counts[i] = product.reviews.length;
		facts.reviews += product.reviews.length;
		if (product.reviews.length === 0) facts.withoutReviews++;
		for (const review of product.reviews) {
			if (typeof review.transcript !== 'string') continue;
			facts.transcripts++;
			facts.transcriptChars += review.transcript.length;
			facts.transcriptMin = Math.min(facts.transcriptMin, review.transcript.length);
			facts.transcriptMax = Math.max(facts.transcriptMax, review.transcript.length);
		}
		buffer += `${i === 0 ? '' : ','}\n${JSON.stringify(product.external_id)}:${JSON.stringify(product)}`;
		if (buffer.length > 1 << 20) {
			facts.bytes += Buffer.byteLength(buffer);
			if (!out.write(buffer)) await once(out, 'drain');
			buffer = '';
		}
	}
	buffer += '\n}\n';
	facts.bytes += Buffer.byteLength(buffer);
	out.end(buffer);
	await once(out, 'finish');
	counts.sort();
	return {
		products: facts.products,
		// Page files each site writes: a product page each, and a popular product's further review
		// pages (`REVIEWS_PER_PAGE` reviews a page; a page without reviews is kept).
		pageFiles: counts.reduce((sum, n) => sum + Math.max(1, Math.ceil(n / REVIEWS_PER_PAGE)), 0),
		reviewsPerProduct: facts.reviews / Math.max(1, facts.products),
		// The long tail's shape: what most products have, and what the few have.
		medianReviews: counts.length ? counts[counts.length >> 1] : 0,
		maxReviews: counts.length ? counts[counts.length - 1] : 0,
		productsWithHundreds: counts.filter((n) => n >= 100 && n < 1000).length,
		productsOverThousand: counts.filter((n) => n > 1000).length,
		productsWithoutReviews: facts.withoutReviews,
		transcriptMinChars: facts.transcripts ? facts.transcriptMin : 0,
		transcriptMaxChars: facts.transcriptMax,
		transcriptMeanChars: facts.transcripts
			? Math.round(facts.transcriptChars / facts.transcripts)
			: 0,
		jsonBytes: facts.bytes,
	};
}

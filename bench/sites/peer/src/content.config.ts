// The peer: what a user would hand-write. Pages through the list sequentially for the refs,
// then fetches every product one by one from the single-product endpoint.
import { defineCollection } from 'astro:content';
import { productSchema } from 'astro-audio-reviews/schema';

const base = `${process.env.BENCH_BASE_URL}/ws/websites/${process.env.BENCH_WEBSITE_ID}/products`;

// biome-ignore lint/suspicious/noExplicitAny: the bench peer reads the service JSON untyped, as a hand-written loader would
async function getJson(url: string): Promise<any> {
	const response = await fetch(url, { headers: { accept: 'application/json' } });
	if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
	return response.json();
}

export const collections = {
	products: defineCollection({
		schema: productSchema,
		loader: {
			name: 'hand-written-products',
			async load({ store, parseData, logger }) {
				const started = performance.now();
				const refs: string[] = [];
				for (let offset = 0; ; ) {
					const page = await getJson(
						`${base}?locale=fr&without=inactive&limit=100&offset=${offset}`,
					);
					for (const item of page.items) refs.push(item.external_id);
					offset += page.items.length;
					if (page.items.length === 0 || offset >= page.count_item) break;
				}
				store.clear();
				for (const ref of refs) {
					const product = await getJson(`${base}/${encodeURIComponent(ref)}?locale=fr`);
					if (product.type) throw new Error(`${ref}: ${product.type}`);
					const data = await parseData({ id: ref, data: product });
					store.set({ id: ref, data });
				}
				// Timed for the bench (figure 2 compares the sync phase too); not part of what a user writes.
				logger.info(
					`Loaded ${refs.length} products in ${((performance.now() - started) / 1000).toFixed(2)} s`,
				);
			},
		},
	}),
};

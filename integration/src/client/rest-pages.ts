import { type FetchedPage, identityOf, type PageFetcher, type ReusedItem } from './page-fetcher.js';

// The pages after the first, each overlapping its predecessor by one product, joined in order
// with every boundary checked.

/** Why a page reaching past `count_item` breaks the count's claim, if it does. */
export function pastCount(offset: number, length: number, count: number): string | undefined {
	if (length === 0 || offset + length <= count) return undefined;
	return `the page at offset ${offset} holds ${length} products, past count_item ${count}`;
}

export interface RestPlan {
	from: number;
	/** One past `count_item` (to check nothing follows it), or the range's end. */
	end: number;
	count: number;
	limit: number;
	workers: number;
	/** Hands a page's new items to the delivery; returns what the result keeps of them. */
	deliver: (items: unknown[], offset: number) => Promise<Array<unknown | ReusedItem>>;
	onPage: (freshItems: number) => void;
}

// A page's edge identities and kept items (none when delivered as they arrive, so raw JSON dies).
interface PageEdges {
	first: string | undefined;
	last: string | undefined;
	kept: Array<unknown | ReusedItem>;
}

export interface Rest {
	pages: Map<number, PageEdges>;
	step: number;
	overlap: number;
	ended: string | undefined;
	lastPage: number;
}

/** Asks the pages after the first, `workers` at a time, each one product early. */
export async function fetchRest(pages: PageFetcher, plan: RestPlan): Promise<Rest> {
	const overlap = plan.limit >= 2 ? 1 : 0;
	const step = plan.limit - overlap;
	const fetched = new Map<number, PageEdges>();
	let next = plan.from;
	let endedAt = Infinity;
	let ended: string | undefined;
	let lastPage = Infinity;

	const worker = async (): Promise<void> => {
		while (ended === undefined && next < plan.end) {
			const start = next;
			next += step;
			const offset = start - overlap;
			const asked = Math.min(plan.limit, plan.end - offset);
			const page: FetchedPage = await pages.fetch(offset, asked);
			const kept = await plan.deliver(page.items.slice(overlap), start);
			fetched.set(start, {
				first: identityOf(page.items[0]),
				last: identityOf(page.items[page.items.length - 1]),
				kept,
			});
			plan.onPage(Math.max(0, page.items.length - overlap));
			const reach = offset + page.items.length;
			if (page.count_item !== plan.count)
				ended ??= `count_item changed from ${plan.count} to ${page.count_item}`;
			else ended ??= pastCount(offset, page.items.length, plan.count);
			if (ended !== undefined || page.items.length < asked) lastPage = Math.min(lastPage, start);
			if (ended === undefined && page.items.length < asked && reach < endedAt) {
				endedAt = reach;
				// Ending at count_item is the end the last page (asked one past it) must show.
				if (reach < Math.min(plan.count, plan.end))
					ended = `the pages ended after ${reach} products while count_item is ${plan.count}`;
			}
		}
	};
	await Promise.all(Array.from({ length: Math.max(1, plan.workers) }, worker));
	return { pages: fetched, step, overlap, ended, lastPage };
}

export function stitch(
	first: { kept: Array<unknown | ReusedItem>; length: number; last: string | undefined },
	rest: Rest,
): { ok: true; items: unknown[] } | { ok: false; reason: string } {
	const items = [...first.kept];
	let before = first.last;
	for (
		let start = first.length;
		start <= rest.lastPage && rest.pages.has(start);
		start += rest.step
	) {
		const page = rest.pages.get(start)!;
		if (
			rest.overlap === 1 &&
			before !== undefined &&
			page.first !== undefined &&
			before !== page.first
		) {
			return {
				ok: false,
				reason: `products shifted between pages: the page at offset ${start - 1} does not start with the product that ended the page before`,
			};
		}
		items.push(...page.kept);
		before = page.last ?? before;
	}
	return { ok: true, items };
}

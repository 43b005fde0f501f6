import type { ServerResponse } from 'node:http';
import type { Product } from '../../integration/src/entries/schema.js';
import type { HostileServiceOptions, SeenRequest } from './hostile-service.js';
import { makeCatalogue } from './hostile-service.js';
import { sendJson } from './http-server.js';

/**
 * One table of list endpoints that lie, run by the tests of every walker of the catalogue (the
 * build's sync, the on-demand sitemap files, the on-demand hub pages): whatever the walker, a
 * lie ends in a failure that names what disagreed, or in exactly the catalogue the service ends
 * with. Catalogues stay under one hub page (48), so every walker walks the whole of them.
 */
export interface LyingService {
	name: string;
	/** List page sizes (`pageSize`) the walker is run with: above and below the catalogue. */
	pageSizes: readonly number[];
	/** Fresh per run: the misbehaviour may count requests or move the catalogue. */
	service: () => HostileServiceOptions;
	/** `exact`: the walk delivers the catalogue the service ends with; otherwise, the reason it fails for. */
	expected: 'exact' | RegExp;
}

const BOTH = [10, 100] as const;
const SIZE = 30;

/** A list page as the service would send it, with the fields the lie changes. */
function page(
	res: ServerResponse,
	items: readonly Product[],
	fields: { limit: number; offset: number; count: number },
): true {
	sendJson(res, 200, {
		limit: fields.limit,
		offset: fields.offset,
		count_item: fields.count,
		items,
	});
	return true;
}

function asked(request: SeenRequest): { limit: number; offset: number } {
	const limit = Number(request.query.get('limit') ?? 50);
	return { limit: limit > 0 ? limit : 50, offset: Number(request.query.get('offset') ?? 0) };
}

/** Answers list requests with `answer` (the honest service answers the others). */
function onList(
	answer: (
		request: SeenRequest,
		res: ServerResponse,
		catalogue: Product[],
		listRequests: number,
	) => boolean,
) {
	return (
		request: SeenRequest,
		res: ServerResponse,
		service: { catalogue: Product[]; count(kind: 'list'): number },
	) => request.kind === 'list' && answer(request, res, service.catalogue, service.count('list'));
}

export const LYING_SERVICES: readonly LyingService[] = [
	{
		name: 'an honest service',
		pageSizes: BOTH,
		service: () => ({ catalogue: makeCatalogue(SIZE) }),
		expected: 'exact',
	},
	{
		name: 'count_item far too low (10 of 30)',
		pageSizes: BOTH,
		service: () => ({ catalogue: makeCatalogue(SIZE), countItem: () => 10 }),
		expected: /past count_item 10/,
	},
	{
		name: 'count_item one too low',
		pageSizes: BOTH,
		service: () => ({ catalogue: makeCatalogue(SIZE), countItem: (real) => real - 1 }),
		expected: /past count_item 29/,
	},
	{
		name: 'count_item 0 with products',
		pageSizes: BOTH,
		service: () => ({ catalogue: makeCatalogue(SIZE), countItem: () => 0 }),
		expected: /past count_item 0/,
	},
	{
		name: 'count_item too high',
		pageSizes: BOTH,
		service: () => ({ catalogue: makeCatalogue(SIZE), countItem: (real) => real + 12 }),
		expected:
			/ended after 30 products while count_item is 42|30 distinct products received while count_item is 42/,
	},
	{
		name: 'count_item changing between pages',
		pageSizes: [10],
		service: () => ({
			catalogue: makeCatalogue(SIZE),
			misbehave: onList((request, res, catalogue, n) => lyingCount(request, res, catalogue, n)),
		}),
		expected: /count_item changed from 3[01] to 3[01]/,
	},
	{
		name: 'an empty page in the middle',
		pageSizes: [10],
		service: () => ({
			catalogue: makeCatalogue(SIZE),
			misbehave: onList((request, res, catalogue) => {
				const { limit, offset } = asked(request);
				return (
					offset >= 15 && offset < 20 && page(res, [], { limit, offset, count: catalogue.length })
				);
			}),
		}),
		expected: /ended after \d+ products while count_item is 30/,
	},
	{
		name: 'pages that overlap (the offset ignored)',
		pageSizes: [10],
		service: () => ({
			catalogue: makeCatalogue(SIZE),
			misbehave: onList((request, res, catalogue) => {
				const { limit, offset } = asked(request);
				return page(res, catalogue.slice(0, limit), { limit, offset, count: catalogue.length });
			}),
		}),
		expected: /shifted between pages/,
	},
	{
		name: 'pages that skip (one product left out at each page start)',
		pageSizes: [10],
		service: () => ({
			catalogue: makeCatalogue(SIZE),
			misbehave: onList((request, res, catalogue) => {
				const { limit, offset } = asked(request);
				const from = offset === 0 ? 0 : offset + 1;
				return page(res, catalogue.slice(from, from + limit), {
					limit,
					offset,
					count: catalogue.length,
				});
			}),
		}),
		expected: /shifted between pages|ended after|distinct products/,
	},
	{
		name: 'a limit echo that lies high (a silent cap of 8)',
		pageSizes: BOTH,
		service: () => ({
			catalogue: makeCatalogue(SIZE),
			misbehave: onList((request, res, catalogue) => {
				const { limit, offset } = asked(request);
				return page(res, catalogue.slice(offset, offset + Math.min(limit, 8)), {
					limit: 1000,
					offset,
					count: catalogue.length,
				});
			}),
		}),
		expected: 'exact',
	},
	{
		name: 'a limit echo that lies low (echoes 5, sends what was asked)',
		pageSizes: BOTH,
		service: () => ({
			catalogue: makeCatalogue(SIZE),
			misbehave: onList((request, res, catalogue) => {
				const { limit, offset } = asked(request);
				return page(res, catalogue.slice(offset, offset + limit), {
					limit: 5,
					offset,
					count: catalogue.length,
				});
			}),
		}),
		expected: 'exact',
	},
	{
		name: 'a catalogue moving during the walk (one product deleted near the start, one added at the end)',
		pageSizes: [10],
		service: () => {
			let moved = false;
			return {
				catalogue: makeCatalogue(SIZE),
				misbehave: (request, _res, service) => {
					if (!moved && request.kind === 'list' && service.count('list') === 2) {
						moved = true;
						service.catalogue.splice(1, 1);
						service.catalogue.push(...makeCatalogue(1, 1000));
					}
					return false;
				},
			};
		},
		expected: 'exact',
	},
];

/** Every other list request, count_item says one more product than the list holds. */
function lyingCount(
	request: SeenRequest,
	res: ServerResponse,
	catalogue: readonly Product[],
	listRequests: number,
): boolean {
	if (listRequests % 2 === 1) return false;
	const { limit, offset } = asked(request);
	return page(res, catalogue.slice(offset, offset + limit), {
		limit,
		offset,
		count: catalogue.length + 1,
	});
}

import { startServer, type TestServer } from './http-server.js';
import { validProduct } from './products.js';

export const RAW_WEBSITE_ID = '0b8f6a8e-5a0c-4d7e-9b1f-2c3d4e5f6a7b';

/**
 * A service whose products are raw JSON text, sent exactly as given: for data no simulator
 * could serialise (a config nested 5,000 levels deep, own `__proto__` keys). Both endpoints,
 * with paging; requests are counted per path.
 */
export interface RawCatalogue extends TestServer {
	/** Product JSON texts, in list order; editable between requests. */
	products: Array<{ ref: string; json: string }>;
	/** Most items one list page returns, whatever `limit` asks. */
	cap: number;
	requests: string[];
}

export async function startRawCatalogue(
	products: Array<{ ref: string; json: string }>,
	cap = 100,
): Promise<RawCatalogue> {
	const catalogue = { products, cap, requests: [] as string[] };
	const server = await startServer((req, res) => {
		const url = new URL(req.url ?? '/', 'http://localhost');
		catalogue.requests.push(`${url.pathname}${url.search}`);
		const match = /^\/ws\/websites\/([^/]+)\/products(?:\/([^/]+))?$/.exec(url.pathname);
		res.setHeader('content-type', 'application/json');
		if (!match || match[1] !== RAW_WEBSITE_ID)
			return void res.writeHead(404).end('{"type":"ERR_NOT_FOUND"}');
		if (match[2] !== undefined) {
			const ref = decodeURIComponent(match[2]);
			const found = catalogue.products.find((product) => product.ref === ref);
			return void res.end(
				found ? found.json : '{"type":"ERR_DB_MISSING","message":"Unknown product"}',
			);
		}
		const asked = Number(url.searchParams.get('limit') ?? 50);
		const limit = Math.min(asked > 0 ? asked : 50, catalogue.cap);
		const offset = Number(url.searchParams.get('offset') ?? 0);
		const items = catalogue.products.slice(offset, offset + limit).map((product) => product.json);
		res.end(
			`{"limit":${limit},"offset":${offset},"count_item":${catalogue.products.length},"items":[${items.join(',')}]}`,
		);
	});
	return Object.assign(catalogue, server);
}

/** A valid product of this website as JSON text, with `edit` applied to a fresh copy first. */
export function rawProduct(
	ref: string,
	edit: (product: Record<string, unknown>) => void = () => undefined,
): { ref: string; json: string } {
	const product = {
		...validProduct(),
		external_id: ref,
		id: `id-${ref}`,
		website: { id: RAW_WEBSITE_ID, name: 'Demo shop' },
	} as Record<string, unknown>;
	edit(product);
	return { ref, json: JSON.stringify(product) };
}

/** `{"a":{"a":…1…}}`, `depth` levels, as text: JSON.stringify itself overflows long before 5,000. */
export function nestedJson(depth: number): string {
	return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/**
 * A product whose `config` (or, with `inVariation`, its experiment variation's `config`) is
 * `configJson`, spliced in as text.
 */
export function withRawConfig(
	ref: string,
	configJson: string,
	inVariation = false,
): { ref: string; json: string } {
	const { json } = rawProduct(ref, (product) => {
		if (!inVariation) product.config = '__CONFIG__';
		else
			product.experiment = {
				id: 'exp-1',
				name: 'Widget test',
				variations: [variation('__CONFIG__')],
			};
	});
	return { ref, json: json.replace('"__CONFIG__"', configJson) };
}

function variation(config: unknown) {
	return {
		id: 'v1',
		name: 'A',
		widgetEnabled: true,
		widgetConfigId: null,
		audioSelection: 'auto',
		audioId: null,
		audioPosition: null,
		allocation: 100,
		position: 0,
		config,
	};
}

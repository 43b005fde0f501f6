import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { Product } from '../../integration/src/entries/schema.js';
import { sendJson, startServer } from './http-server.js';
import { validProduct } from './products.js';

/** The website id every hostile service answers for. */
export const HOSTILE_WEBSITE_ID = '0b8f6a8e-5a0c-4d7e-9b1f-2c3d4e5f6a7b';

export interface SeenRequest {
	path: string;
	query: URLSearchParams;
	headers: IncomingHttpHeaders;
	/** `list`, `single`, or `other` for paths outside the API. */
	kind: 'list' | 'single' | 'other';
	/** The decoded ref of a single-product request. */
	ref?: string | undefined;
}

export interface HostileServiceOptions {
	/** Products served, in list order. Mutate `service.catalogue` to change it between requests. */
	catalogue?: Product[];
	/** The `count_item` list pages report, from the real count. Default: the truth. */
	countItem?: (real: number) => number;
	/**
	 * Called for every request before the honest answer; return true when it answered itself.
	 * `seen` already holds this request.
	 */
	misbehave?: (
		request: SeenRequest,
		res: ServerResponse,
		service: HostileService,
	) => boolean | Promise<boolean>;
}

export interface HostileService {
	url: string;
	websiteId: string;
	catalogue: Product[];
	/** Every request, in arrival order. */
	seen: SeenRequest[];
	count(kind: SeenRequest['kind']): number;
	close(): Promise<void>;
}

/** `count` distinct products `p0…`, refs `SKU-0…`, in list order. */
export function makeCatalogue(count: number, from = 0): Product[] {
	return Array.from({ length: count }, (_, i) => ({
		...validProduct(),
		id: `p${from + i}`,
		external_id: `SKU-${from + i}`,
	}));
}

/**
 * A small service that answers like the real one (list pages, single products, ERR_DB_MISSING
 * with status 200) until `misbehave` takes a request over. For the contract breaks and transport
 * faults the simulator has no knob for; every test states its misbehaviour next to its assertion.
 */
export async function startHostileService(
	options: HostileServiceOptions = {},
): Promise<HostileService> {
	const seen: SeenRequest[] = [];
	const service: HostileService = {
		url: '',
		websiteId: HOSTILE_WEBSITE_ID,
		catalogue: options.catalogue ?? makeCatalogue(50),
		seen,
		count: (kind) => seen.filter((request) => request.kind === kind).length,
		close: async () => server.close(),
	};
	const server = await startServer(async (req, res) => {
		const url = new URL(req.url!, 'http://hostile');
		const match = /^\/ws\/websites\/([^/]+)\/products(?:\/([^/]+))?$/.exec(url.pathname);
		const ref = match?.[2] === undefined ? undefined : decodeURIComponent(match[2]);
		const request: SeenRequest = {
			path: url.pathname,
			query: url.searchParams,
			headers: req.headers,
			kind: !match ? 'other' : ref === undefined ? 'list' : 'single',
			ref,
		};
		seen.push(request);
		if (options.misbehave && (await options.misbehave(request, res, service))) return;
		if (request.kind === 'list')
			return sendList(res, service.catalogue, url.searchParams, options.countItem);
		if (request.kind === 'single') {
			const product = service.catalogue.find((p) => p.external_id === ref);
			return sendJson(
				res,
				200,
				product ?? { type: 'ERR_DB_MISSING', message: 'Product not found' },
			);
		}
		sendJson(res, 404, { type: 'ERR_NOT_FOUND', message: 'No such route' });
	});
	service.url = server.url;
	return service;
}

function sendList(
	res: ServerResponse,
	catalogue: readonly Product[],
	query: URLSearchParams,
	countItem: ((real: number) => number) | undefined,
): void {
	const asked = Number(query.get('limit') ?? 50);
	const limit = asked > 0 ? asked : 50;
	const offset = Number(query.get('offset') ?? 0);
	const count = countItem ? countItem(catalogue.length) : catalogue.length;
	sendJson(res, 200, {
		limit,
		offset,
		count_item: count,
		items: catalogue.slice(offset, offset + limit),
	});
}

/** Never answers: the connection stays open until the client gives up. */
export function hang(): true {
	return true;
}

export function redirectTo(res: ServerResponse, location: string, status = 302): true {
	res.writeHead(status, { location });
	res.end();
	return true;
}

/** A 200 JSON body that never ends: chunks keep coming until the client closes the connection. */
export function endlessBody(res: ServerResponse): true {
	res.writeHead(200, { 'content-type': 'application/json' });
	const chunk = Buffer.alloc(64 * 1024, 0x20);
	res.write('{"items":[');
	const pump = () => {
		while (!res.destroyed && res.write(chunk));
		if (!res.destroyed) res.once('drain', pump);
	};
	pump();
	return true;
}

let bomb: Buffer | undefined;
/** Size the gzip bomb inflates to: above the default `maxResponseBytes`, yet its compressed form is ~100 KiB. */
export const GZIP_BOMB_BYTES = 100 * 1024 * 1024;

/** A small gzip body that inflates to `GZIP_BOMB_BYTES` of spaces. */
export function gzipBomb(res: ServerResponse): true {
	bomb ??= gzipSync(Buffer.alloc(GZIP_BOMB_BYTES, 0x20), { level: 9 });
	res.writeHead(200, {
		'content-type': 'application/json',
		'content-encoding': 'gzip',
		'content-length': String(bomb.length),
	});
	res.end(bomb);
	return true;
}

/** A port nothing listens on (bound, then released). */
export async function closedPortUrl(): Promise<string> {
	const server = await startServer(() => undefined);
	await server.close();
	return server.url;
}

/**
 * A `hostile(options)` that starts a hostile service and closes it after the test (and any
 * other server pushed to `open`). Call it at the top of a test file.
 */
export function useHostileServices(afterEach: (fn: () => Promise<void>) => void): {
	hostile: (options: HostileServiceOptions) => Promise<HostileService>;
	open: Array<{ close(): Promise<void> }>;
} {
	const open: Array<{ close(): Promise<void> }> = [];
	afterEach(async () => {
		await Promise.all(open.splice(0).map((server) => server.close()));
	});
	const hostile = async (options: HostileServiceOptions) => {
		const service = await startHostileService(options);
		open.push(service);
		return service;
	};
	return { hostile, open };
}

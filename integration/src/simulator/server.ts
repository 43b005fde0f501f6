import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Product } from '../schema/product.js';
import { adversarialProducts } from './adversarial.js';
import { generateCatalogue, generateProduct, type CatalogueOptions } from './catalogue.js';
import { FaultPlan, type Faults } from './faults.js';
import { isPublished, isReturnable, toApiProduct, type SimProduct } from './model.js';

/** The website the demo catalogue belongs to. */
export const DEMO_WEBSITE_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

export interface SimulatorOptions extends Faults {
	host?: string;
	/** 0 (default) picks a free port. */
	port?: number;
	websiteId?: string;
	websiteName?: string;
	products?: number;
	locales?: readonly string[];
	seed?: number;
	reviewsPerProduct?: number;
	transcriptLength?: readonly [number, number];
	/** Append the adversarial corpus (hostile text, odd refs, unsafe URLs). */
	adversarial?: boolean;
	/** Use these products instead of generating a catalogue. */
	catalogue?: SimProduct[];
	/** The undocumented cap on `limit` (default 100). */
	maxLimit?: number;
	/** Send ETag/Last-Modified and answer conditional requests with 304 (default true). */
	conditional?: boolean;
	faultSeed?: number;
}

export interface ListQuery {
	locale?: string;
	without?: 'inactive';
	withAudio?: boolean;
	published?: boolean;
}

export interface SimulatorStats {
	total: number;
	list: number;
	single: number;
	notModified: number;
	byStatus: Record<number, number>;
	/** Single-product requests per ref. */
	byRef: Record<string, number>;
}

export interface Simulator {
	url: string;
	/** What clients pass as `baseUrl`. */
	baseUrl: string;
	websiteId: string;
	locales: readonly string[];
	readonly stats: SimulatorStats;
	resetStats(): void;
	setFaults(faults: Faults): void;
	/** Patch top-level fields, or mutate the internal model (audio items carry `locale`). */
	updateProduct(ref: string, patch: Partial<SimProduct> | ((product: SimProduct) => void)): void;
	/** Adds a generated product (or the given fields over one); returns its ref. */
	addProduct(partial?: Partial<SimProduct>): string;
	removeProduct(ref: string): void;
	/** The single-product endpoint's answer for a ref; throws for an unknown ref. */
	getProduct(ref: string, options?: { locale?: string; variant?: string }): Product;
	/** Every product the list endpoint matches for a query, without paging: ground truth for tests. */
	listAll(query?: ListQuery): Product[];
	refs(): string[];
	/** Called for each request before it is answered; may mutate the catalogue. */
	onRequest(callback: ((req: IncomingMessage) => void) | undefined): void;
	/** Stop the server from keeping the process alive. */
	unref(): void;
	close(): Promise<void>;
}

const LOCALE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
const LIST_PATH = /^\/ws\/websites\/([^/]+)\/products\/?$/;
const SINGLE_PATH = /^\/ws\/websites\/([^/]+)\/products\/([^/]+)$/;

/** Starts the simulated service on loopback. Spec: ../shared/API.md. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
	const websiteId = options.websiteId ?? DEMO_WEBSITE_ID;
	const locales = options.locales ?? ['fr', 'en'];
	const catalogueOptions: CatalogueOptions = {
		websiteId,
		locales,
		products: options.products ?? 300,
		seed: options.seed ?? 1,
		...(options.websiteName ? { websiteName: options.websiteName } : {}),
		...(options.reviewsPerProduct !== undefined ? { reviewsPerProduct: options.reviewsPerProduct } : {}),
		...(options.transcriptLength ? { transcriptLength: options.transcriptLength } : {}),
	};
	const products: SimProduct[] = options.catalogue ?? generateCatalogue(catalogueOptions);
	if (options.adversarial) products.push(...adversarialProducts(websiteId, locales, products.length));
	const byRef = new Map(products.map((product) => [product.external_id, product]));
	let nextIndex = products.length + 1_000_000;
	const maxLimit = options.maxLimit ?? 100;
	const conditional = options.conditional ?? true;
	const faults = new FaultPlan(options, options.faultSeed ?? 42);
	let stats = emptyStats();
	let requestHook: ((req: IncomingMessage) => void) | undefined;
	const sockets = new Set<Socket>();
	const hanging = new Set<ServerResponse>();

	const listAll = (query: ListQuery = {}): SimProduct[] => {
		const locale = query.locale ?? 'fr';
		return products.filter((product) => {
			if (query.withAudio !== undefined && product.reviews.some((a) => isReturnable(a, locale)) !== query.withAudio) return false;
			if (query.published !== undefined && product.reviews.some((a) => isPublished(a, locale)) !== query.published) return false;
			return true;
		});
	};

	const handle = async (req: IncomingMessage, res: ServerResponse) => {
		stats.total++;
		res.setHeader('Access-Control-Allow-Origin', '*');
		res.setHeader('Vary', 'Origin');
		const url = new URL(req.url ?? '/', 'http://simulator');
		const single = SINGLE_PATH.exec(url.pathname);
		const list = LIST_PATH.exec(url.pathname);
		if (single) stats.single++;
		else if (list) stats.list++;
		if (single) {
			const ref = safeDecode(single[2]!);
			stats.byRef[ref] = (stats.byRef[ref] ?? 0) + 1;
		}
		requestHook?.(req);

		if (req.method === 'OPTIONS') {
			res.writeHead(204, {
				'Access-Control-Allow-Methods': 'GET, OPTIONS',
				'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'Accept, If-None-Match, If-Modified-Since',
				'Access-Control-Max-Age': '86400',
			});
			return void res.end();
		}

		const latency = faults.latency();
		if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
		const fault = faults.decide();
		switch (fault.kind) {
			case 'reset':
				return void req.socket.destroy();
			case 'hang':
				hanging.add(res);
				return;
			case 'outage':
				return send(res, 503, { type: 'ERR_DB_READ', message: 'Service unavailable' });
			case 'rate-limit':
				return send(res, 429, { type: 'ERR_RATE_LIMIT', message: 'Too many requests' }, { 'Retry-After': fault.retryAfter });
			case 'error':
				return send(res, fault.status, { type: 'ERR_DB_READ', message: 'Database failure' });
		}

		if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { type: 'ERR_METHOD', message: 'Only GET is supported' }, { Allow: 'GET, OPTIONS' });
		// Unknown website: 200 with an error body on both endpoints, like unknown products
		// (API.md is silent for the list endpoint; the historical behaviour is the safer guess).
		const pathWebsite = safeDecode((single ?? list)?.[1] ?? '');
		if (single) {
			if (pathWebsite.toLowerCase() !== websiteId.toLowerCase()) return send(res, 200, missing('Unknown website'));
			const locale = url.searchParams.get('locale') ?? undefined;
			if (locale !== undefined && !LOCALE.test(locale)) return send(res, 200, { type: 'ERR_INPUT_VALIDATION', message: 'Invalid locale' });
			const product = byRef.get(safeDecode(single[2]!));
			if (!product) return send(res, 200, missing('Unknown product'));
			const body = toApiProduct(product, { locale, activeOnly: true, variant: url.searchParams.get('variant') ?? undefined });
			return sendData(req, res, body, product.updatedAt);
		}
		if (list) {
			const invalid = validateListQuery(url.searchParams);
			if (invalid) return send(res, 400, { type: 'ERR_INPUT_VALIDATION', message: invalid });
			if (pathWebsite.toLowerCase() !== websiteId.toLowerCase()) return send(res, 200, missing('Unknown website'));
			const query = parseListQuery(url.searchParams);
			let limit = Number(url.searchParams.get('limit') ?? 50);
			if (limit <= 0) limit = 50;
			limit = Math.min(limit, maxLimit);
			const offset = Number(url.searchParams.get('offset') ?? 0);
			const matches = listAll(query);
			const page = matches.slice(offset, offset + limit);
			const body = {
				limit,
				offset,
				count_item: matches.length,
				items: page.map((product) => toApiProduct(product, { locale: query.locale, activeOnly: query.without === 'inactive' })),
			};
			return sendData(req, res, body, Math.max(0, ...page.map((product) => product.updatedAt)));
		}
		return send(res, 404, { type: 'ERR_NOT_FOUND', message: 'Unknown path' });
	};

	const sendData = (req: IncomingMessage, res: ServerResponse, body: unknown, updatedAt: number) => {
		const text = JSON.stringify(body);
		if (!conditional) return send(res, 200, text);
		const etag = `"${createHash('sha1').update(text).digest('base64url')}"`;
		const lastModified = new Date(Math.max(updatedAt, 0)).toUTCString();
		const headers = { ETag: etag, 'Last-Modified': lastModified, 'Cache-Control': 'public, max-age=300' };
		const ifNoneMatch = req.headers['if-none-match'];
		const ifModifiedSince = req.headers['if-modified-since'];
		const fresh = ifNoneMatch !== undefined
			? ifNoneMatch.split(',').map((tag) => tag.trim()).includes(etag)
			: ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= Math.floor(updatedAt / 1000) * 1000;
		if (fresh) {
			stats.notModified++;
			stats.byStatus[304] = (stats.byStatus[304] ?? 0) + 1;
			res.writeHead(304, headers);
			return void res.end();
		}
		return send(res, 200, text, headers);
	};

	const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
		stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
		res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
		res.end(typeof body === 'string' ? body : JSON.stringify(body));
	};

	const server: Server = createServer((req, res) => {
		void handle(req, res).catch((error: unknown) => {
			if (!res.headersSent) send(res, 500, { type: 'ERR_SIMULATOR', message: String(error) });
		});
	});
	server.keepAliveTimeout = 5_000;
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	const host = options.host ?? '127.0.0.1';
	await listen(server, options.port ?? 0, host);
	const port = (server.address() as AddressInfo).port;
	const baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
	let refusing = false;
	let unrefd = false;

	const dropConnections = () => {
		for (const res of hanging) res.destroy();
		hanging.clear();
		for (const socket of sockets) socket.destroy();
	};

	const touch = (product: SimProduct) => {
		// Strictly later than anything served before, with whole seconds for Last-Modified.
		product.updatedAt = Math.max(Date.now(), product.updatedAt + 1_000);
	};

	return {
		url: baseUrl,
		baseUrl,
		websiteId,
		locales,
		get stats() {
			return stats;
		},
		resetStats: () => void (stats = emptyStats()),
		setFaults(next) {
			faults.set(next);
			if (next.outage === 'refuse' && !refusing) {
				refusing = true;
				server.close();
				dropConnections();
			} else if (next.outage !== undefined && next.outage !== 'refuse' && refusing) {
				refusing = false;
				void listen(server, port, host).then(() => unrefd && server.unref());
			}
		},
		updateProduct(ref, patch) {
			const product = byRef.get(ref);
			if (!product) throw new Error(`simulator: no product ${JSON.stringify(ref)}`);
			if (typeof patch === 'function') patch(product);
			else Object.assign(product, patch);
			touch(product);
		},
		addProduct(partial = {}) {
			const index = nextIndex++;
			const product = { ...generateProduct(index, catalogueOptions), ...partial };
			if (byRef.has(product.external_id)) throw new Error(`simulator: ref ${JSON.stringify(product.external_id)} exists`);
			touch(product);
			products.push(product);
			byRef.set(product.external_id, product);
			return product.external_id;
		},
		removeProduct(ref) {
			const product = byRef.get(ref);
			if (!product) return;
			byRef.delete(ref);
			products.splice(products.indexOf(product), 1);
		},
		getProduct(ref, opts = {}) {
			const product = byRef.get(ref);
			if (!product) throw new Error(`simulator: no product ${JSON.stringify(ref)}`);
			return toApiProduct(product, { locale: opts.locale, activeOnly: true, variant: opts.variant }) as unknown as Product;
		},
		listAll(query = {}) {
			const locale = query.locale ?? 'fr';
			return listAll(query).map((product) => toApiProduct(product, { locale, activeOnly: query.without === 'inactive' }) as unknown as Product);
		},
		refs: () => products.map((product) => product.external_id),
		onRequest: (callback) => void (requestHook = callback),
		unref() {
			unrefd = true;
			server.unref();
		},
		close: () =>
			new Promise<void>((resolve) => {
				dropConnections();
				if (refusing) return resolve();
				server.close(() => resolve());
			}),
	};
}

function validateListQuery(params: URLSearchParams): string | undefined {
	const limit = params.get('limit');
	if (limit !== null && !/^-?\d+$/.test(limit)) return `Invalid limit: ${limit}`;
	const offset = params.get('offset');
	if (offset !== null && !/^\d+$/.test(offset)) return `Invalid offset: ${offset}`;
	for (const flag of ['withAudio', 'published']) {
		const value = params.get(flag);
		if (value !== null && value !== 'true' && value !== 'false') return `Invalid ${flag}: ${value}`;
	}
	const without = params.get('without');
	if (without !== null && without !== 'inactive') return `Invalid without: ${without}`;
	const locale = params.get('locale');
	if (locale !== null && !LOCALE.test(locale)) return `Invalid locale: ${locale}`;
	return undefined;
}

function parseListQuery(params: URLSearchParams): ListQuery & { locale: string } {
	const flag = (name: string) => (params.has(name) ? params.get(name) === 'true' : undefined);
	const query: ListQuery & { locale: string } = { locale: params.get('locale') ?? 'fr' };
	if (params.get('without') === 'inactive') query.without = 'inactive';
	const withAudio = flag('withAudio');
	if (withAudio !== undefined) query.withAudio = withAudio;
	const published = flag('published');
	if (published !== undefined) query.published = published;
	return query;
}

function missing(message: string) {
	return { type: 'ERR_DB_MISSING', message };
}

function safeDecode(value: string): string {
	try {
		return decodeURIComponent(value);
	} catch {
		return value;
	}
}

function emptyStats(): SimulatorStats {
	return { total: 0, list: 0, single: 0, notModified: 0, byStatus: {}, byRef: {} };
}

function listen(server: Server, port: number, host: string): Promise<void> {
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => {
			server.off('error', reject);
			resolve();
		});
	});
}

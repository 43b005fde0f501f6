import pLimit, { type LimitFunction } from 'p-limit';
import { ResponseFormatError, WrongProductError } from '../errors/errors.js';
import { parseOptions } from '../options/parse-options.js';
import {
	type ResolvedConnectionOptions,
	type ResolvedSharedOptions,
	type SharedOptions,
	sharedOptionsSchema,
} from '../options/shared-options.js';
import {
	type Product,
	type ProductList,
	type ProductListEnvelope,
	productListEnvelopeSchema,
} from '../schema/product.js';
import { validateProduct } from '../schema/validate.js';
import {
	createRequester,
	type RequestOptions,
	type RequestStats,
	type Validators,
} from './request.js';
import {
	type GetProductQuery,
	getProductUrl,
	type ListProductsQuery,
	listProductsUrl,
} from './urls.js';

export interface RawProductResponse {
	/** Unvalidated product JSON; `undefined` when the service answered 304 Not Modified. */
	product: unknown;
	notModified: boolean;
	validators: Validators;
}

export interface RawListResponse {
	/** Envelope validated; items still raw, for the caller to validate one by one. */
	page: ProductListEnvelope;
	validators: Validators;
}

export type ConditionalListResponse =
	| { notModified: false; page: ProductListEnvelope; validators: Validators }
	| { notModified: true; page: undefined; validators: Validators };

export interface AudioReviewsClient {
	readonly options: Readonly<ResolvedConnectionOptions>;
	readonly stats: Readonly<RequestStats>;
	getProduct(ref: string, query?: GetProductQuery, request?: RequestOptions): Promise<Product>;
	listProducts(query?: ListProductsQuery, request?: RequestOptions): Promise<ProductList>;
	/** One product as sent, for callers that validate themselves (or send validators). */
	getProductRaw(
		ref: string,
		query?: GetProductQuery,
		request?: RequestOptions,
	): Promise<RawProductResponse>;
	listProductsRaw(query?: ListProductsQuery, request?: RequestOptions): Promise<RawListResponse>;
	/** One list page, conditional on `request.validators`: may be 304 Not Modified. */
	listProductsConditional(
		query?: ListProductsQuery,
		request?: RequestOptions,
	): Promise<ConditionalListResponse>;
}

/** The options the loaders share; query options become per-call defaults. */
export type ClientOptions = SharedOptions;

/** The typed HTTP client of the service. Options are validated here, once. */
export function createClient(options: ClientOptions): AudioReviewsClient {
	const resolved = parseOptions(sharedOptionsSchema, options, 'createClient');
	return clientFromResolved(resolved, {
		list: {
			locale: resolved.locale,
			without: resolved.without,
			withAudio: resolved.withAudio,
			published: resolved.published,
			limit: resolved.pageSize,
		},
		get: {
			locale: options.locale === undefined ? undefined : resolved.locale,
			variant: resolved.variant,
			type: resolved.type,
		},
	});
}

interface QueryDefaults {
	list?: ListProductsQuery;
	get?: GetProductQuery;
}

type Context = ConstructorParameters<typeof ResponseFormatError>[1];

// Another product's data must never be stored or served under the requested ref.
function assertRequestedProduct(
	ref: string,
	response: { body: unknown; status: number },
	context: Context,
): void {
	const answered = (response.body as { external_id?: unknown } | undefined)?.external_id;
	if (typeof answered === 'string' && answered !== ref)
		throw new WrongProductError(ref, answered, { ...context, status: response.status });
}

/** The list envelope; items are validated one by one, so a bad product is reported by its ref. */
function listEnvelope(response: { body: unknown; status: number }, context: Context) {
	const parsed = productListEnvelopeSchema.safeParse(response.body);
	if (parsed.success) return parsed.data;
	const issue = parsed.error.issues[0];
	throw new ResponseFormatError(
		`Expected a product list ({ limit, offset, count_item, items }), got a body where ${issue?.path.join('.') || 'the root'}: ${issue?.message}`,
		{ ...context, status: response.status },
	);
}

export function clientFromResolved(
	options: ResolvedConnectionOptions | ResolvedSharedOptions,
	defaults: QueryDefaults = {},
): AudioReviewsClient {
	const request = createRequester(options, sharedLimiter(options.baseUrl, options.concurrency));
	const { baseUrl, websiteId } = options;

	async function getProductRaw(
		ref: string,
		given: GetProductQuery = {},
		init: RequestOptions = {},
	): Promise<RawProductResponse> {
		const query = { ...defaults.get, ...given };
		const url = getProductUrl(baseUrl, websiteId, ref, query);
		const context = { endpoint: 'getProduct' as const, url, ref, locale: query.locale };
		const response = await request(context, init);
		assertRequestedProduct(ref, response, context);
		return {
			product: response.body,
			notModified: response.notModified,
			validators: response.validators,
		};
	}

	async function listProductsConditional(
		given: ListProductsQuery = {},
		init: RequestOptions = {},
	): Promise<ConditionalListResponse> {
		const query = { ...defaults.list, ...given };
		const url = listProductsUrl(baseUrl, websiteId, query);
		const context = { endpoint: 'listProducts' as const, url, locale: query.locale };
		const response = await request(context, init);
		if (response.notModified)
			return { notModified: true, page: undefined, validators: response.validators };
		return {
			notModified: false,
			page: listEnvelope(response, context),
			validators: response.validators,
		};
	}

	async function listProductsRaw(
		given: ListProductsQuery = {},
		init: RequestOptions = {},
	): Promise<RawListResponse> {
		// Without validators the service has nothing to compare with, so it never answers 304.
		const response = await listProductsConditional(given, {
			signal: init.signal,
			deadline: init.deadline,
		});
		return { page: response.page!, validators: response.validators };
	}

	return {
		options,
		stats: request.stats,
		getProductRaw,
		listProductsRaw,
		listProductsConditional,
		async getProduct(ref, query = {}, init = {}) {
			const { product } = await getProductRaw(ref, query, init);
			const result = validateProduct(product, {
				endpoint: 'getProduct',
				ref,
				locale: query.locale,
			});
			if (!result.success) throw result.error;
			return result.data;
		},
		async listProducts(query = {}, init = {}) {
			const { page } = await listProductsRaw(query, init);
			const items = page.items.map((item) => {
				const result = validateProduct(item, { endpoint: 'listProducts', locale: query.locale });
				if (!result.success) throw result.error;
				return result.data;
			});
			return { ...page, items };
		},
	};
}

// One limiter per origin and concurrency for the process: several collections or locales still
// keep at most `concurrency` requests in flight.
const limiters = new Map<string, LimitFunction>();

export function sharedLimiter(baseUrl: string, concurrency: number): LimitFunction {
	const key = `${new URL(baseUrl).origin}|${concurrency}`;
	let limiter = limiters.get(key);
	if (!limiter) {
		limiter = pLimit(concurrency);
		limiters.set(key, limiter);
	}
	return limiter;
}

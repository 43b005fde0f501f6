import { adversarialProducts } from './adversarial.js';
import { type ApiProduct, toApiProduct } from './api-shape.js';
import { type CatalogueOptions, DEMO_WIDGET_CONFIGS } from './catalogue.js';
import { type ControlHandler, controlHandler } from './control.js';
import { SimulatorSettingError } from './errors.js';
import { FaultPlan, type Faults } from './faults.js';
import { checkLongTail } from './long-tail.js';
import { MEDIA_PREFIX } from './media.js';
import type { ListQuery, SimProduct, SimWidgetConfig } from './model.js';
import { LOCALE_PATTERN } from './query.js';
import { type RequestHook, SimulatorServer } from './server.js';
import { type RequestLogEntry, type SimulatorStats, StatsRecorder } from './stats.js';
import { CatalogueStore } from './store.js';

/** The website the demo catalogue belongs to (a valid v4 UUID). */
export const DEMO_WEBSITE_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/** Catalogue options (all optional here; `websiteId` defaults to `DEMO_WEBSITE_ID`) plus the server's and fault injection's. */
export interface SimulatorOptions extends Faults, Partial<CatalogueOptions> {
	/** Default `127.0.0.1`. */
	host?: string;
	/** Default 0: a free port. */
	port?: number;
	/** Generated products (default 300; 0 with `catalogue`). */
	products?: number;
	/** Catalogue seed (default 1): same seed, same catalogue, byte for byte. */
	seed?: number;
	/** Append the adversarial corpus (hostile text, odd refs, unsafe URLs). */
	adversarial?: boolean;
	/** Use these internal products (kept by reference) instead of generating a catalogue. */
	catalogue?: SimProduct[];
	/** The undocumented cap on `limit` (default 100); larger requests are clamped and echoed so. */
	maxLimit?: number;
	/** Send ETag/Last-Modified and answer conditional requests with 304 (default true). */
	conditional?: boolean;
	/** Seed of the fault generator (default 42). */
	faultSeed?: number;
	/** Website-level widget configurations for `variant` (default: two demo ones). */
	widgetConfigs?: readonly SimWidgetConfig[];
	/** Serve the HTTP control API under `/__control` (default false): see control.ts. */
	control?: boolean;
	/**
	 * Where generated authors' pictures point: `'cdn'` (default), an invented CDN that never
	 * resolves; `'served'`, the pictures this simulator serves at `<baseUrl>/media/avatars/<id>.svg`
	 * (see media.ts), so pages show real pictures offline. `mediaBaseUrl` overrides the origin.
	 */
	avatars?: 'cdn' | 'served';
}

export interface Simulator {
	/** `http://127.0.0.1:PORT`: what clients pass as `baseUrl`. */
	readonly baseUrl: string;
	readonly websiteId: string;
	readonly locales: readonly string[];
	/** Live counters; replaced by `resetStats()`. */
	readonly stats: SimulatorStats;
	/** The last 10,000 requests, oldest first. */
	readonly requests: readonly RequestLogEntry[];
	resetStats(): void;
	/** The faults in force. */
	readonly faults: Readonly<Faults>;
	/** Merges into the faults in force. Resolves once an `outage: 'refuse'` is lifted and the port listens again. */
	setFaults(faults: Faults): Promise<void>;
	/** Patch top-level fields, or mutate the internal model; the product's ETag and Last-Modified move. */
	updateProduct(ref: string, patch: Partial<SimProduct> | ((product: SimProduct) => void)): void;
	/** Adds a generated product (the given fields over it) at the end of the catalogue; returns its ref. */
	addProduct(partial?: Partial<SimProduct>): string;
	/** Removes a product; false when the ref is unknown. */
	removeProduct(ref: string): boolean;
	/** What the single-product endpoint sends for a ref (parsed JSON); throws for an unknown ref. */
	getProduct(
		ref: string,
		options?: { locale?: string; variant?: string; type?: string },
	): ApiProduct;
	/** Every product the list endpoint matches for a query, in order, unpaged: ground truth for tests. */
	listAll(query?: ListQuery): ApiProduct[];
	/** A copy of the internal model of a ref (with locale and validation flags), or undefined. */
	inspect(ref: string): SimProduct | undefined;
	/** All refs, in catalogue (list) order. */
	refs(): string[];
	/** Called for each request before it is answered; may mutate the catalogue; may be async. */
	onRequest(callback: RequestHook | undefined): void;
	/** Stop the server from keeping the process alive. */
	unref(): void;
	/** Closes the listener and every socket, hanging requests included. */
	close(): Promise<void>;
}

/** Starts the simulated service on loopback. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
	const websiteId = options.websiteId ?? DEMO_WEBSITE_ID;
	const locales = options.locales ?? ['fr', 'en'];
	checkOptions(options, locales);
	const catalogueOptions = catalogueOptionsOf(options, websiteId, locales);
	const extra = [
		...(options.catalogue ?? []),
		...(options.adversarial
			? adversarialProducts(websiteId, locales, catalogueOptions.products ?? 0)
			: []),
	];
	const store = new CatalogueStore(catalogueOptions, extra);
	const faults = new FaultPlan(options, options.faultSeed ?? 42);
	const recorder = new StatsRecorder();
	const widgetConfigs = options.widgetConfigs ?? DEMO_WIDGET_CONFIGS;
	let hook: RequestHook | undefined;
	let control: ControlHandler | undefined;
	const server = new SimulatorServer({
		host: options.host ?? '127.0.0.1',
		port: options.port ?? 0,
		routes: { store, websiteId, maxLimit: options.maxLimit ?? 100, widgetConfigs },
		faults,
		stats: recorder,
		conditional: options.conditional ?? true,
		hook: () => hook,
		control: () => control,
	});
	await server.listen();
	// The pictures' origin is the server's own, known once it listens; nothing has been
	// generated yet (the store generates products on demand), so every product sees it.
	if (options.avatars === 'served')
		catalogueOptions.mediaBaseUrl ??= `${server.url}${MEDIA_PREFIX}`;
	if (options.outage === 'refuse') server.refuse();
	const setHook = (next: RequestHook | undefined) => {
		hook = next;
	};
	const simulator = simulatorApi({
		server,
		store,
		faults,
		recorder,
		websiteId,
		locales,
		widgetConfigs,
		setHook,
	});
	if (options.control) control = controlHandler(simulator);
	return simulator;
}

function catalogueOptionsOf(
	options: SimulatorOptions,
	websiteId: string,
	locales: readonly string[],
): CatalogueOptions {
	return {
		websiteId,
		locales,
		products: options.catalogue ? (options.products ?? 0) : (options.products ?? 300),
		seed: options.seed ?? 1,
		...(options.websiteName === undefined ? {} : { websiteName: options.websiteName }),
		...(options.reviewsPerProduct === undefined
			? {}
			: { reviewsPerProduct: options.reviewsPerProduct }),
		...(options.transcriptLength === undefined
			? {}
			: { transcriptLength: options.transcriptLength }),
		...(options.longTail === undefined ? {} : { longTail: options.longTail }),
		...(options.mediaBaseUrl === undefined
			? {}
			: { mediaBaseUrl: options.mediaBaseUrl.replace(/\/+$/, '') }),
	};
}

interface SimulatorParts {
	server: SimulatorServer;
	store: CatalogueStore;
	faults: FaultPlan;
	recorder: StatsRecorder;
	websiteId: string;
	locales: readonly string[];
	widgetConfigs: readonly SimWidgetConfig[];
	setHook(hook: RequestHook | undefined): void;
}

/** The `Simulator` handle over a listening server and its catalogue. */
function simulatorApi({
	server,
	store,
	faults,
	recorder,
	websiteId,
	locales,
	widgetConfigs,
	setHook,
}: SimulatorParts): Simulator {
	const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
	const unknownRef = (ref: string) => new Error(`simulator: no product ${JSON.stringify(ref)}`);
	return {
		baseUrl: server.url,
		websiteId,
		locales,
		get stats() {
			return recorder.stats;
		},
		get requests() {
			return recorder.requests;
		},
		resetStats: () => recorder.reset(),
		get faults() {
			return faults.faults;
		},
		async setFaults(next) {
			faults.set(next);
			if (next.outage === 'refuse') server.refuse();
			else if (next.outage !== undefined) await server.restore();
		},
		updateProduct(ref, patch) {
			const found = store.mutate(ref, (product) => {
				if (typeof patch === 'function') patch(product);
				else Object.assign(product, patch);
			});
			if (!found) throw unknownRef(ref);
		},
		addProduct(partial = {}) {
			const product: SimProduct = { ...store.generateNew(), ...partial };
			store.add(product);
			return product.external_id;
		},
		removeProduct: (ref) => store.remove(ref),
		getProduct(ref, opts = {}) {
			const product = store.get(ref);
			if (!product) throw unknownRef(ref);
			return wire(
				toApiProduct(product, {
					locale: opts.locale,
					activeOnly: true,
					type: opts.type,
					variant: opts.variant,
					widgetConfigs,
				}),
			);
		},
		listAll(query = {}) {
			const locale = query.locale ?? 'fr';
			return store.query({ ...query, locale }).map((entry) =>
				wire(
					toApiProduct(store.resolve(entry), {
						locale,
						activeOnly: query.without === 'inactive',
					}),
				),
			);
		},
		inspect(ref) {
			const product = store.get(ref);
			return product && structuredClone(product);
		},
		refs: () => store.refs(),
		onRequest: setHook,
		unref: () => server.unref(),
		close: () => server.close(),
	};
}

function checkOptions(options: SimulatorOptions, locales: readonly string[]): void {
	const { products, maxLimit, transcriptLength } = options;
	if (products !== undefined && !(Number.isInteger(products) && products >= 0))
		throw new SimulatorSettingError(
			`simulator: products must be a non-negative integer, got ${products}`,
		);
	if (maxLimit !== undefined && !(maxLimit >= 1))
		throw new SimulatorSettingError(`simulator: maxLimit must be >= 1, got ${maxLimit}`);
	checkLongTail(options.longTail);
	if (locales.length === 0) throw new SimulatorSettingError('simulator: locales must not be empty');
	for (const locale of locales)
		if (!LOCALE_PATTERN.test(locale))
			throw new SimulatorSettingError(`simulator: invalid locale ${JSON.stringify(locale)}`);
	if (transcriptLength && !(transcriptLength[0] >= 0 && transcriptLength[1] >= transcriptLength[0]))
		throw new SimulatorSettingError(
			'simulator: transcriptLength must be [min, max] with 0 <= min <= max',
		);
	if (options.avatars !== undefined && options.avatars !== 'cdn' && options.avatars !== 'served')
		throw new SimulatorSettingError(
			`simulator: avatars must be 'cdn' or 'served', got ${JSON.stringify(options.avatars)}`,
		);
	if (
		options.mediaBaseUrl !== undefined &&
		!/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/i.test(options.mediaBaseUrl)
	)
		throw new SimulatorSettingError(
			`simulator: mediaBaseUrl must be an http(s) URL such as http://127.0.0.1:8686/media, got ${JSON.stringify(options.mediaBaseUrl)}`,
		);
}

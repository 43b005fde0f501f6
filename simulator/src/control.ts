import type { IncomingMessage, ServerResponse } from 'node:http';
import { faultsPatch, NO_FAULTS, productPatch, readJsonObject } from './control-body.js';
import { ControlError, DuplicateRefError, SimulatorSettingError } from './errors.js';
import type { Faults } from './faults.js';
import type { SimProduct } from './model.js';
import type { SimulatorStats } from './stats.js';

/** What the control API drives: the same operations the JavaScript API offers. */
export interface ControlTarget {
	refs(): string[];
	inspect(ref: string): SimProduct | undefined;
	updateProduct(ref: string, patch: Partial<SimProduct>): void;
	addProduct(partial?: Partial<SimProduct>): string;
	removeProduct(ref: string): boolean;
	readonly faults: Readonly<Faults>;
	setFaults(faults: Faults): Promise<void>;
	readonly stats: SimulatorStats;
	resetStats(): void;
}

export type ControlHandler = (
	req: IncomingMessage,
	res: ServerResponse,
	rawPath: string,
) => Promise<void>;

/** Every control path starts with this; the service's own paths never do. */
export const CONTROL_PREFIX = '/__control';

const ROUTES = [
	'GET    /__control/products          refs, in list order',
	'POST   /__control/products          add a product (body: fields over a generated one) -> 201 { ref }',
	'GET    /__control/products/:ref     the internal model of a product',
	'PATCH  /__control/products/:ref     replace top-level fields (name, seo_name, reviews, …)',
	'DELETE /__control/products/:ref     remove a product -> 204',
	'GET    /__control/faults            the faults in force',
	'PATCH  /__control/faults            merge faults (errorRate, rateLimitRate, resetRate, hangRate, latencyMs, retryAfter, errorStatuses, outage)',
	'DELETE /__control/faults            every fault off',
	'GET    /__control/stats             request counters',
	'DELETE /__control/stats             reset the counters',
];

type Reply = { status: number; body?: unknown };

/**
 * The simulator's HTTP control API, for tests that run the simulator in another process (the
 * `audio-reviews-simulator` bin): edit, add and remove products and set faults between builds.
 * It is off unless asked for, answers before fault injection (so faults never block their own
 * removal), and its requests are not counted in the stats.
 */
export function controlHandler(target: ControlTarget): ControlHandler {
	return async (req, res, rawPath) => {
		let reply: Reply;
		try {
			reply = await route(target, req.method ?? 'GET', rawPath.slice(CONTROL_PREFIX.length), req);
		} catch (error) {
			reply = failure(error);
		}
		const text = reply.body === undefined ? '' : `${JSON.stringify(reply.body, null, 2)}\n`;
		res.writeHead(
			reply.status,
			text
				? {
						'Content-Type': 'application/json; charset=utf-8',
						'Content-Length': String(Buffer.byteLength(text)),
					}
				: {},
		);
		res.end(text);
	};
}

async function route(
	target: ControlTarget,
	method: string,
	path: string,
	req: IncomingMessage,
): Promise<Reply> {
	if (path === '' || path === '/') return { status: 200, body: { routes: ROUTES } };
	if (path === '/products') return products(target, method, req);
	const single = /^\/products\/([^/]+)$/.exec(path);
	if (single) return product(target, method, decodeRef(single[1]!), req);
	if (path === '/faults') return faults(target, method, req);
	if (path === '/stats') return stats(target, method);
	throw new ControlError(404, `no control route ${path}; GET ${CONTROL_PREFIX} lists them`);
}

async function products(
	target: ControlTarget,
	method: string,
	req: IncomingMessage,
): Promise<Reply> {
	if (method === 'GET') return { status: 200, body: { refs: target.refs() } };
	if (method === 'POST')
		return {
			status: 201,
			body: { ref: target.addProduct(productPatch(await readJsonObject(req))) },
		};
	throw notAllowed(method, 'GET, POST');
}

async function product(
	target: ControlTarget,
	method: string,
	ref: string,
	req: IncomingMessage,
): Promise<Reply> {
	const unknown = () => new ControlError(404, `no product ${JSON.stringify(ref)}`);
	if (method === 'GET') {
		const model = target.inspect(ref);
		if (!model) throw unknown();
		return { status: 200, body: model };
	}
	if (method === 'PATCH') {
		const patch = productPatch(await readJsonObject(req));
		if (!target.inspect(ref)) throw unknown();
		target.updateProduct(ref, patch);
		return { status: 200, body: target.inspect(patch.external_id ?? ref) };
	}
	if (method === 'DELETE') {
		if (!target.removeProduct(ref)) throw unknown();
		return { status: 204 };
	}
	throw notAllowed(method, 'GET, PATCH, DELETE');
}

async function faults(target: ControlTarget, method: string, req: IncomingMessage): Promise<Reply> {
	if (method === 'PATCH') await target.setFaults(faultsPatch(await readJsonObject(req)));
	else if (method === 'DELETE') await target.setFaults(NO_FAULTS);
	else if (method !== 'GET') throw notAllowed(method, 'GET, PATCH, DELETE');
	return { status: 200, body: target.faults };
}

function stats(target: ControlTarget, method: string): Reply {
	if (method === 'GET') return { status: 200, body: target.stats };
	if (method === 'DELETE') {
		target.resetStats();
		return { status: 204 };
	}
	throw notAllowed(method, 'GET, DELETE');
}

function notAllowed(method: string, allowed: string): ControlError {
	return new ControlError(405, `${method} not allowed here; use ${allowed}`);
}

function decodeRef(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		throw new ControlError(400, 'malformed percent-encoding in the ref');
	}
}

/** Refusals from the simulator itself (a taken ref, a rate out of range) are the caller's mistake too. */
function failure(error: unknown): Reply {
	if (error instanceof ControlError)
		return { status: error.status, body: { error: error.message } };
	const message =
		error instanceof Error ? error.message.replace(/^simulator: /, '') : String(error);
	if (error instanceof DuplicateRefError) return { status: 409, body: { error: message } };
	if (error instanceof SimulatorSettingError) return { status: 400, body: { error: message } };
	return { status: 500, body: { error: message } };
}

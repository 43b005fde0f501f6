import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ApiError } from './api-shape.js';
import { isNotModified, validatorsFor } from './conditional.js';
import { CONTROL_PREFIX, type ControlHandler } from './control.js';
import type { FaultPlan } from './faults.js';
import { isMediaPath, serveMedia } from './media.js';
import { answer, matchRoute, type RouteContext } from './routes.js';
import type { Endpoint, FaultKind, StatsRecorder } from './stats.js';

/** What `onRequest` callbacks learn about a request, besides the raw IncomingMessage. */
export interface RequestInfo {
	method: string;
	/** Raw path, still percent-encoded. */
	path: string;
	query: URLSearchParams;
	endpoint: Endpoint;
	/** Decoded ref, single-product requests only. */
	ref?: string;
}

export type RequestHook = (req: IncomingMessage, info: RequestInfo) => void | Promise<void>;

export interface ServerSetup {
	host: string;
	port: number;
	routes: RouteContext;
	faults: FaultPlan;
	stats: StatsRecorder;
	conditional: boolean;
	hook: () => RequestHook | undefined;
	/** The control API, when enabled. */
	control: () => ControlHandler | undefined;
}

/** Records the request's outcome in the log: its status (0: none sent) and the fault behind it. */
type Logger = (status: number, fault?: FaultKind) => void;

const JSON_TYPE = 'application/json; charset=utf-8';
/** Every response, errors and 304s included: the service allows every origin. */
const CORS = {
	'Access-Control-Allow-Origin': '*',
	'Access-Control-Expose-Headers': 'ETag, Last-Modified, Retry-After',
} as const;

/**
 * The HTTP side of the simulator: routing, fault injection, validators, and the socket
 * bookkeeping that lets a test refuse connections, restore them on the same port, and close
 * everything (hanging requests included) at once.
 */
export class SimulatorServer {
	private readonly server: Server;
	private readonly sockets = new Set<Socket>();
	private readonly hanging = new Set<ServerResponse>();
	private readonly timers = new Set<NodeJS.Timeout>();
	private port = 0;
	private refusing = false;
	private closed = false;
	private unrefd = false;

	constructor(private readonly setup: ServerSetup) {
		this.server = createServer((req, res) => {
			this.handle(req, res).catch((error: unknown) => {
				if (!res.headersSent && !res.destroyed)
					this.send(res, 500, { type: 'ERR_SIMULATOR', message: String(error) });
			});
		});
		this.server.keepAliveTimeout = 5_000;
		this.server.on('connection', (socket) => {
			this.sockets.add(socket);
			socket.on('close', () => this.sockets.delete(socket));
		});
	}

	/** `http://host:port`, IPv6 hosts bracketed. */
	get url(): string {
		const { host } = this.setup;
		return `http://${host.includes(':') ? `[${host}]` : host}:${this.port}`;
	}

	async listen(): Promise<void> {
		await listenOn(this.server, this.port || this.setup.port, this.setup.host);
		this.port = (this.server.address() as AddressInfo).port;
		if (this.unrefd) this.server.unref();
	}

	/** Stops accepting: the listener closes, so new connections are refused by the OS. */
	refuse(): void {
		if (this.refusing || this.closed) return;
		this.refusing = true;
		this.server.close();
		this.dropConnections();
	}

	/** Listens again on the same port after `refuse`. */
	async restore(): Promise<void> {
		if (!this.refusing || this.closed) return;
		this.refusing = false;
		await this.listen();
	}

	unref(): void {
		this.unrefd = true;
		this.server.unref();
	}

	close(): Promise<void> {
		if (this.closed) return Promise.resolve();
		this.closed = true;
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
		this.dropConnections();
		if (this.refusing) return Promise.resolve();
		return new Promise((resolve) => this.server.close(() => resolve()));
	}

	private dropConnections(): void {
		for (const res of this.hanging) res.destroy();
		this.hanging.clear();
		for (const socket of this.sockets) socket.destroy();
		this.server.closeAllConnections();
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const { stats, faults } = this.setup;
		const method = req.method ?? 'GET';
		const { path, query } = splitTarget(req.url ?? '/');
		const control = this.setup.control();
		if (control && (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)))
			return control(req, res, path);
		// The shop's pictures, not the service: faults and stats leave them alone.
		if (isMediaPath(path)) return serveMedia(req, res, path);
		const route = matchRoute(path);
		const endpoint: Endpoint = route?.endpoint ?? 'other';
		const ref = route?.endpoint === 'single' ? route.ref : undefined;
		stats.arrived(endpoint, ref);
		const entry = {
			method,
			path,
			query: Object.fromEntries(query),
			endpoint,
			...(ref === undefined ? {} : { ref }),
			at: Date.now(),
		};
		const logged: Logger = (status, fault) =>
			stats.log({ ...entry, status, ...(fault ? { fault } : {}) });

		await this.setup.hook()?.(req, {
			method,
			path,
			query,
			endpoint,
			...(ref === undefined ? {} : { ref }),
		});
		const latency = faults.latency();
		if (latency > 0) await this.sleep(latency);
		if (this.closed || res.destroyed) return;
		if (this.injectFault(res, logged)) return;

		if (method === 'OPTIONS') {
			logged(204);
			return this.preflight(req, res);
		}
		// HEAD is answered like GET without a body (Node drops it), as HTTP requires of GET resources.
		if (method !== 'GET' && method !== 'HEAD') {
			logged(405);
			return this.send(
				res,
				405,
				{ type: 'ERR_METHOD_NOT_ALLOWED', message: `Method ${method} not allowed` },
				{ Allow: 'GET, HEAD, OPTIONS' },
			);
		}
		if (!route) {
			logged(404);
			return this.send(res, 404, { type: 'ERR_NOT_FOUND', message: `No such endpoint: ${path}` });
		}
		const result = answer(route, query, this.setup.routes);
		if (result.kind === 'error') {
			logged(result.status);
			return this.send(res, result.status, result.body);
		}
		return this.sendResource(req, res, result, logged);
	}

	/** Answers (or drops) the request as the fault plan decides; false when no fault applies. */
	private injectFault(res: ServerResponse, logged: Logger): boolean {
		const { stats } = this.setup;
		const fault = this.setup.faults.decide();
		switch (fault.kind) {
			case 'none':
				return false;
			case 'reset':
				stats.stats.resets++;
				logged(0, 'reset');
				res.socket?.destroy();
				break;
			case 'hang':
				stats.stats.hangs++;
				logged(0, 'hang');
				this.hanging.add(res);
				res.on('close', () => this.hanging.delete(res));
				break;
			case 'outage':
				logged(503, 'outage');
				this.send(res, 503, {
					type: 'ERR_DB_READ',
					message: 'Service unavailable (simulated outage)',
				});
				break;
			case 'rate-limit':
				logged(429, 'rate-limit');
				this.send(
					res,
					429,
					{ type: 'ERR_RATE_LIMIT', message: 'Too many requests (simulated)' },
					{ 'Retry-After': fault.retryAfter },
				);
				break;
			case 'error':
				// Injected infrastructure failures use a real 5xx on both endpoints: only
				// application errors of the single endpoint travel with status 200.
				logged(fault.status, 'error');
				this.send(res, fault.status, {
					type: 'ERR_DB_READ',
					message: 'Database failure (simulated)',
				});
				break;
		}
		return true;
	}

	/** A resource with its validators, or 304 when the client's copy is current. */
	private sendResource(
		req: IncomingMessage,
		res: ServerResponse,
		result: { body: string; updatedAt: number | undefined },
		logged: Logger,
	): void {
		if (!this.setup.conditional) {
			logged(200);
			this.send(res, 200, result.body);
			return;
		}
		const validators = validatorsFor(result.body, result.updatedAt);
		const headers: Record<string, string> = { ETag: validators.etag };
		if (validators.lastModified) headers['Last-Modified'] = validators.lastModified;
		// Revalidate every time: tests mutate the catalogue between requests, and without this
		// a browser would apply heuristic freshness from Last-Modified.
		headers['Cache-Control'] = 'no-cache';
		if (isNotModified(req.headers, validators)) {
			logged(304);
			this.setup.stats.answered(304);
			res.writeHead(304, { ...CORS, ...headers });
			res.end();
			return;
		}
		logged(200);
		this.send(res, 200, result.body, headers);
	}

	private preflight(req: IncomingMessage, res: ServerResponse): void {
		this.setup.stats.answered(204);
		res.writeHead(204, {
			...CORS,
			'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
			'Access-Control-Allow-Headers':
				req.headers['access-control-request-headers'] ?? 'Accept, If-None-Match, If-Modified-Since',
			'Access-Control-Max-Age': '86400',
			'Content-Length': '0',
		});
		res.end();
	}

	private send(
		res: ServerResponse,
		status: number,
		body: string | ApiError,
		headers: Record<string, string> = {},
	): void {
		const text = typeof body === 'string' ? body : JSON.stringify(body);
		this.setup.stats.answered(status);
		res.writeHead(status, {
			...CORS,
			'Content-Type': JSON_TYPE,
			'Content-Length': String(Buffer.byteLength(text)),
			...headers,
		});
		res.end(text);
	}

	private sleep(ms: number): Promise<void> {
		return new Promise((resolve) => {
			const timer = setTimeout(() => {
				this.timers.delete(timer);
				resolve();
			}, ms);
			this.timers.add(timer);
		});
	}
}

/** Path and query from the request target, without URL normalisation (see routes.ts). */
function splitTarget(target: string): { path: string; query: URLSearchParams } {
	let raw = target;
	// Absolute-form targets (sent to proxies): keep only path and query.
	if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw))
		raw = raw.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '') || '/';
	const hash = raw.indexOf('#');
	if (hash >= 0) raw = raw.slice(0, hash);
	const q = raw.indexOf('?');
	return q < 0
		? { path: raw, query: new URLSearchParams() }
		: { path: raw.slice(0, q), query: new URLSearchParams(raw.slice(q + 1)) };
}

function listenOn(server: Server, port: number, host: string): Promise<void> {
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => {
			server.off('error', reject);
			resolve();
		});
	});
}

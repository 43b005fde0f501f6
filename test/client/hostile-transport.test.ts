import { afterEach, describe, expect, it } from 'vitest';
import {
	type AudioReviewsError,
	type ClientOptions,
	createClient,
	NetworkError,
	RedirectError,
	ResponseFormatError,
	ResponseTooLargeError,
	ServiceError,
	TimeoutError,
} from '../../integration/src/entries/client.js';
import {
	closedPortUrl,
	endlessBody,
	GZIP_BOMB_BYTES,
	gzipBomb,
	type HostileService,
	hang,
	redirectTo,
	useHostileServices,
} from '../helpers/hostile-service.js';
import { sendJson } from '../helpers/http-server.js';

/** Fast retry timing: these tests are about what is retried, not how long the waits are. */
const fast = { retryBaseDelayMs: 5, retryMaxDelayMs: 20 } as const;
const LIST = 'GET /ws/websites/{websiteId}/products';

const { hostile } = useHostileServices(afterEach);

const clientOf = (service: HostileService, extra: Partial<ClientOptions> = {}) =>
	createClient({ baseUrl: service.url, websiteId: service.websiteId, ...fast, ...extra });

async function failure<T extends AudioReviewsError>(promise: Promise<unknown>): Promise<T> {
	return (await promise.then(
		() => expect.unreachable('expected the call to fail'),
		(error: unknown) => error,
	)) as T;
}

describe('a 304 Not Modified nobody asked for', () => {
	it('fails the list request naming the endpoint, without retrying', async () => {
		const service = await hostile({
			misbehave: (_req, res) => {
				res.writeHead(304).end();
				return true;
			},
		});
		const error = await failure<ResponseFormatError>(clientOf(service).listProducts());
		expect(error).toBeInstanceOf(ResponseFormatError);
		expect(error.message).toMatch(
			/^The service answered 304 Not Modified to a request that sent no validators \(If-None-Match, If-Modified-Since\): there is no copy to reuse \(locale fr, HTTP 304, endpoint GET \/ws\/websites\/\{websiteId\}\/products, url /,
		);
		expect(service.count('list')).toBe(1);
	});

	it('fails the single-product request naming the ref', async () => {
		const service = await hostile({
			misbehave: (_req, res) => {
				res.writeHead(304).end();
				return true;
			},
		});
		const error = await failure<ResponseFormatError>(clientOf(service).getProduct('SKU-1'));
		expect(error).toBeInstanceOf(ResponseFormatError);
		expect(error.ref).toBe('SKU-1');
		expect(error.endpoint).toBe('getProduct');
		expect(error.message).toContain('304 Not Modified to a request that sent no validators');
	});
});

describe('redirects', () => {
	it('never carries the request headers to another origin, and says where the redirect pointed', async () => {
		const elsewhere = await hostile({});
		const service = await hostile({
			misbehave: (req, res) => redirectTo(res, `${elsewhere.url}${req.path}`),
		});
		const client = clientOf(service, { headers: { Authorization: 'Bearer shop-secret' } });
		const error = await failure<RedirectError>(client.listProducts());
		expect(error).toBeInstanceOf(RedirectError);
		expect(error.message).toContain(
			`The service redirected (HTTP 302) to another origin, "${elsewhere.url}/ws/websites/${service.websiteId}/products"; not followed, so the request headers are never sent there. If the service moved, set \`baseUrl\` to its new address`,
		);
		expect(service.seen[0]!.headers.authorization).toBe('Bearer shop-secret');
		expect(elsewhere.seen).toHaveLength(0);
		// Deterministic: the same request gets the same redirect, so it is not retried.
		expect(service.count('list')).toBe(1);
	});

	it('follows a redirect within the same origin, headers included', async () => {
		const service = await hostile({
			misbehave: (req, res) =>
				req.query.has('moved') ? false : redirectTo(res, `${req.path}?moved=1&limit=3`, 307),
		});
		const page = await clientOf(service, { headers: { 'X-Shop': 'demo' } }).listProducts();
		expect(page.items).toHaveLength(3);
		expect(service.seen.map((r) => r.headers['x-shop'])).toEqual(['demo', 'demo']);
	});

	it('ends a redirect loop after 5 redirects with a message that says so', async () => {
		const service = await hostile({ misbehave: (req, res) => redirectTo(res, req.path) });
		const error = await failure<RedirectError>(clientOf(service).listProducts());
		expect(error).toBeInstanceOf(RedirectError);
		expect(error.message).toMatch(
			/^Gave up after 5 redirects in a row \(a redirect loop\?\); the last one pointed to "http:\/\/127\.0\.0\.1:\d+\/ws\/websites\/[^"]+\/products"/,
		);
		expect(service.seen).toHaveLength(6);
	});
});

describe("the service's own text in errors", () => {
	it('quotes `message` on one line, control characters escaped, cut to 200 characters', async () => {
		const forged = `Boom\n[build] Complete!\r\u001b[2K\u009b31m${'x'.repeat(500)}`;
		const service = await hostile({
			misbehave: (_req, res) => {
				sendJson(res, 400, { type: 'ERR_INPUT_VALIDATION', message: forged });
				return true;
			},
		});
		const error = await failure<ServiceError>(clientOf(service).listProducts());
		expect(error).toBeInstanceOf(ServiceError);
		expect(error.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
		expect(error.message).toMatch(
			/^The service rejected a query parameter: "Boom\\n\[build\] Complete!\\r\\u001b\[2K\\u009b31mx{169}…" \(locale fr, type ERR_INPUT_VALIDATION, HTTP 400, endpoint /,
		);
		// The raw text stays available to code, never to logs.
		expect(error.serviceMessage).toBe(forged);
	});
});

describe('response size', () => {
	it('stops reading a body that never ends at `maxResponseBytes`, and does not retry', async () => {
		const service = await hostile({ misbehave: (_req, res) => endlessBody(res) });
		const error = await failure<ResponseTooLargeError>(
			clientOf(service, { maxResponseBytes: 1024 * 1024 }).listProducts(),
		);
		expect(error).toBeInstanceOf(ResponseTooLargeError);
		expect(error.message).toMatch(
			/^The response body exceeded `maxResponseBytes` \(1048576 bytes, counted decompressed\); reading stopped there\. Raise `maxResponseBytes` if the service really sends pages this large, or lower `pageSize` \(locale fr, HTTP 200, endpoint GET \/ws\/websites\/\{websiteId\}\/products/,
		);
		expect(service.count('list')).toBe(1);
	});

	it('counts decompressed bytes: a gzip bomb stops at the cap after one request', async () => {
		const service = await hostile({ misbehave: (_req, res) => gzipBomb(res) });
		const cap = 1024 * 1024;
		const error = await failure<ResponseTooLargeError>(
			clientOf(service, { maxResponseBytes: cap }).getProduct('SKU-1'),
		);
		expect(error).toBeInstanceOf(ResponseTooLargeError);
		expect(GZIP_BOMB_BYTES).toBeGreaterThan(cap * 16);
		expect(service.count('single')).toBe(1);
	});

	it('does not retry a complete body that is not JSON', async () => {
		const service = await hostile({
			misbehave: (_req, res) => {
				res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
				return true;
			},
		});
		const error = await failure<ResponseFormatError>(clientOf(service).listProducts());
		expect(error).toBeInstanceOf(ResponseFormatError);
		expect(error.message).toContain('Expected a JSON body, got "<html>maintenance</html>"');
		expect(service.count('list')).toBe(1);
	});
});

describe('the retry budget is a deadline', () => {
	it('stops the attempt in flight when the budget runs out, instead of letting it run its whole timeout', async () => {
		// Attempt 1 fails at once (a retryable 503); attempt 2 hangs, and is cut by what is left of
		// the 2 s budget, long before its own minute. Only a stall of seconds could change the count.
		const service = await hostile({
			misbehave: (_request, res, self) => {
				if (self.seen.length > 1) return hang();
				sendJson(res, 503, { type: 'ERR_DB_READ' });
				return true;
			},
		});
		const client = clientOf(service, { timeoutMs: 60_000, retryBudgetMs: 2_000, retries: 5 });
		const error = await failure<TimeoutError>(client.listProducts());
		expect(error).toBeInstanceOf(TimeoutError);
		expect(error.message).toMatch(
			/^No response within the retry budget of 2000 ms \(the attempt in flight was stopped at the deadline\) \(locale fr, 2 attempts, endpoint /,
		);
		expect(error.attempts).toBe(2);
		expect(service.count('list')).toBe(2);
	});
});

describe('messages that tell the fix', () => {
	it('a closed port: a hint naming baseUrl after 3 quick attempts, not 9 silent ones', async () => {
		const baseUrl = await closedPortUrl();
		const client = createClient({
			baseUrl,
			websiteId: '0b8f6a8e-5a0c-4d7e-9b1f-2c3d4e5f6a7b',
			...fast,
		});
		const error = await failure<NetworkError>(client.listProducts());
		expect(error).toBeInstanceOf(NetworkError);
		const port = new URL(baseUrl).port;
		expect(error.message).toBe(
			`Request failed: connect ECONNREFUSED 127.0.0.1:${port}; is the service running at ${baseUrl}? Check \`baseUrl\` and that the service is started ` +
				`(locale fr, 3 attempts, endpoint ${LIST}, url ${baseUrl}/ws/websites/0b8f6a8e-5a0c-4d7e-9b1f-2c3d4e5f6a7b/products?locale=fr&without=inactive&limit=100)`,
		);
		expect(error.attempts).toBe(3);
	});

	it('a baseUrl ending in /ws: the 404 names the doubled segment and the baseUrl to use', async () => {
		const service = await hostile({});
		const client = createClient({
			baseUrl: `${service.url}/ws`,
			websiteId: service.websiteId,
			...fast,
		});
		const error = await failure<ServiceError>(client.getProduct('SKU-1'));
		expect(error).toBeInstanceOf(ServiceError);
		expect(error.message).toBe(
			`The service answered HTTP 404: "No such route"; \`baseUrl\` ends in "/ws", a path the client adds itself (so the request asked for /ws/ws…): set \`baseUrl\` to "${service.url}" ` +
				`(product ref "SKU-1", type ERR_NOT_FOUND, HTTP 404, endpoint GET /ws/websites/{websiteId}/products/{productRef}, url ${service.url}/ws/ws/websites/${service.websiteId}/products/SKU-1)`,
		);
		expect(service.seen[0]!.path).toMatch(/^\/ws\/ws\/websites\//);
	});
});

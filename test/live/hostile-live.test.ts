import { ServiceError, TimeoutError, WrongProductError } from 'astro-audio-reviews/client';
import {
	type LiveEntryResultLike,
	type LivePageContext,
	liveProductPage,
} from 'astro-audio-reviews/live';
import { LIVE_REQUEST_DEFAULTS, productsLiveLoader } from 'astro-audio-reviews/loaders';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
	type HostileService,
	type HostileServiceOptions,
	hang,
	makeCatalogue,
	startHostileService,
} from '../helpers/hostile-service.js';

const open: HostileService[] = [];
afterEach(async () => {
	vi.restoreAllMocks();
	await Promise.all(open.splice(0).map((service) => service.close()));
});

async function hostile(options: HostileServiceOptions): Promise<HostileService> {
	const service = await startHostileService(options);
	open.push(service);
	return service;
}

/** What an on-demand product page does with the loader's answer: `getLiveEntry()`, then `liveProductPage()`. */
async function renderPage(
	service: HostileService,
	ref: string,
	extra: Record<string, unknown> = {},
) {
	const loader = productsLiveLoader({
		baseUrl: service.url,
		websiteId: service.websiteId,
		retryBaseDelayMs: 5,
		retryMaxDelayMs: 20,
		...extra,
	});
	const result = (await loader.loadEntry({
		filter: { ref },
		collection: 'products',
	})) as LiveEntryResultLike;
	// Astro's request logger, here the console the test watches.
	const astro = {
		cache: { enabled: false },
		response: { headers: new Headers() },
		logger: console,
	} as unknown as LivePageContext;
	return { result, page: liveProductPage(astro, result, { ref }) };
}

describe('on-demand pages against a service that breaks its contract', () => {
	it('never serves product B at /products/A/: the wrong answer is a 502 naming both refs in the server log', async () => {
		const [a, b] = makeCatalogue(2);
		const service = await hostile({
			catalogue: [a!, b!],
			misbehave: (_req, res) => {
				res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(b));
				return true;
			},
		});
		const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
		const { result, page } = await renderPage(service, 'SKU-0');
		expect(result.error).toBeInstanceOf(WrongProductError);
		expect(page).toBeInstanceOf(Response);
		const response = page as Response;
		expect(response.status).toBe(502);
		expect(await response.text()).not.toContain('SKU-1');
		expect(logged.mock.calls[0]![0]).toContain(
			'The single-product endpoint answered product "SKU-1" for the requested ref "SKU-0"; refusing to publish another product under this ref (product ref "SKU-0", locale fr, HTTP 200, endpoint GET /ws/websites/{websiteId}/products/{productRef}',
		);
	});

	it("logs the service's message on one line, escaped and cut", async () => {
		const forged = `db down\n[200] GET /products/x/ 3ms\u001b[0m${'y'.repeat(1_000)}`;
		const service = await hostile({
			misbehave: (_req, res) => {
				res
					.writeHead(200, { 'content-type': 'application/json' })
					.end(JSON.stringify({ type: 'ERR_SOMETHING', message: forged }));
				return true;
			},
		});
		const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
		const { result, page } = await renderPage(service, 'SKU-0');
		expect(result.error).toBeInstanceOf(ServiceError);
		expect((page as Response).status).toBe(503);
		const line = String(logged.mock.calls[0]![0]);
		expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
		expect(line).toContain(
			'The service returned an error: "db down\\n[200] GET /products/x/ 3ms\\u001b[0myyy',
		);
		expect(line.length).toBeLessThan(600);
	});

	it('a hung service gives 503 when the documented 8 s budget runs out, the attempt in flight included', async () => {
		const service = await hostile({ misbehave: () => hang() });
		vi.spyOn(console, 'error').mockImplementation(() => undefined);
		// Request-time defaults as documented: 5 s per attempt, 8 s in all.
		const { result, page } = await renderPage(service, 'SKU-0', {
			retryBaseDelayMs: LIVE_REQUEST_DEFAULTS.retryBaseDelayMs,
			retryMaxDelayMs: LIVE_REQUEST_DEFAULTS.retryMaxDelayMs,
		});
		expect(result.error).toBeInstanceOf(TimeoutError);
		expect(result.error!.message).toMatch(
			/^No response within the visitor's deadline \(the retry budget of 8000 ms, counted from the request\) \(the attempt in flight was stopped at the deadline\) \(product ref "SKU-0", locale fr, 2 attempts, /,
		);
		expect((page as Response).status).toBe(503);
		expect(service.count('single')).toBe(2);
	});
});

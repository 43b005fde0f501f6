import { afterEach, describe, expect, it } from 'vitest';
import { WrongProductError } from '../../integration/src/entries/client.js';
import { productsLoader } from '../../integration/src/entries/loaders.js';
import {
	type HostileService,
	makeCatalogue,
	startHostileService,
} from '../helpers/hostile-service.js';
import { createLoaderContext } from '../helpers/loader-context.js';

let service: HostileService | undefined;
afterEach(async () => {
	await service?.close();
	service = undefined;
});

describe('refs mode against a service that answers another product', () => {
	it('fails the build naming the endpoint and both refs, and stores nothing', async () => {
		const catalogue = makeCatalogue(3);
		// The single-product endpoint answers SKU-2 when asked for SKU-1.
		service = await startHostileService({
			catalogue,
			misbehave: (request, res) => {
				if (request.ref !== 'SKU-1') return false;
				res
					.writeHead(200, { 'content-type': 'application/json' })
					.end(JSON.stringify(catalogue[2]));
				return true;
			},
		});
		const t = createLoaderContext();
		const loader = productsLoader({
			baseUrl: service.url,
			websiteId: service.websiteId,
			refs: ['SKU-0', 'SKU-1'],
			retryBaseDelayMs: 5,
			retryMaxDelayMs: 20,
		});
		const error = await loader.load(t.context).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(WrongProductError);
		expect((error as WrongProductError).message).toBe(
			'The single-product endpoint answered product "SKU-2" for the requested ref "SKU-1"; refusing to publish another product under this ref ' +
				`(product ref "SKU-1", locale fr, HTTP 200, endpoint GET /ws/websites/{websiteId}/products/{productRef}, url ${service.url}/ws/websites/${service.websiteId}/products/SKU-1?locale=fr)`,
		);
		expect((error as WrongProductError).receivedRef).toBe('SKU-2');
		expect(t.entries.size).toBe(0);
		// A contract break is not retried: the same request gets the same wrong answer.
		expect(service.seen.filter((r) => r.ref === 'SKU-1')).toHaveLength(1);
	});
});

import { afterEach, describe, expect, it } from 'vitest';
import {
	CatalogueSyncError,
	createClient,
	syncCatalogue,
} from '../../integration/src/entries/client.js';
import { useHostileServices } from '../helpers/hostile-service.js';
import { LYING_SERVICES } from '../helpers/lying-services.js';

/**
 * The build's walk of the catalogue against the shared table of lying list endpoints
 * (test/helpers/lying-services.ts; the on-demand walkers run it in test/live/lying-lists.test.ts):
 * `count_item` is a claim the walk checks, never where it stops.
 */
const { hostile } = useHostileServices(afterEach);
const query = { locale: 'fr', without: 'inactive' } as const;
const ids = (items: unknown[]) => items.map((item) => (item as { id: string }).id);

describe('the build-time sync against a lying list endpoint', () => {
	for (const lie of LYING_SERVICES) {
		for (const pageSize of lie.pageSizes) {
			it(`${lie.name}, pages of ${pageSize}: ${lie.expected === 'exact' ? 'exactly the catalogue' : 'a named failure'}`, async () => {
				const service = await hostile(lie.service());
				const client = createClient({
					baseUrl: service.url,
					websiteId: service.websiteId,
					retryBaseDelayMs: 5,
					retryMaxDelayMs: 20,
				});
				const outcome = await syncCatalogue(client, { query, pageSize }).catch(
					(error: unknown) => error,
				);
				if (lie.expected === 'exact') {
					expect(outcome).not.toBeInstanceOf(Error);
					expect(ids((outcome as { items: unknown[] }).items)).toEqual(
						service.catalogue.map((product) => product.id),
					);
					return;
				}
				expect(outcome).toBeInstanceOf(CatalogueSyncError);
				expect((outcome as Error).message).toMatch(lie.expected);
				expect((outcome as Error).message).toContain(
					'endpoint GET /ws/websites/{websiteId}/products',
				);
			});
		}
	}
});

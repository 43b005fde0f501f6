import { afterAll, beforeAll } from 'vitest';
import { type AudioReviewsClient, createClient } from '../../integration/src/entries/client.js';
import { type Simulator, startSimulator } from '../../simulator/src/index.js';

/** What test/client/client*.test.ts share: the adversarial simulator and a client of it. */

/** Fast retry timing for tests; the timing rules themselves are unit-tested. */
export const fast = { retryBaseDelayMs: 5, retryMaxDelayMs: 20 } as const;

export let sim: Simulator;
export let client: AudioReviewsClient;

/** Starts the simulator of 60 products (two locales) and a client of it for a test file's tests. */
export function useSimulatedService(): void {
	beforeAll(async () => {
		sim = await startSimulator({
			products: 60,
			locales: ['fr', 'en'],
			seed: 11,
			adversarial: true,
		});
		client = createClient({ baseUrl: sim.baseUrl, websiteId: sim.websiteId, ...fast });
	});
	afterAll(() => sim.close());
}

import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';
import { createClient, TimeoutError } from '../../integration/src/entries/client.js';
import { makeCatalogue, useHostileServices } from '../helpers/hostile-service.js';

/**
 * A request with a caller's `deadline` (what the live loader gives a visitor's page) counts the
 * time it waits behind `concurrency`: still queued at the deadline, it fails then, and never
 * reaches the service when its turn comes.
 */
const { hostile } = useHostileServices(afterEach);

it('fails a request still queued at its deadline, at the deadline, without ever sending it', async () => {
	const service = await hostile({
		catalogue: makeCatalogue(10),
		misbehave: async () => {
			await sleep(1000);
			return false;
		},
	});
	const client = createClient({
		baseUrl: service.url,
		websiteId: service.websiteId,
		concurrency: 1,
		retries: 0,
		timeoutMs: 5000,
	});
	// A request without a deadline (a build's) holds the only slot for a second.
	const first = client.getProduct('SKU-1');
	const started = Date.now();
	const queued = await Promise.all(
		['SKU-2', 'SKU-3'].map((ref) =>
			client.getProduct(ref, {}, { deadline: started + 300 }).catch((error: unknown) => error),
		),
	);
	const waited = Date.now() - started;
	for (const outcome of queued) {
		expect(outcome).toBeInstanceOf(TimeoutError);
		expect((outcome as Error).message).toMatch(
			/^No response by the visitor's deadline: the request waited behind `concurrency` others/,
		);
	}
	// Answered at the deadline, not when the slot frees a second later.
	expect(waited).toBeLessThan(900);
	expect((await first).external_id).toBe('SKU-1');
	// Their turns come after the first answer: nothing is sent for them.
	await sleep(100);
	expect(service.count('single')).toBe(1);
});

it('does not send an attempt with less time left than the service lately takes to answer', async () => {
	const service = await hostile({
		catalogue: makeCatalogue(10),
		misbehave: async () => {
			await sleep(400);
			return false;
		},
	});
	const client = createClient({
		baseUrl: service.url,
		websiteId: service.websiteId,
		concurrency: 1,
		retries: 0,
		timeoutMs: 5000,
	});
	await client.getProduct('SKU-0');
	const deadline = Date.now() + 600;
	const [first, second] = await Promise.all(
		['SKU-1', 'SKU-2'].map((ref) =>
			client.getProduct(ref, {}, { deadline }).catch((error: unknown) => error),
		),
	);
	expect((first as { external_id: string }).external_id).toBe('SKU-1');
	// Its turn comes at about 400 ms, with about 200 ms left for a service that takes 400.
	expect(second).toBeInstanceOf(TimeoutError);
	expect((second as Error).message).toMatch(
		/^No response within the visitor's deadline: \d+ ms were left and the service lately answers in about \d+ ms, so the request was not sent/,
	);
	expect(service.count('single')).toBe(2);
});

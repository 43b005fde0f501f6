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
	// The first request's answer waits until the test lets it go: the slot is held by an event,
	// not by a time a busy machine could overrun.
	let release = () => {};
	const held = new Promise<void>((resolve) => {
		release = resolve;
	});
	const service = await hostile({
		catalogue: makeCatalogue(10),
		misbehave: async (request) => {
			if (request.ref === 'SKU-1') await held;
			return false;
		},
	});
	const client = createClient({
		baseUrl: service.url,
		websiteId: service.websiteId,
		concurrency: 1,
		retries: 0,
		timeoutMs: 60_000,
	});
	try {
		// A request without a deadline (a build's) holds the only slot.
		let firstAnswered = false;
		const first = client.getProduct('SKU-1').finally(() => {
			firstAnswered = true;
		});
		const deadline = Date.now() + 300;
		const queued = await Promise.all(
			['SKU-2', 'SKU-3'].map((ref) =>
				client.getProduct(ref, {}, { deadline }).catch((error: unknown) => error),
			),
		);
		for (const outcome of queued) {
			expect(outcome).toBeInstanceOf(TimeoutError);
			expect((outcome as Error).message).toMatch(
				/^No response by the visitor's deadline: the request waited behind `concurrency` others/,
			);
		}
		// Answered at the deadline, while the slot was still held: not when it freed.
		expect(firstAnswered).toBe(false);
		release();
		expect((await first).external_id).toBe('SKU-1');
		// Their turns came after the first answer, before this request's: nothing was sent for them.
		expect((await client.getProduct('SKU-4')).external_id).toBe('SKU-4');
		expect(service.seen.filter((request) => request.kind === 'single').map((r) => r.ref)).toEqual([
			'SKU-1',
			'SKU-4',
		]);
	} finally {
		release();
	}
});

it('does not send an attempt with less time left than the service lately takes to answer', async () => {
	const service = await hostile({
		catalogue: makeCatalogue(10),
		misbehave: async (request) => {
			// The first answer takes a second: from it the client learns the service is slow.
			if (request.ref === 'SKU-0') await sleep(1000);
			return false;
		},
	});
	const client = createClient({
		baseUrl: service.url,
		websiteId: service.websiteId,
		retries: 0,
		timeoutMs: 60_000,
	});
	await client.getProduct('SKU-0');
	// A minute left: sent. The answer is quick, and the service's usual time stays at 700 ms or
	// more (a moving average of a second and this one); a busy machine only makes it longer.
	const first = await client.getProduct('SKU-1', {}, { deadline: Date.now() + 60_000 });
	expect(first.external_id).toBe('SKU-1');
	// Half a second left, less than that: not sent.
	const second = await client
		.getProduct('SKU-2', {}, { deadline: Date.now() + 500 })
		.catch((error: unknown) => error);
	expect(second).toBeInstanceOf(TimeoutError);
	expect((second as Error).message).toMatch(
		/^No response within the visitor's deadline: \d+ ms were left and the service lately answers in about \d+ ms, so the request was not sent/,
	);
	expect(service.count('single')).toBe(2);
});

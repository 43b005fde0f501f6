import pLimit from 'p-limit';
import { CachePurgeError, type FailedCacheNode } from '../errors/errors.js';
import { type PurgeOutcome, recordPurge } from '../metrics/instruments.js';
import { exchange } from '../network/exchange.js';
import { describeNetworkFailure } from '../network/wording.js';
import { purgeBatches } from './purge-batches.js';

/** Request and answer headers between the provider and the package's VCL. */
export const PURGE_KEYS_HEADER = 'AAR-Purge-Keys';
export const PURGE_SECRET_HEADER = 'AAR-Purge-Secret';
/** Only the package's VCL answers with it: a 200 from anything else is no confirmation. */
export const PURGE_CONFIRMED_HEADER = 'AAR-Purge';

export interface PurgeTarget {
	nodes: readonly string[];
	/** Sent to every node when set; varnishd holds the same value in its environment. */
	secret: string | undefined;
	timeoutMs: number;
	/** Injectable for tests; `globalThis.fetch` otherwise. */
	fetch?: typeof globalThis.fetch | undefined;
}

/** Batches in flight to one node at once: enough for a 1,000-ref purge, few enough not to queue. */
const PER_NODE_CONCURRENCY = 4;

/**
 * Purges `tags` on every node at once (xkey's hard purge: the objects are gone, not stale).
 * Resolves when every node confirmed every batch; otherwise, once each node has answered or
 * timed out, throws a `CachePurgeError` naming each node that did not confirm. A failing node
 * never stops the others.
 */
export async function purgeEveryNode(target: PurgeTarget, tags: readonly string[]): Promise<void> {
	const batches = purgeBatches(tags);
	if (batches.length === 0) return;
	const results = await Promise.all(target.nodes.map((node) => purgeNode(node, batches, target)));
	const failed = results.filter((result): result is FailedCacheNode => result !== undefined);
	if (failed.length > 0) throw new CachePurgeError(failed, target.nodes.length);
}

async function purgeNode(
	node: string,
	batches: readonly string[],
	target: PurgeTarget,
): Promise<FailedCacheNode | undefined> {
	const limit = pLimit(PER_NODE_CONCURRENCY);
	let failure: BatchFailure | undefined;
	const startedAt = performance.now();
	// After a node's first refusal its batches still queued are not sent: the purge has failed.
	await limit.map(batches, async (batch) => {
		if (failure !== undefined) return;
		// Read after the await: a batch confirmed late never hides another's failure.
		const result = await purgeBatch(node, batch, target);
		failure ??= result;
	});
	recordPurge(node, failure?.outcome ?? 'ok', (performance.now() - startedAt) / 1000);
	return failure === undefined ? undefined : { node, reason: failure.reason };
}

interface BatchFailure {
	reason: string;
	outcome: Exclude<PurgeOutcome, 'ok'>;
}

/** Why one purge request was not confirmed, or undefined when it was. */
async function purgeBatch(
	node: string,
	keys: string,
	target: PurgeTarget,
): Promise<BatchFailure | undefined> {
	const headers: Record<string, string> = { [PURGE_KEYS_HEADER]: keys };
	if (target.secret) headers[PURGE_SECRET_HEADER] = target.secret;
	const answer = await exchange(
		{ method: 'PURGE', url: new URL('/', node), template: '/', headers },
		{
			fetch: target.fetch,
			timeoutMs: target.timeoutMs,
			read: async (response) => {
				await response.body?.cancel().catch(() => undefined);
				return {
					confirmed: response.headers.get(PURGE_CONFIRMED_HEADER) === 'done',
					statusText: response.statusText,
				};
			},
		},
	);
	if (!answer.ok)
		return {
			reason: describeNetworkFailure(answer.failure, 'the node'),
			outcome: answer.failure.kind === 'timeout' ? 'timeout' : 'error',
		};
	if (answer.status === 200 && answer.value.confirmed) return undefined;
	if (answer.status === 200)
		return { reason: 'answered 200 without the package VCL confirmation', outcome: 'refused' };
	// Varnish's synthetic answers carry the reason in the status line.
	const status = `HTTP ${answer.status} ${answer.value.statusText.slice(0, 120)}`.trim();
	return { reason: status, outcome: 'refused' };
}

/**
 * Vercel's Node runtime gives each request a context behind this symbol, its purge API among the
 * rest; `@vercel/functions` reads it the same way, and resolves its purges without a word when the
 * API is absent (`vercel dev`, a copy of the build run elsewhere), which the webhook must not.
 */
const REQUEST_CONTEXT = Symbol.for('@vercel/request-context');

/** The part of Vercel's purge API the webhook calls; each takes a tag or a list of tags. */
export interface VercelPurgeApi {
	invalidateByTag(tags: string | string[]): Promise<void>;
	dangerouslyDeleteByTag(
		tags: string | string[],
		options?: { revalidationDeadlineSeconds?: number },
	): Promise<void>;
}

interface RequestContextSlot {
	get?: () => { purge?: Partial<VercelPurgeApi> } | undefined;
}

/** The purge API of the request being served, when Vercel's runtime gave one. */
export function vercelPurgeApi(): VercelPurgeApi | undefined {
	const slot = (globalThis as { [REQUEST_CONTEXT]?: RequestContextSlot })[REQUEST_CONTEXT];
	const purge = slot?.get?.()?.purge;
	return typeof purge?.invalidateByTag === 'function' &&
		typeof purge.dangerouslyDeleteByTag === 'function'
		? (purge as VercelPurgeApi)
		: undefined;
}

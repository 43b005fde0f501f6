import { z } from 'astro/zod';

/** One set of limits for both webhooks (dev refresh, invalidation), so neither is looser. */
export const WEBHOOK_LIMITS = {
	/** Bodies are a few refs; anything larger is not a webhook of ours. */
	maxBodyBytes: 64 * 1024,
	maxRefs: 1000,
	maxRefLength: 512,
} as const;

const REF = z.string().min(1).max(WEBHOOK_LIMITS.maxRefLength);

/** A webhook's JSON body: `{}`, `{ "ref": "…" }`, `{ "refs": ["…"] }` or both fields; nothing else. */
export const WEBHOOK_BODY = z.strictObject({ ref: REF.optional(), refs: z.array(REF).optional() });

import type { HookParameters } from 'astro';
import { z } from 'astro/zod';
import { virtualLiveConfigPlugin } from '../on-demand/virtual-live-config.js';
import type { PurgedPagesConfig } from './index-now-option.js';
import { envVarName } from './rules.js';
import { websiteIdSchema } from './shared-options.js';

export const DEFAULT_INVALIDATE_ROUTE = '/_audio-reviews/invalidate';
export const DEFAULT_SECRET_ENV = 'AUDIO_REVIEWS_WEBHOOK_SECRET';

/** The `invalidate` option of `audioReviews()`: injects the webhook route that purges cached pages. */
export const invalidateOptionSchema = z
	.object({
		websiteId: websiteIdSchema('Expected `invalidate.websiteId` to be the website UUID the live loader uses (its cache tags embed it)'),
		route: z
			.string()
			.regex(/^\/[A-Za-z0-9_\-/.]*$/, {
				message: 'Expected `invalidate.route` to be a static path starting with "/", e.g. "/_audio-reviews/invalidate"',
			})
			.refine((value) => !value.includes('..') && !value.includes('//'), { message: 'Expected `invalidate.route` to hold no ".." or "//"' })
			.default(DEFAULT_INVALIDATE_ROUTE),
		secretEnv: envVarName('invalidate.secretEnv', 'AUDIO_REVIEWS_WEBHOOK_SECRET').default(DEFAULT_SECRET_ENV),
	})
	.strict();

type ResolvedInvalidateOption = z.output<typeof invalidateOptionSchema>;

/** Registers the endpoint as an on-demand route (it needs an adapter, as any on-demand route). */
export function injectInvalidateRoute(
	option: ResolvedInvalidateOption | undefined,
	hook: Pick<HookParameters<'astro:config:setup'>, 'injectRoute' | 'updateConfig'>,
	indexNow?: PurgedPagesConfig,
): void {
	if (!option) return;
	const config = { websiteId: option.websiteId, secretEnv: option.secretEnv, ...(indexNow ? { indexNow } : {}) };
	hook.updateConfig({ vite: { plugins: [virtualLiveConfigPlugin(config)] } });
	const route = option.route.length > 1 ? option.route.replace(/\/+$/, '') : option.route;
	hook.injectRoute({ pattern: route, entrypoint: new URL('../../pages/invalidate.ts', import.meta.url), prerender: false });
}

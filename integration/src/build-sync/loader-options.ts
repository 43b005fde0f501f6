import { z } from 'astro/zod';
import { parseOptions } from '../options/parse-options.js';
import { flag } from '../options/rules.js';
import {
	type ResolvedSharedOptions,
	type SharedOptions,
	sharedOptionsSchema,
} from '../options/shared-options.js';

/** Options only the build-time loader has: they guard what a deploy-hook rebuild may publish. */
export const BUILD_DEFAULTS = {
	/** More than half the catalogue gone at once is far more often an upstream accident than a sale ending. */
	maxShrink: 0.5,
	lastKnownGood: false,
	conditional: true,
} as const;

/** Environment variables a CI job or deploy hook can set without touching the config. */
export const ENV = {
	allowShrink: 'AUDIO_REVIEWS_ALLOW_SHRINK',
	lastKnownGood: 'AUDIO_REVIEWS_LAST_KNOWN_GOOD',
} as const;

const MAX_SHRINK_HINT =
	'Expected `maxShrink` to be a fraction from 0 to 1 (e.g. 0.5: fail when more than half the products disappear), or false to turn the guard off';

const buildOptionsSchema = z.object({
	maxShrink: z
		.union(
			[
				z.number().min(0, { message: MAX_SHRINK_HINT }).max(1, { message: MAX_SHRINK_HINT }),
				z.literal(false),
			],
			{
				message: MAX_SHRINK_HINT,
			},
		)
		.default(BUILD_DEFAULTS.maxShrink),
	lastKnownGood: flag('lastKnownGood').default(BUILD_DEFAULTS.lastKnownGood),
	conditional: flag('conditional').default(BUILD_DEFAULTS.conditional),
});

const productsLoaderSchema = sharedOptionsSchema.extend(buildOptionsSchema.shape).strict();

/** `productsLoader()` options: the shared ones (docs/options.md, the public contract) plus the rebuild guards. */
export type ProductsLoaderOptions = z.input<typeof productsLoaderSchema>;
export type ResolvedProductsLoaderOptions = z.output<typeof productsLoaderSchema>;

/** Validated at config time: a typo or a bad id fails `astro build` before any request. */
export function resolveLoaderOptions(
	options: SharedOptions,
	caller: string,
): ResolvedSharedOptions {
	return parseOptions(sharedOptionsSchema, options, caller);
}

export function resolveProductsLoaderOptions(
	options: ProductsLoaderOptions,
): ResolvedProductsLoaderOptions {
	return parseOptions(productsLoaderSchema, options, 'productsLoader');
}

/** The locales to load and how entry ids are formed (docs/options.md, "Entries"). */
export interface LocalePlan {
	locales: readonly string[];
	entryId: (locale: string, ref: string) => string;
	/** The locale of an entry id this plan formed. */
	localeOf: (id: string) => string;
}

export function localePlan(options: ResolvedSharedOptions): LocalePlan {
	const { locales } = options;
	if (locales)
		return {
			locales,
			entryId: (locale, ref) => `${locale}/${ref}`,
			localeOf: (id) => locales.find((locale) => id.startsWith(`${locale}/`)) ?? locales[0]!,
		};
	return {
		locales: [options.locale],
		entryId: (_locale, ref) => ref,
		localeOf: () => options.locale,
	};
}

/** `1`, `true` or `yes` (any case) in an environment variable. */
export function envFlag(name: string): boolean {
	return /^(1|true|yes)$/i.test(process.env[name]?.trim() ?? '');
}

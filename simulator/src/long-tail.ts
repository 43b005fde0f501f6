import { SimulatorSettingError } from './errors.js';
import { mixSeed, mulberry32 } from './random.js';

/**
 * The long tail of review counts real shops have: most products a handful of audio items, some
 * tens, a few hundreds, a bestseller above a thousand. Each share is the fraction of products in
 * that tier; 0 turns a tier off.
 */
export interface LongTailOptions {
	/** Products with 6–99 audio items per covered locale (default 0.04: one in 25). */
	tens?: number;
	/** Products with 120–999 (default 0.005: one in 200). */
	hundreds?: number;
	/** Products with 1,200–2,500 (default 0.0001: one in 10,000). */
	thousands?: number;
}

export type LongTailTier = keyof LongTailOptions;

export const DEFAULT_LONG_TAIL: Readonly<Required<LongTailOptions>> = {
	tens: 0.04,
	hundreds: 0.005,
	thousands: 0.0001,
};

/**
 * Highest first: a product chosen by two tiers takes the higher. The lower bounds leave room for
 * the items the service never sends (inactive, unvalidated, pending: about 12%), so a
 * "thousands" product still shows more than 1,000 and a "hundreds" one at least 100.
 */
const TIERS: ReadonlyArray<{ tier: LongTailTier; min: number; max: number; salt: number }> = [
	{ tier: 'thousands', min: 1_200, max: 2_500, salt: 0x1000 },
	{ tier: 'hundreds', min: 120, max: 999, salt: 0x100 },
	{ tier: 'tens', min: 6, max: 99, salt: 0x10 },
];

/**
 * The tier of product `index`, or undefined for the body of the catalogue. Stratified rather than
 * drawn per product: each run of 1/share consecutive indexes holds exactly one product of the
 * tier, at a seeded place. So a 10,000-product catalogue has exactly one bestseller whatever the
 * seed, and a product's tier still depends only on (seed, index), as everything the store
 * regenerates on demand must.
 */
export function longTailTier(
	index: number,
	seed: number,
	longTail: LongTailOptions | false | undefined,
): LongTailTier | undefined {
	if (longTail === false) return undefined;
	for (const { tier, salt } of TIERS) {
		const share = longTail?.[tier] ?? DEFAULT_LONG_TAIL[tier];
		if (!(share > 0)) continue;
		const run = Math.max(1, Math.round(1 / share));
		const chosen = Math.floor(mulberry32(mixSeed(seed, Math.floor(index / run), salt))() * run);
		if (index % run === chosen) return tier;
	}
	return undefined;
}

/**
 * Audio items of a tail product in one covered locale: log-uniform over its tier's range (as
 * many products near the bottom of a tier as in the decade above), from the product and
 * locale's own stream, so locales differ and the product's other draws stay put.
 */
export function longTailCount(
	tier: LongTailTier,
	seed: number,
	index: number,
	localeIndex: number,
): number {
	const { min, max } = TIERS.find((t) => t.tier === tier)!;
	const u = mulberry32(mixSeed(seed, index, localeIndex, 0x7a11))();
	return Math.min(max, Math.floor(min * ((max + 1) / min) ** u));
}

/** Throws a SimulatorSettingError naming the knob and the fix; `false` (no tail) and `undefined` (defaults) pass. */
export function checkLongTail(longTail: unknown): void {
	if (longTail === undefined || longTail === false) return;
	if (typeof longTail !== 'object' || longTail === null || Array.isArray(longTail))
		throw new SimulatorSettingError(
			`simulator: longTail must be false or an object such as { hundreds: 0.005 }, got ${JSON.stringify(longTail)}`,
		);
	for (const [key, share] of Object.entries(longTail)) {
		if (!(key in DEFAULT_LONG_TAIL))
			throw new SimulatorSettingError(
				`simulator: longTail.${key} is not a tier: use tens, hundreds or thousands (shares of products)`,
			);
		if (typeof share !== 'number' || !(share >= 0 && share <= 1))
			throw new SimulatorSettingError(
				`simulator: longTail.${key} must be a share of products from 0 to 1 (0.005: one product in 200; 0: none), got ${JSON.stringify(share)}`,
			);
	}
}

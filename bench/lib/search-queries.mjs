// @ts-check
/**
 * The mixed queries both search figures send: figure 6g's endpoint in PostgreSQL
 * (bench/search-postgres.mjs) and Pagefind's bytes per query in the static search figure
 * (bench/lib/search-bytes.mjs), one list so the two compare the same kind of traffic.
 */

/**
 * Queries a shopper types: product-name words, common and rare transcript words, two words,
 * one-typo words, prefixes; `count` of them, the locales taken in turn.
 * @param {Pick<import('astro-audio-reviews/simulator').Simulator, 'refs' | 'inspect'>} sim
 * @param {{ count: number; locales: readonly string[] }} options
 */
export function mixedQueries(sim, { count, locales }) {
	const names = sim
		.refs()
		.slice(0, 400)
		.map((ref) => sim.inspect(ref)?.name ?? '')
		.flatMap((name) => name.split(/\s+/))
		.filter((word) => word.length >= 5);
	const common = ['quality', 'delivery', 'excellent', 'qualité', 'livraison', 'colis', 'sound'];
	const typo = (/** @type {string} */ word) =>
		word.length >= 6 ? `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}` : word;
	/** @type {{ q: string; locale: string }[]} */
	const queries = [];
	for (let i = 0; queries.length < count; i++) {
		const name = names[i % names.length] ?? 'speaker';
		const kind = i % 5;
		const q =
			kind === 0
				? name
				: kind === 1
					? common[i % common.length]
					: kind === 2
						? `${name} ${common[(i + 3) % common.length]}`
						: kind === 3
							? typo(name.toLowerCase())
							: name.slice(0, Math.max(5, name.length - 1));
		queries.push({ q: q ?? 'quality', locale: locales[i % locales.length] ?? 'fr' });
	}
	return queries;
}

/** The `p` quantile of ascending `sorted` (0 when empty), as both figures read p50 and p95. */
export const quantile = (/** @type {number[]} */ sorted, /** @type {number} */ p) =>
	sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

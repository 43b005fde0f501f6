/**
 * mulberry32: a tiny seeded PRNG. Written here rather than taken from a library because the
 * simulator needs the same catalogue and the same fault sequence on every run (tests compare
 * against it, benchmarks must be reproducible) and `Math.random` cannot be seeded.
 */
export function mulberry32(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export type Random = () => number;

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
export const int = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

/** A v4-shaped UUID drawn from the seeded generator. */
export function uuid(random: Random): string {
	const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
	hex[12] = '4';
	hex[16] = ((Math.floor(random() * 4) & 0x3) | 0x8).toString(16);
	const s = hex.join('');
	return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

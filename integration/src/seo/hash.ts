/**
 * 64-bit FNV-1a over UTF-8 bytes, as 16 hex chars. Written here because slugs are computed
 * synchronously in `getStaticPaths` and in edge runtimes (no `node:crypto`, and WebCrypto's
 * digest is async). Not for security: only to tell refs apart.
 */
export function fnv1a64(text: string): string {
	let hash = 0xcbf29ce484222325n;
	const prime = 0x100000001b3n;
	for (const byte of new TextEncoder().encode(text)) {
		hash ^= BigInt(byte);
		hash = (hash * prime) & 0xffffffffffffffffn;
	}
	return hash.toString(16).padStart(16, '0');
}

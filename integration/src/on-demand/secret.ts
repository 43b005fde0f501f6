import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The one rule both webhooks (the invalidation route and `astro dev`'s refresh) check a shared
 * secret by, as docs/on-demand.md and docs/rebuilds.md promise: `Authorization: Bearer <secret>`
 * (scheme in any case, spaces or tabs around the secret), else `X-Audio-Reviews-Secret:
 * <secret>`, compared in constant time. An `Authorization` header with another scheme falls back
 * to the second header; a Bearer secret that is wrong never does.
 */
export function presentsSecret(
	header: (name: string) => string | null | undefined,
	expected: string,
): boolean {
	const presented = presentedSecret(header);
	return presented !== undefined && secretsMatch(presented, expected);
}

function presentedSecret(header: (name: string) => string | null | undefined): string | undefined {
	const authorization = header('authorization');
	if (authorization) {
		const match = /^Bearer[ \t]+(\S.*)$/i.exec(authorization.trim());
		if (match) return match[1]!.trim();
	}
	return header('x-audio-reviews-secret')?.trim() || undefined;
}

/**
 * Compares a presented secret with the expected one in time independent of where they
 * differ. Both are hashed first so their lengths, which `timingSafeEqual` would otherwise
 * reveal by throwing, are always equal.
 */
export function secretsMatch(presented: string, expected: string): boolean {
	const a = createHash('sha256').update(presented, 'utf8').digest();
	const b = createHash('sha256').update(expected, 'utf8').digest();
	return timingSafeEqual(a, b) && presented.length === expected.length;
}

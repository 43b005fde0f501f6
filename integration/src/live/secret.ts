import { createHash, timingSafeEqual } from 'node:crypto';

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

/** `Authorization: Bearer <secret>`, else `X-Audio-Reviews-Secret: <secret>`. */
export function presentedSecret(headers: Headers): string | undefined {
	const authorization = headers.get('authorization');
	if (authorization) {
		const match = /^Bearer[ \t]+(\S.*)$/i.exec(authorization.trim());
		if (match) return match[1]!.trim();
	}
	return headers.get('x-audio-reviews-secret') ?? undefined;
}

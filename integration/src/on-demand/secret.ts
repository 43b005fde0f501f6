import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The one rule both webhooks (the invalidation route and `astro dev`'s refresh) check a shared
 * secret by, as docs/on-demand.md and docs/rebuilds.md promise.
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

/** Compares a presented secret with the expected one in time independent of where they differ. */
export function secretsMatch(presented: string, expected: string): boolean {
	const a = createHash('sha256').update(presented, 'utf8').digest();
	const b = createHash('sha256').update(expected, 'utf8').digest();
	return timingSafeEqual(a, b) && presented.length === expected.length;
}

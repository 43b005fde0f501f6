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

/**
 * Compares a presented secret with the expected one in time independent of where they differ, and
 * of the presented secret's length: one pass over the expected bytes, whatever arrives. A loop, not
 * `node:crypto`'s `timingSafeEqual`: the webhook also runs in workerd, and Web Crypto has no
 * comparison.
 */
export function secretsMatch(presented: string, expected: string): boolean {
	const given = UTF8.encode(presented);
	const wanted = UTF8.encode(expected);
	let difference = given.length ^ wanted.length;
	for (let index = 0; index < wanted.length; index++)
		difference |= (given[index] ?? 0) ^ wanted[index]!;
	return difference === 0;
}

const UTF8 = new TextEncoder();

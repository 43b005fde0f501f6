/** Hints that turn a transport failure into its likely fix. */

/** Error codes where nothing answered at all: retrying for minutes only hides the fix. */
const UNREACHABLE_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ENOTFOUND']);

/** Retries for an unreachable service: enough for a restart in progress, not enough to look hung. */
export const UNREACHABLE_RETRIES = 2;

export function isUnreachable(code: string | undefined): boolean {
	return code !== undefined && UNREACHABLE_CODES.has(code);
}

export function unreachableHint(code: string, baseUrl: string): string {
	if (code === 'ENOTFOUND') return `the host of ${baseUrl} does not resolve: check \`baseUrl\``;
	return `is the service running at ${baseUrl}? Check \`baseUrl\` and that the service is started`;
}

/** The path the client appends to `baseUrl`, segment by segment. */
const API_PATH = /\/ws(?:\/websites(?:\/[^/]*(?:\/products)?)?)?$/;

/**
 * A 404 from a `baseUrl` that already ends in the API path (`…/ws`): the client adds `/ws/…`
 * itself, so the request went to `/ws/ws/websites/…`. Undefined when `baseUrl` looks right.
 */
export function doubledPathHint(baseUrl: string): string | undefined {
	const url = new URL(baseUrl);
	const doubled = API_PATH.exec(url.pathname);
	if (!doubled) return undefined;
	const fixed = `${url.origin}${url.pathname.slice(0, doubled.index)}`;
	return `\`baseUrl\` ends in "${doubled[0]}", a path the client adds itself (so the request asked for ${doubled[0]}${doubled[0]}…): set \`baseUrl\` to "${fixed}"`;
}

/** The list endpoint's ERR_DB_MISSING: the service knows no website by that id. */
export function unknownWebsiteHint(websiteId: string): string {
	return `the service knows no website ${JSON.stringify(websiteId)}: check \`websiteId\` (the website's UUID, the widget's \`site\` attribute)`;
}

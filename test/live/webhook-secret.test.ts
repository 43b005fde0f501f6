import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devHub } from '../../integration/src/dev-loop/dev-hub.js';
import { createRefreshHandler } from '../../integration/src/dev-loop/dev-refresh.js';
import { createInvalidateHandler } from '../../integration/src/on-demand/invalidate.js';
import { secretsMatch } from '../../integration/src/on-demand/secret.js';
import { startServer, type TestServer } from '../helpers/http-server.js';

// docs/on-demand.md and docs/rebuilds.md promise the same rule for both webhooks: one table,
// run against each over real HTTP.
const SECRET = 'a-long-enough-secret-value';
const SECRET_RULE: [string, Record<string, string>, boolean][] = [
	['Bearer', { Authorization: `Bearer ${SECRET}` }, true],
	['bearer in lower case', { Authorization: `bearer ${SECRET}` }, true],
	[
		'BEARER, several spaces and a tab, trailing space',
		{ Authorization: `BEARER  \t${SECRET} ` },
		true,
	],
	['X-Audio-Reviews-Secret', { 'X-Audio-Reviews-Secret': SECRET }, true],
	[
		'another scheme, then X-Audio-Reviews-Secret',
		{ Authorization: `Basic ${SECRET}`, 'X-Audio-Reviews-Secret': SECRET },
		true,
	],
	['no secret', {}, false],
	['a wrong Bearer secret', { Authorization: `Bearer ${SECRET}x` }, false],
	[
		'a wrong Bearer secret beside a right X-Audio-Reviews-Secret',
		{ Authorization: 'Bearer wrong', 'X-Audio-Reviews-Secret': SECRET },
		false,
	],
	['no space after Bearer', { Authorization: `Bearer${SECRET}` }, false],
	['the secret as another scheme', { Authorization: `Basic ${SECRET}` }, false],
	['the secret in another case', { Authorization: `Bearer ${SECRET.toUpperCase()}` }, false],
	['a prefix of the secret', { 'X-Audio-Reviews-Secret': SECRET.slice(0, -1) }, false],
];

/** The invalidation route, as Astro calls it: a web Request and a route cache that purges. */
function invalidationServer(req: IncomingMessage, res: ServerResponse): Promise<void> {
	const handler = createInvalidateHandler({
		websiteId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
		secret: SECRET,
	});
	const headers = new Headers(
		Object.entries(req.headers).map(([name, value]): [string, string] => [name, String(value)]),
	);
	const request = new Request(`http://${req.headers.host}${req.url}`, {
		method: req.method,
		headers,
	});
	const cache = { enabled: true, invalidate: async () => {} } satisfies Pick<
		APIContext['cache'],
		'enabled' | 'invalidate'
	>;
	return Promise.resolve(handler({ request, cache } as unknown as APIContext)).then(
		async (response) => {
			res.writeHead(response.status, Object.fromEntries(response.headers));
			res.end(await response.text());
		},
	);
}

const hub = devHub();
const refreshServer = createRefreshHandler({
	secret: SECRET,
	hub,
	// What a loader does when it runs: hands its reader to the dev server, then says it ended.
	refreshContent: async () => {
		const reader = {
			collection: 'products',
			locales: ['fr'],
			skipped: () => [],
			nothingYet: () => undefined,
			record: () => undefined,
			status: () => ({
				collection: 'products',
				counts: {},
				skipped: [],
				sync: { outcome: 'ok' as const, scope: 'all' as const },
			}),
		};
		hub.hook({ kind: 'start', reader, scope: 'all' });
		hub.hook({ kind: 'end', collection: 'products' });
	},
	log: { info() {}, warn() {} },
});

const webhooks: [string, (req: IncomingMessage, res: ServerResponse) => Promise<void>][] = [
	['the invalidation webhook', invalidationServer],
	["astro dev's refresh webhook", refreshServer],
];

describe.each(webhooks)('%s: the shared secret', (_name, handler) => {
	let server: TestServer;
	beforeAll(async () => {
		server = await startServer(handler);
	});
	afterAll(() => server.close());

	const cases = SECRET_RULE.map(
		([name, headers, accepted]) =>
			[`${accepted ? 'accepts' : 'refuses'} ${name}`, headers, accepted] as const,
	);
	it.each(cases)('%s', async (_case, secretHeaders, accepted) => {
		const response = await fetch(server.url, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', ...secretHeaders },
			body: '{}',
		});
		expect(response.status).toBe(accepted ? 200 : 401);
	});
});

describe('secretsMatch', () => {
	it('matches only the exact secret', () => {
		expect(secretsMatch(SECRET, SECRET)).toBe(true);
		expect(secretsMatch(SECRET.slice(0, -1), SECRET)).toBe(false);
		expect(secretsMatch(`${SECRET} `, SECRET)).toBe(false);
		expect(secretsMatch(SECRET.toUpperCase(), SECRET)).toBe(false);
		expect(secretsMatch('', SECRET)).toBe(false);
	});
});

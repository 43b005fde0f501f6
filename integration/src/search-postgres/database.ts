import type { Pool, PoolClient } from 'pg';
import { SearchDatabaseError } from '../errors/errors.js';

// The connections of the search index. `pg` (node-postgres) is the driver: the most used
// PostgreSQL client of npm, pure JavaScript (no native build on the shop's host), parameterised
// queries by protocol, and a pool. It is imported on first use only, so a static build, or a site
// without `search: 'postgres'`, never loads it.

export const DATABASE_URL_ENV = 'AUDIO_REVIEWS_SEARCH_DATABASE_URL';
export const READ_URL_ENV = 'AUDIO_REVIEWS_SEARCH_READ_URL';

/** How long a query waits for a connection before the database counts as unreachable. */
const CONNECT_TIMEOUT_MS = 3000;
/** A search that takes longer than this is cancelled by the server (the endpoint answers 503). */
export const STATEMENT_TIMEOUT_MS = 5000;

/** `host:port/database` of a connection string: never the user or the password. */
export function databaseHost(url: string): string {
	const parsed = URL.parse(url);
	if (!parsed) return 'an unparsable connection string';
	const host = parsed.hostname || parsed.searchParams.get('host') || 'localhost';
	return `${host}:${parsed.port || 5432}${parsed.pathname || '/'}`;
}

/** Errors that mean "not reachable" rather than "refused this statement": retried elsewhere, 503. */
export function isUnreachable(error: unknown): boolean {
	const code = (error as { code?: unknown } | undefined)?.code;
	if (typeof code === 'string') {
		// Class 08 (connection), 57P01-57P03 (shutdown, cannot connect now), 53300 (too many connections).
		if (/^08|^57P0[1-3]$|^53300$/.test(code)) return true;
		if (/^E(CONNREFUSED|CONNRESET|HOSTUNREACH|NETUNREACH|NOTFOUND|AI_AGAIN|PIPE)$/.test(code))
			return true;
	}
	// The pool's own words for a connection that never came or was cut.
	const message = error instanceof Error ? error.message : '';
	return /trying to connect|Connection terminated|Connection ended|not yet accepting/i.test(
		message,
	);
}

export function databaseError(what: string, url: string, error: unknown): SearchDatabaseError {
	if (error instanceof SearchDatabaseError) return error;
	const unavailable = isUnreachable(error);
	const reason = error instanceof Error ? error.message : String(error);
	return new SearchDatabaseError(
		`${what} failed: ${reason}${unavailable ? '; check that the database runs and that the connection variables name it' : ''}`,
		{ host: databaseHost(url), unavailable, cause: error },
	);
}

type PgModule = typeof import('pg')['default'];
let driver: Promise<PgModule> | undefined;

async function loadDriver(): Promise<PgModule> {
	// A CommonJS package: its exports are the ES module's default.
	driver ??= import('pg').then((module) => module.default);
	return driver;
}

/**
 * One pool per connection string and use, for the life of the process (a server's, a command's).
 * Searches are cut at `STATEMENT_TIMEOUT_MS`; writes (an index run's statements over the whole
 * catalogue) are not.
 */
const pools = new Map<string, Pool>();

export type PoolUse = 'read' | 'write';

export async function poolFor(url: string, use: PoolUse): Promise<Pool> {
	const key = `${use} ${url}`;
	const existing = pools.get(key);
	if (existing) return existing;
	const pg = await loadDriver();
	const pool = new pg.Pool({
		connectionString: url,
		max: 8,
		connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
		idleTimeoutMillis: 30_000,
		...(use === 'read' ? { statement_timeout: STATEMENT_TIMEOUT_MS } : {}),
		application_name: 'astro-audio-reviews',
	});
	// An idle connection the server dropped (a restart, a failover) must not crash the process.
	pool.on('error', () => undefined);
	pools.set(key, pool);
	return pool;
}

/** Closes every pool this process opened (the command's end, a test's). */
export async function closePools(): Promise<void> {
	const open = [...pools.values()];
	pools.clear();
	await Promise.all(open.map((pool) => pool.end().catch(() => undefined)));
}

/** Runs `work` on one connection of `url`'s pool; a failure becomes a `SearchDatabaseError`. */
export async function withConnection<T>(
	url: string,
	what: string,
	work: (client: PoolClient) => Promise<T>,
	use: PoolUse = 'write',
): Promise<T> {
	let client: PoolClient;
	try {
		client = await (await poolFor(url, use)).connect();
	} catch (error) {
		throw databaseError(what, url, error);
	}
	try {
		return await work(client);
	} catch (error) {
		throw databaseError(what, url, error);
	} finally {
		client.release();
	}
}

/** `work` inside one transaction: committed whole, or rolled back and rethrown. */
export async function inTransaction<T>(
	client: PoolClient,
	work: (client: PoolClient) => Promise<T>,
): Promise<T> {
	await client.query('BEGIN');
	try {
		const result = await work(client);
		await client.query('COMMIT');
		return result;
	} catch (error) {
		await client.query('ROLLBACK').catch(() => undefined);
		throw error;
	}
}

export interface SearchConnection {
	primary: string;
	read?: string | undefined;
}

/** Reads go to the replica when one is named and answers; while it does not, to the primary. */
export async function withReadConnection<T>(
	connection: SearchConnection,
	what: string,
	work: (client: PoolClient) => Promise<T>,
): Promise<T> {
	if (connection.read && connection.read !== connection.primary) {
		try {
			return await withConnection(connection.read, what, work, 'read');
		} catch (error) {
			if (!(error instanceof SearchDatabaseError) || !error.unavailable) throw error;
		}
	}
	return withConnection(connection.primary, what, work, 'read');
}

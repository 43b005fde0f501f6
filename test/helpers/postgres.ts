/**
 * Debian's PostgreSQL, started by the tests themselves (a primary and a hot standby on loopback,
 * data and sockets in a temporary folder): one implementation, shared with the benchmark.
 */
export {
	type PgCluster,
	type PgPair,
	psql,
	standbyCaughtUp,
	startPostgres,
} from '../../bench/live/postgres.mjs';

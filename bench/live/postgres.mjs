// @ts-check
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { appendFile, chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './site.mjs';

/**
 * Debian's PostgreSQL started by the tests and the benchmark themselves: clusters in a temporary
 * folder (data and socket), on free loopback ports, run as the `postgres` user (initdb refuses
 * root). A primary, and on demand a hot standby streaming from it (`pg_basebackup -R`).
 * test/helpers/postgres.ts re-exports it with types.
 */

const run = promisify(execFile);

function binDir() {
	const root = '/usr/lib/postgresql';
	const versions = existsSync(root)
		? readdirSync(root)
				.filter((name) => /^\d+$/.test(name))
				.sort((a, b) => Number(b) - Number(a))
		: [];
	if (versions.length === 0)
		throw new Error(
			'PostgreSQL is not installed: apt-get install postgresql (scripts/test-prereqs.mjs)',
		);
	return join(root, versions[0] ?? '', 'bin');
}

const asRoot = process.getuid?.() === 0;

/**
 * Runs a PostgreSQL program as `postgres` (through runuser when running as root).
 * @param {string} program
 * @param {string[]} args
 */
async function pgRun(program, args) {
	const path = join(binDir(), program);
	const command = asRoot ? 'runuser' : path;
	const argv = asRoot ? ['-u', 'postgres', '--', path, ...args] : args;
	const { stdout } = await run(command, argv, { maxBuffer: 16 * 1024 * 1024, cwd: '/' });
	return stdout;
}

/**
 * @typedef {{ port: number; dir: string; url: string; stop(): Promise<void>; start(): Promise<void> }} PgCluster
 * @typedef {{ primary: PgCluster; standby: PgCluster | undefined; root: string; close(): Promise<void> }} PgPair
 */

/**
 * @param {string} root
 * @param {string} name
 * @param {number} port
 * @returns {PgCluster}
 */
function cluster(root, name, port) {
	const dir = join(root, name);
	const log = join(root, `${name}.log`);
	/** @param {'start' | 'stop'} action */
	const ctl = (action) =>
		pgRun('pg_ctl', [
			'-D',
			dir,
			'-l',
			log,
			'-w',
			'-t',
			'60',
			...(action === 'stop' ? ['-m', 'fast'] : []),
			action,
		]);
	return {
		port,
		dir,
		url: `postgres://postgres@127.0.0.1:${port}/postgres`,
		start: async () => {
			await ctl('start');
		},
		stop: async () => {
			await ctl('stop').catch(() => undefined);
		},
	};
}

/** Test settings: durability off (a throwaway cluster), replication on. */
const SETTINGS = (/** @type {number} */ port, /** @type {string} */ socketDir) => `
listen_addresses = '127.0.0.1'
port = ${port}
unix_socket_directories = '${socketDir}'
fsync = off
synchronous_commit = off
full_page_writes = off
shared_buffers = 128MB
max_connections = 60
wal_level = replica
max_wal_senders = 4
hot_standby = on
`;

async function postgresIds() {
	const { stdout: user } = await run('id', ['-u', 'postgres']);
	const { stdout: group } = await run('id', ['-g', 'postgres']);
	return /** @type {[number, number]} */ ([Number(user.trim()), Number(group.trim())]);
}

/**
 * A primary, and with `standby` a hot standby replicating it.
 * @param {{ standby?: boolean }} [options]
 * @returns {Promise<PgPair>}
 */
export async function startPostgres(options = {}) {
	const root = await mkdtemp(join(tmpdir(), 'aar-pg-'));
	await chmod(root, 0o755);
	if (asRoot) await chown(root, ...(await postgresIds()));
	const primary = cluster(root, 'primary', await freePort());
	await pgRun('initdb', [
		'-D',
		primary.dir,
		'-U',
		'postgres',
		'--auth=trust',
		'-E',
		'UTF8',
		'--locale=C.UTF-8',
		'--no-sync',
	]);
	await appendFile(join(primary.dir, 'postgresql.conf'), SETTINGS(primary.port, root));
	await primary.start();
	/** @type {PgCluster | undefined} */
	let standby;
	if (options.standby) {
		standby = cluster(root, 'standby', await freePort());
		await pgRun('pg_basebackup', [
			'-h',
			'127.0.0.1',
			'-p',
			String(primary.port),
			'-U',
			'postgres',
			'-D',
			standby.dir,
			'-R',
			'-X',
			'stream',
			'--no-sync',
		]);
		await appendFile(join(standby.dir, 'postgresql.conf'), `\nport = ${standby.port}\n`);
		await standby.start();
	}
	return {
		primary,
		standby,
		root,
		close: async () => {
			await standby?.stop();
			await primary.stop();
			await rm(root, { recursive: true, force: true });
		},
	};
}

/**
 * Runs SQL on a cluster through psql, as `postgres`; its unaligned output.
 * @param {PgCluster} target
 * @param {string} sql
 */
export function psql(target, sql) {
	return pgRun('psql', [
		'-h',
		'127.0.0.1',
		'-p',
		String(target.port),
		'-U',
		'postgres',
		'-d',
		'postgres',
		'-XAtq',
		'-v',
		'ON_ERROR_STOP=1',
		'-c',
		sql,
	]);
}

/**
 * Waits until the standby has replayed everything the primary wrote so far.
 * @param {PgPair} pair
 */
export async function standbyCaughtUp(pair) {
	if (!pair.standby) return;
	// With `synchronous_commit = off` a COMMIT answers before its record is written. A commit made
	// synchronously (an xid, in its own call) writes every record before it; then the write
	// position covers them all.
	await psql(pair.primary, 'SET synchronous_commit = on; SELECT txid_current()');
	const target = (await psql(pair.primary, 'SELECT pg_current_wal_lsn()')).trim();
	for (let attempt = 0; attempt < 600; attempt++) {
		const behind = (
			await psql(pair.standby, `SELECT pg_last_wal_replay_lsn() < '${target}'::pg_lsn`)
		).trim();
		if (behind === 'f') return;
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
	throw new Error('The standby did not catch up with the primary within 30 s');
}

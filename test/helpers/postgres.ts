import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { appendFile, chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Debian's PostgreSQL, started by the tests themselves: clusters in a temporary folder (data and
 * socket), on a free loopback port, run as the `postgres` user (initdb refuses root). A primary,
 * and on demand a hot standby streaming from it (`pg_basebackup -R`).
 */

function binDir(): string {
	const root = '/usr/lib/postgresql';
	const versions = existsSync(root)
		? readdirSync(root)
				.filter((name) => /^\d+$/.test(name))
				.sort((a, b) => Number(b) - Number(a))
		: [];
	if (versions.length === 0)
		throw new Error('PostgreSQL is not installed: apt-get install postgresql (scripts/test-prereqs.mjs)');
	return join(root, versions[0]!, 'bin');
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program as `postgres` (via runuser when the tests run as root). */
async function pgRun(program: string, args: string[]): Promise<string> {
	const path = join(binDir(), program);
	const [command, argv] = asRoot
		? ['runuser', ['-u', 'postgres', '--', path, ...args]]
		: [path, args];
	const { stdout } = await run(command, argv, { maxBuffer: 16 * 1024 * 1024, cwd: '/' });
	return stdout;
}

export async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
		});
	});
}

export interface PgCluster {
	port: number;
	dir: string;
	/** `postgres://postgres@127.0.0.1:port/postgres` */
	url: string;
	stop(): Promise<void>;
	start(): Promise<void>;
}

export interface PgPair {
	primary: PgCluster;
	standby: PgCluster | undefined;
	root: string;
	close(): Promise<void>;
}

async function cluster(root: string, name: string, port: number): Promise<PgCluster> {
	const dir = join(root, name);
	const log = join(root, `${name}.log`);
	const ctl = (action: 'start' | 'stop') =>
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

const SETTINGS = (port: number, socketDir: string) => `
listen_addresses = '127.0.0.1'
port = ${port}
unix_socket_directories = '${socketDir}'
fsync = off
synchronous_commit = off
full_page_writes = off
shared_buffers = 64MB
max_connections = 60
wal_level = replica
max_wal_senders = 4
hot_standby = on
`;

/** A primary, and with `standby` a hot standby replicating it. */
export async function startPostgres(options: { standby?: boolean } = {}): Promise<PgPair> {
	const root = await mkdtemp(join(tmpdir(), 'aar-pg-'));
	await chmod(root, 0o755);
	if (asRoot) await chown(root, ...(await postgresIds()));
	const primary = await cluster(root, 'primary', await freePort());
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
	let standby: PgCluster | undefined;
	if (options.standby) {
		standby = await cluster(root, 'standby', await freePort());
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

async function postgresIds(): Promise<[number, number]> {
	const { stdout } = await run('id', ['-u', 'postgres']);
	const { stdout: group } = await run('id', ['-g', 'postgres']);
	return [Number(stdout.trim()), Number(group.trim())];
}

/** Runs SQL on a cluster through psql (as `postgres`). */
export async function psql(cluster: PgCluster, sql: string): Promise<string> {
	return pgRun('psql', [
		'-h',
		'127.0.0.1',
		'-p',
		String(cluster.port),
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

/** Waits until the standby has replayed everything the primary wrote so far. */
export async function standbyCaughtUp(pair: PgPair): Promise<void> {
	if (!pair.standby) return;
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

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import {
	createServer as createHttpServer,
	type IncomingMessage,
	type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A host's purge API on loopback: it records each call (its tags, its body, its headers) and the
 * most calls it held at once, and answers as told (`ok`, or a status that refuses). Each call is
 * held a few milliseconds, so calls sent together overlap and are counted together.
 */
export interface PurgeStandIn {
	port: number;
	url: string;
	calls: Array<{ op: string; tags: string[]; headers: IncomingMessage['headers']; body: unknown }>;
	maxInFlight: number;
	/** Answer every call with this status from now on (200 by default). */
	answer(status: number): void;
	reset(): void;
	close(): Promise<void>;
}

const HOLD_MS = 15;

/** The call's tags and kind: Netlify's `cache_tags` body, or the Vercel stand-in's `{ op, tags }`. */
function parseCall(body: unknown): { op: string; tags: string[] } {
	const record = (body ?? {}) as { cache_tags?: string[]; op?: string; tags?: string[] };
	if (record.cache_tags) return { op: 'purge', tags: record.cache_tags };
	return { op: record.op ?? 'unknown', tags: record.tags ?? [] };
}

export async function startPurgeStandIn(tlsFiles?: {
	key: string;
	cert: string;
}): Promise<PurgeStandIn> {
	let status = 200;
	let inFlight = 0;
	const standIn = {
		calls: [] as PurgeStandIn['calls'],
		maxInFlight: 0,
	};
	const handle = async (req: IncomingMessage, res: ServerResponse) => {
		inFlight++;
		standIn.maxInFlight = Math.max(standIn.maxInFlight, inFlight);
		try {
			const chunks: Buffer[] = [];
			for await (const chunk of req) chunks.push(chunk as Buffer);
			const body = JSON.parse(Buffer.concat(chunks).toString() || 'null') as unknown;
			standIn.calls.push({ ...parseCall(body), headers: req.headers, body });
			await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
			res.writeHead(status, { 'content-type': 'application/json' });
			res.end(status < 300 ? '{}' : '{"code":403,"message":"refused by the stand-in"}');
		} finally {
			inFlight--;
		}
	};
	const server = tlsFiles
		? createHttpsServer(
				{ key: await readFile(tlsFiles.key), cert: await readFile(tlsFiles.cert) },
				(req, res) => void handle(req, res),
			)
		: createHttpServer((req, res) => void handle(req, res));
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const port = (server.address() as AddressInfo).port;
	return Object.assign(standIn, {
		port,
		url: `${tlsFiles ? 'https' : 'http'}://127.0.0.1:${port}/purge`,
		answer(next: number) {
			status = next;
		},
		reset() {
			standIn.calls.length = 0;
			standIn.maxInFlight = 0;
			status = 200;
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	}) as PurgeStandIn;
}

const run = promisify(execFile);

/**
 * A certificate for `api.netlify.com` signed by a CA made for this run (Debian's openssl): the
 * function's process trusts the CA through NODE_EXTRA_CA_CERTS, so its TLS check is the real one.
 */
export async function netlifyApiCertificate(): Promise<{
	ca: string;
	key: string;
	cert: string;
	/** The folder holding them, for the test to remove. */
	folder: string;
}> {
	const dir = await mkdtemp(join(tmpdir(), 'aar-netlify-tls-'));
	const path = (name: string) => join(dir, name);
	const ssl = (...args: string[]) => run('openssl', args, { cwd: dir });
	await ssl(
		'req',
		'-x509',
		'-newkey',
		'rsa:2048',
		'-nodes',
		'-keyout',
		'ca.key',
		'-out',
		'ca.pem',
		'-days',
		'2',
		'-subj',
		'/CN=aar test CA',
	);
	await ssl(
		'req',
		'-newkey',
		'rsa:2048',
		'-nodes',
		'-keyout',
		'api.key',
		'-out',
		'api.csr',
		'-subj',
		'/CN=api.netlify.com',
	);
	await writeFile(path('san.cnf'), 'subjectAltName=DNS:api.netlify.com\n');
	await ssl(
		'x509',
		'-req',
		'-in',
		'api.csr',
		'-CA',
		'ca.pem',
		'-CAkey',
		'ca.key',
		'-CAcreateserial',
		'-out',
		'api.pem',
		'-days',
		'2',
		'-extfile',
		'san.cnf',
	);
	return { ca: path('ca.pem'), key: path('api.key'), cert: path('api.pem'), folder: dir };
}

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { z } from 'astro/zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OwnFileError } from '../../integration/src/errors/errors.js';
import { decodeOwnValue, ownFile } from '../../integration/src/files/own-file.js';
import { hookRecordPath, readHookRecord } from '../../integration/src/poll/hook-record.js';

let dir: string;
beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), 'aar-own-file-'));
});
afterEach(async () => {
	await rm(dir, { recursive: true, force: true });
});

const schema = z.object({ pages: z.record(z.string(), z.string()), calledAt: z.string() });
const plain = ownFile({ version: 3, schema });
const zipped = ownFile({ version: 3, schema, gzip: true });
const value = { pages: { 'products/a': 'd1' }, calledAt: '2026-01-01T00:00:00.000Z' };

/** The error `read` rejects with, for its fields. */
async function failureOf(read: Promise<unknown>): Promise<OwnFileError> {
	const error = await read.then(
		() => undefined,
		(reason: unknown) => reason,
	);
	expect(error).toBeInstanceOf(OwnFileError);
	return error as OwnFileError;
}

describe('the reader of the package’s own files', () => {
	it('reads back what it wrote, with its format, plain and gzipped; a missing file is none', async () => {
		await plain.write(join(dir, 'a.json'), value);
		await zipped.write(join(dir, 'a.json.gz'), value);
		expect(JSON.parse(await readFile(join(dir, 'a.json'), 'utf8'))).toEqual({
			format: 3,
			...value,
		});
		expect(JSON.parse(gunzipSync(await readFile(join(dir, 'a.json.gz'))).toString())).toEqual({
			format: 3,
			...value,
		});
		expect(await plain.read(join(dir, 'a.json'))).toEqual(value);
		expect(zipped.readSync(join(dir, 'a.json.gz'))).toEqual(value);
		expect(await plain.read(join(dir, 'none.json'))).toBeUndefined();
		expect(plain.readSync(join(dir, 'none.json'))).toBeUndefined();
	});

	it('refuses a file of another version, naming the file, the field and both formats', async () => {
		const path = join(dir, 'old.json');
		await writeFile(path, JSON.stringify({ format: 2, ...value }));
		const error = await failureOf(plain.read(path));
		expect(error.message).toContain(`${path}: format is format 2`);
		expect(error.message).toContain('reads format 3');
		expect(error.message).toContain('delete the file to start over');
		expect(() => plain.readSync(path)).toThrow(OwnFileError);
	});

	it('refuses a corrupt gzip file and a truncated JSON one, each naming the file', async () => {
		const truncated = join(dir, 'cut.json.gz');
		await writeFile(truncated, gzipSync(JSON.stringify({ format: 3, ...value })).subarray(0, 20));
		const gzipError = await failureOf(zipped.read(truncated));
		expect(gzipError.message).toContain(`${truncated}: (gzip) is not whole gzip data`);

		const half = join(dir, 'half.json');
		await writeFile(half, '{"format": 3, "pages": {');
		const jsonError = await failureOf(plain.read(half));
		expect(jsonError.message).toContain(`${half}: (JSON) is not JSON`);
	});

	it('refuses a file that fails its schema, naming the field', async () => {
		const path = join(dir, 'wrong.json');
		await writeFile(path, JSON.stringify({ format: 3, ...value, pages: { 'products/a': 7 } }));
		const error = await failureOf(plain.read(path));
		expect(error.message).toContain(`${path}: pages.products/a does not fit:`);
	});

	it('reads a damaged or older file as none where a fresh start is the answer', async () => {
		const path = join(dir, 'state.json');
		await writeFile(path, JSON.stringify({ format: 1, ...value }));
		expect(await plain.readOrNone(path)).toBeUndefined();
		expect(plain.readOrNoneSync(path)).toBeUndefined();
		// poll's state: its first run after a damaged file calls the hook, as before.
		await writeFile(hookRecordPath(dir), '{"format":2,"pages":{"a":1}}');
		expect(await readHookRecord(dir)).toEqual({ calledAt: undefined, pages: {} });
		await writeFile(hookRecordPath(dir), '{"format":2,"calledAt":5,"pages":{"a":"d"}}');
		expect(await readHookRecord(dir)).toEqual({ calledAt: undefined, pages: { a: 'd' } });
	});

	it('checks a value kept in the meta store by its schema: damaged is none', () => {
		expect(decodeOwnValue(schema, JSON.stringify(value))).toEqual(value);
		expect(decodeOwnValue(schema, '{"pages":[]')).toBeUndefined();
		expect(decodeOwnValue(schema, '{"pages":{},"calledAt":1}')).toBeUndefined();
		expect(decodeOwnValue(schema, undefined)).toBeUndefined();
	});
});

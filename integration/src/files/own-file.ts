// The one reader and writer of the package's own files: JSON, gzipped or not, its `format` the
// version of its meaning, checked by a zod schema. A file not as written is an `OwnFileError`
// naming file and field; `readOrNone` is for files whose loss is a fresh start.
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { z } from 'astro/zod';
import { formatIssuePath } from '../errors/error-text.js';
import { OwnFileError } from '../errors/errors.js';
import { writeAtomic, writeAtomicSync } from './atomic-write.js';

export interface OwnFileFormat<Schema extends z.ZodType> {
	/** Bumped when the file's meaning changes: an older file is refused, never misread. */
	version: number;
	/** The file's fields but `format` (stripped: an object schema drops keys it does not name). */
	schema: Schema;
	/** Gzipped JSON: for files of repeated ids and memos, which a CI cache keeps small. */
	gzip?: boolean;
}

export interface OwnFile<Value> {
	/** The file's value; undefined when there is no file; an `OwnFileError` when it is not ours. */
	read(path: string): Promise<Value | undefined>;
	readSync(path: string): Value | undefined;
	/** `read`, with a damaged or older file as none: for files whose loss is a fresh start. */
	readOrNone(path: string): Promise<Value | undefined>;
	readOrNoneSync(path: string): Value | undefined;
	/** Written whole or not at all (a temporary file, then a rename). */
	write(path: string, value: Value): Promise<void>;
	writeSync(path: string, value: Value): void;
}

export function ownFile<Schema extends z.ZodType>(
	format: OwnFileFormat<Schema>,
): OwnFile<z.output<Schema>> {
	type Value = z.output<Schema>;
	const decode = (path: string, bytes: Buffer): Value => decodeOwnFile(format, path, bytes);
	const encode = (value: Value): Buffer => {
		const text = JSON.stringify({ format: format.version, ...(value as object) });
		return format.gzip ? gzipSync(text) : Buffer.from(text, 'utf8');
	};
	const read = async (path: string) => {
		const bytes = await readFile(path).catch(missingAsNone);
		return bytes === undefined ? undefined : decode(path, bytes);
	};
	const readSync = (path: string) => {
		let bytes: Buffer | undefined;
		try {
			bytes = readFileSync(path);
		} catch (error) {
			bytes = missingAsNone(error);
		}
		return bytes === undefined ? undefined : decode(path, bytes);
	};
	return {
		read,
		readSync,
		readOrNone: (path) => read(path).catch(damagedAsNone),
		readOrNoneSync(path) {
			try {
				return readSync(path);
			} catch (error) {
				return damagedAsNone(error);
			}
		},
		write: (path, value) => writeAtomic(path, (temporary) => writeFile(temporary, encode(value))),
		writeSync: (path, value) => writeAtomicSync(path, encode(value)),
	};
}

/** The bytes of `path` as the package wrote them, or the error naming what is wrong. */
export function decodeOwnFile<Schema extends z.ZodType>(
	format: OwnFileFormat<Schema>,
	path: string,
	bytes: Buffer,
): z.output<Schema> {
	let text: string;
	try {
		text = (format.gzip ? gunzipSync(bytes) : bytes).toString('utf8');
	} catch (error) {
		throw damaged(path, '(gzip)', 'is not whole gzip data (truncated or damaged)', error);
	}
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch (error) {
		throw damaged(path, '(JSON)', 'is not JSON (truncated or damaged)', error);
	}
	const found =
		typeof json === 'object' && json !== null ? (json as { format?: unknown }).format : undefined;
	if (found !== format.version)
		throw damaged(
			path,
			'format',
			`is format ${JSON.stringify(found)}, this version of the package reads format ${format.version}`,
		);
	const parsed = format.schema.safeParse(json);
	if (parsed.success) return parsed.data;
	const issue = parsed.error.issues[0]!;
	throw damaged(path, formatIssuePath(issue.path), `does not fit: ${issue.message}`);
}

/** `<file>: <field> <what is wrong>; delete the file to start over`. */
function damaged(path: string, field: string, what: string, cause?: unknown): OwnFileError {
	return new OwnFileError(`${path}: ${field} ${what}; delete the file to start over`, { cause });
}

function missingAsNone(error: unknown): undefined {
	if ((error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') return undefined;
	throw error;
}

function damagedAsNone(error: unknown): undefined {
	if (error instanceof OwnFileError) return undefined;
	throw error;
}

/**
 * A JSON value the package keeps in Astro's meta store (a string per key), checked by its schema;
 * a damaged value is none, never a failed build.
 */
export function decodeOwnValue<Schema extends z.ZodType>(
	schema: Schema,
	raw: string | undefined,
): z.output<Schema> | undefined {
	if (raw === undefined) return undefined;
	let json: unknown;
	try {
		json = JSON.parse(raw);
	} catch {
		return undefined;
	}
	const parsed = schema.safeParse(json);
	return parsed.success ? parsed.data : undefined;
}

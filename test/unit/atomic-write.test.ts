import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AudioReviewsError } from '../../integration/src/errors/errors.js';
import { writeAtomic, writeAtomicSync } from '../../integration/src/files/atomic-write.js';

let dir: string;
beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), 'aar-atomic-'));
});
afterEach(async () => {
	await rm(dir, { recursive: true, force: true });
});

describe('the one atomic write', () => {
	it('writes a file whole, creating its folder, and leaves no temporary file', async () => {
		const path = join(dir, 'nested', 'state.json');
		await writeAtomic(path, (temporary) => writeFile(temporary, '{"a":1}'));
		writeAtomicSync(join(dir, 'nested', 'dates.json'), '{"b":2}');
		expect(await readFile(path, 'utf8')).toBe('{"a":1}');
		expect((await readdir(join(dir, 'nested'))).sort()).toEqual(['dates.json', 'state.json']);
	});

	it('keeps the old file whole when a write fails half-way, and removes its temporary file', async () => {
		const path = join(dir, 'feed.xml');
		await writeFile(path, 'old');
		const failure = new AudioReviewsError('stopped half-way');
		const written = writeAtomic(path, async (temporary) => {
			await writeFile(temporary, 'half of the new');
			throw failure;
		});
		await expect(written).rejects.toBe(failure);
		expect(await readFile(path, 'utf8')).toBe('old');
		expect(await readdir(dir)).toEqual(['feed.xml']);
	});
});

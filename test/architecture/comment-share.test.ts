import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Comments say why in a few lines; past this share the source turns into essays that go stale.
const MAX_COMMENT_SHARE = 0.12;

const SOURCE = fileURLToPath(new URL('../../integration/src', import.meta.url));

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
		const path = join(dir, item.name);
		if (item.isDirectory()) return sourceFiles(path);
		return /\.(?:ts|mjs|astro)$/.test(item.name) ? [path] : [];
	});
}

/** Non-blank lines, and those of them that are comments (`//` lines, every line of a block). */
function commentLines(text: string): { lines: number; comments: number } {
	let lines = 0;
	let comments = 0;
	let inBlock = false;
	for (const raw of text.split('\n')) {
		const line = raw.trim();
		if (line === '') continue;
		lines++;
		if (inBlock) {
			comments++;
			inBlock = !line.includes('*/');
		} else if (line.startsWith('//')) comments++;
		else if (line.startsWith('/*')) {
			comments++;
			inBlock = !line.slice(2).includes('*/');
		}
	}
	return { lines, comments };
}

describe('comments in integration/src', () => {
	it('count each line of a block comment, delimiters included', () => {
		expect(commentLines('/**\n * Why.\n */\nconst a = 1;\n\n// why\nconst b = 2;\n')).toEqual({
			lines: 6,
			comments: 4,
		});
		expect(commentLines('/** Why. */\nconst a = 1;')).toEqual({ lines: 2, comments: 1 });
	});

	it(`are ${MAX_COMMENT_SHARE * 100} % of its non-blank lines at most`, () => {
		let lines = 0;
		let comments = 0;
		for (const file of sourceFiles(resolve(SOURCE))) {
			const counted = commentLines(readFileSync(file, 'utf8'));
			lines += counted.lines;
			comments += counted.comments;
		}
		expect(lines).toBeGreaterThan(5000);
		expect(comments / lines).toBeLessThanOrEqual(MAX_COMMENT_SHARE);
	});
});

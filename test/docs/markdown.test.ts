import { describe, expect, it } from 'vitest';
import { CODE_LANGUAGES, linkTargets, readDocs } from '../helpers/markdown.js';

// The shape of the documentation: every code block says whether test/docs/recipes.test.ts
// builds it, tables read in a 100-column terminal, and each page says first who needs it.
const docs = readDocs();
const MAX_TABLE_LINE = 100;
const MAX_README_LINES = 250;

describe('the documentation', () => {
	it('has README.md and the topic pages', () => {
		expect(docs.map((page) => page.file)).toEqual(
			expect.arrayContaining([
				'README.md',
				'docs/README.md',
				'docs/options.md',
				'docs/api.md',
				'docs/troubleshooting.md',
			]),
		);
	});

	it('marks every astro/ts/js block as a recipe (title="path") or a fragment', () => {
		const blocks = docs
			.flatMap((page) => page.blocks)
			.filter((block) => CODE_LANGUAGES.has(block.lang));
		expect(blocks.length).toBeGreaterThan(10);
		const unmarked = blocks.filter((block) => !block.title === !block.fragment);
		expect(
			unmarked.map((block) => `${block.file}:${block.line}`),
			'add title="<path of the file>" (a recipe, built by test/docs/recipes.test.ts) or the word `fragment` to the info string',
		).toEqual([]);
		const sited = blocks.filter((block) => block.site !== undefined && !block.title);
		expect(
			sited.map((block) => `${block.file}:${block.line}`),
			'site="…" only on recipes',
		).toEqual([]);
	});

	it('gives recipes relative paths, and the path the reader sees is the path the test writes', () => {
		const problems: string[] = [];
		for (const block of docs.flatMap((page) => page.blocks).filter((block) => block.title)) {
			const where = `${block.file}:${block.line}`;
			const title = block.title!;
			if (title.startsWith('/') || title.split('/').includes('..'))
				problems.push(`${where}: ${title} is not a relative path`);
			// The first comment of a recipe names its file for the reader (GitHub and npm hide the info string).
			// `#` where the file's own comments take it (`.dev.vars`).
			const comment = /^(?:---\n)?(?:\/\/|#) ([^\s:]+)/.exec(block.code)?.[1];
			// JSON has no comments: the sentence before such a block names its file instead.
			if (block.lang === 'json') continue;
			if (comment !== title)
				problems.push(
					`${where}: its first comment names ${comment ?? 'nothing'}, its title ${title}`,
				);
		}
		expect(problems).toEqual([]);
	});

	it(`keeps every table line within ${MAX_TABLE_LINE} columns`, () => {
		const wide = docs.flatMap((page) =>
			page.outsideBlocks
				.split('\n')
				.map((line, index) => ({ line, at: `${page.file}:${index + 1}` }))
				.filter(({ line }) => line.startsWith('|') && [...line].length > MAX_TABLE_LINE)
				.map(({ line, at }) => `${at} (${[...line].length} columns)`),
		);
		expect(wide, 'reflow the table into a list or definition-style paragraphs').toEqual([]);
	});

	it('opens every docs page with one sentence on who needs it', () => {
		const pages = docs.filter((page) => page.file.startsWith('docs/'));
		const silent = pages
			.filter((page) => !/^# .+\n\nFor [^\n]/.test(page.text))
			.map((page) => page.file);
		expect(silent, 'start the first paragraph after the title with "For <who>…"').toEqual([]);
	});

	it('lists every docs page in the docs index and in the README map', () => {
		const topics = docs
			.map((page) => page.file)
			.filter((file) => file.startsWith('docs/') && file !== 'docs/README.md');
		const index = new Set(
			linkTargets(docs.find((page) => page.file === 'docs/README.md')!).map(
				(target) => `docs/${target.split('#')[0]}`,
			),
		);
		const map = new Set(
			linkTargets(docs.find((page) => page.file === 'README.md')!).map(
				(target) => target.split('#')[0],
			),
		);
		expect(
			topics.filter((file) => !index.has(file)),
			'missing from docs/README.md',
		).toEqual([]);
		expect(
			topics.filter((file) => !map.has(file)),
			'missing from the map of README.md',
		).toEqual([]);
	});

	it("opens README.md with a shop's quick start: Node, install, config, content config, build; no contributor prerequisites", () => {
		const readme = docs.find((page) => page.file === 'README.md')!.outsideBlocks;
		const sections = readme.split(/^## /m);
		expect(sections[1]!.split('\n')[0]).toBe('Quick start');
		const quickStart = sections[1]!;
		expect(quickStart).toMatch(/Node >= 22\.12/);
		expect(quickStart).toMatch(/nvm install|fnm install|volta install|nodejs\.org/);
		// What a shop never needs comes later: the repository's own test prerequisites.
		expect(sections.slice(0, 2).join('')).not.toMatch(/Chromium|Varnish|Java/);
		const blocks = docs.find((page) => page.file === 'README.md')!.blocks;
		const steps = [
			'npm install astro-audio-reviews',
			'astro.config.mjs',
			'src/content.config.ts',
			'astro build',
		].map((step) => blocks.findIndex((block) => block.title === step || block.code.includes(step)));
		expect(steps.every((at) => at >= 0)).toBe(true);
		expect(steps).toEqual([...steps].sort((a, b) => a - b));
	});

	it(`keeps README.md a five-minute page (at most ${MAX_README_LINES} lines)`, () => {
		const readme = docs.find((page) => page.file === 'README.md')!;
		expect(readme.text.split('\n').length).toBeLessThanOrEqual(MAX_README_LINES);
	});
});

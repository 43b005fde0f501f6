import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './shell.js';

/**
 * The user documentation as the tests see it: README.md and every page of docs/, their code
 * blocks (with the recipe marker of their info string), headings and links.
 */

/** Languages whose blocks must say whether they are a recipe or a fragment. */
export const CODE_LANGUAGES = new Set([
	'astro',
	'ts',
	'tsx',
	'mts',
	'typescript',
	'js',
	'jsx',
	'mjs',
	'cjs',
	'javascript',
]);

/** The site a recipe goes into when its info string names none. */
export const DEFAULT_SITE = 'shop';

export interface CodeBlock {
	/** Repository-relative path of the Markdown file, e.g. `docs/options.md`. */
	file: string;
	/** 1-based line of the opening fence. */
	line: number;
	lang: string;
	/** `title="…"`: the path of the file the block is, in the recipe's site. */
	title?: string;
	/** `site="…"`: which recipe site the block belongs to. */
	site?: string;
	/** The bare word `fragment`: lines meant to be read in place, never built. */
	fragment: boolean;
	code: string;
}

export interface DocPage {
	file: string;
	text: string;
	blocks: CodeBlock[];
	/** The text with the lines of fenced blocks blanked (line numbers kept): tables, headings. */
	outsideBlocks: string;
	/** `outsideBlocks` without inline code either: where links are. */
	prose: string;
}

/** `README.md` and `docs/*.md`, repository-relative. */
export function docFiles(): string[] {
	const docs = readdirSync(join(REPO_ROOT, 'docs'))
		.filter((name) => name.endsWith('.md'))
		.sort()
		.map((name) => `docs/${name}`);
	return ['README.md', ...docs];
}

export function readDocPage(file: string): DocPage {
	const text = readFileSync(join(REPO_ROOT, file), 'utf8');
	const outsideBlocks = blankBlocks(text);
	// Inline code spans, `` `…` `` ones included, hold no links.
	const prose = outsideBlocks.replace(/(`+)[\s\S]*?\1/g, '');
	return { file, text, blocks: codeBlocks(file, text), outsideBlocks, prose };
}

export const readDocs = (): DocPage[] => docFiles().map(readDocPage);

const FENCE = /^(`{3,}|~{3,})(.*)$/;

function codeBlocks(file: string, text: string): CodeBlock[] {
	const lines = text.split('\n');
	const blocks: CodeBlock[] = [];
	for (let index = 0; index < lines.length; index++) {
		const open = FENCE.exec(lines[index]!);
		if (!open) continue;
		const fence = open[1]!;
		const end = lines.findIndex(
			(line, at) =>
				at > index &&
				line.startsWith(fence[0]!.repeat(fence.length)) &&
				!line.slice(fence.length).trim(),
		);
		if (end < 0) throw new Error(`${file}:${index + 1}: code block never closed`);
		blocks.push({
			file,
			line: index + 1,
			...infoString(open[2]!.trim()),
			code: lines.slice(index + 1, end).join('\n'),
		});
		index = end;
	}
	return blocks;
}

/** `astro title="src/pages/x.astro" site="shop"` or `js fragment`. */
function infoString(info: string): Pick<CodeBlock, 'lang' | 'title' | 'site' | 'fragment'> {
	const [lang = '', ...rest] = info.split(/\s+/);
	const attributes = rest.join(' ');
	const attribute = (name: string) =>
		new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes)?.[1];
	const words = attributes
		.replace(/\w+="[^"]*"/g, '')
		.split(/\s+/)
		.filter(Boolean);
	return {
		lang,
		title: attribute('title'),
		site: attribute('site'),
		fragment: words.includes('fragment'),
	};
}

function blankBlocks(text: string): string {
	const lines = text.split('\n');
	const kept: string[] = [];
	let fence: string | undefined;
	for (const line of lines) {
		const open = FENCE.exec(line);
		if (fence) {
			if (line.startsWith(fence) && !line.slice(fence.length).trim()) fence = undefined;
			kept.push('');
		} else if (open) {
			fence = open[1];
			kept.push('');
		} else kept.push(line);
	}
	return kept.join('\n');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
	return heading
		.replace(/`/g, '')
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\p{M}\- _]/gu, '')
		.replace(/ /g, '-');
}

/** Anchors of a page's headings (their inline code kept, as GitHub does). */
export function anchorsOf(page: DocPage): Set<string> {
	return new Set(
		[...page.outsideBlocks.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!.trim())),
	);
}

/** Link and image targets of a page's prose: `[text](target)`, `![alt](target)`, `[ref]: target`. */
export function linkTargets(page: DocPage): string[] {
	const inline = [...page.prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map(
		(match) => match[1]!,
	);
	const references = [...page.prose.matchAll(/^\[[^\]]+\]:\s+(\S+)/gm)].map((match) => match[1]!);
	return [...inline, ...references];
}

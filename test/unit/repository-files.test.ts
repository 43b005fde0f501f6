import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, type DocPage, linkTargets, readDocs } from '../helpers/markdown.js';

const read = (path: string) => readFile(new URL(`../../${path}`, import.meta.url), 'utf8');
const pkg = JSON.parse(await read('package.json')) as Record<string, any>;
const REPOSITORY = 'https://github.com/astro-audio-reviews/astro-audio-reviews';

describe('what npm shows of the repository', () => {
	it('names the repository, homepage, issue tracker and an MIT licence file', async () => {
		expect(pkg.repository).toEqual({ type: 'git', url: `git+${REPOSITORY}.git` });
		expect(pkg.homepage).toBe(`${REPOSITORY}#readme`);
		expect(pkg.bugs).toEqual({ url: `${REPOSITORY}/issues` });
		expect(pkg.license).toBe('MIT');
		expect(await read('LICENSE')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /);
		expect(await read('CHANGELOG.md')).toMatch(/^# Changelog\n[\s\S]*\n## \[Unreleased\]\n/);
	});

	it('links README.md and every docs page only to files and headings that exist, and that ship', () => {
		const pages = new Map(readDocs().map((page) => [page.file, page]));
		const problems: string[] = [];
		let checked = 0;
		for (const page of pages.values()) {
			for (const target of linkTargets(page)) {
				checked++;
				const problem = linkProblem(page, target, pages);
				if (problem) problems.push(`${page.file}: ${target}: ${problem}`);
			}
		}
		expect(checked).toBeGreaterThan(50);
		expect(problems).toEqual([]);
	});
});

/** What npm puts in the tarball whatever `files` says. */
const ALWAYS_PACKED = ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md'];
/** Where the docs' pictures are shown from: the package ships none, npm's page needs an address. */
const RAW_FILES = 'https://raw.githubusercontent.com/astro-audio-reviews/astro-audio-reviews/main/';
const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg)$/i;

/** `files` entries are folders (`integration/dist`) or one folder's files by extension (`docs/*.md`). */
function isPacked(path: string): boolean {
	return (
		ALWAYS_PACKED.includes(path) ||
		(pkg.files as string[]).some((entry) => {
			const glob = /^(.+)\/\*(\.\w+)$/.exec(entry);
			if (glob) return posix.dirname(path) === glob[1] && path.endsWith(glob[2]!);
			return path === entry || path.startsWith(`${entry}/`);
		})
	);
}

/**
 * Relative links must resolve on GitHub, on npm (which rewrites them to the repository) and in
 * node_modules: to a file that exists and that the package ships. Files it does not ship are
 * linked on GitHub, and those links must name a file that exists too.
 */
function linkProblem(
	page: DocPage,
	target: string,
	pages: Map<string, DocPage>,
): string | undefined {
	const remote = [`${REPOSITORY}/blob/main/`, RAW_FILES].find((prefix) =>
		target.startsWith(prefix),
	);
	if (/^(https?:|mailto:)/.test(target) && !remote) return undefined;
	const [rawPath = '', anchor] = target.split('#') as [string, string | undefined];
	const path = remote
		? rawPath.slice(remote.length)
		: rawPath
			? posix.normalize(posix.join(posix.dirname(page.file), decodeURIComponent(rawPath)))
			: page.file;
	if (path.startsWith('..')) return 'points outside the repository';
	if (!existsSync(new URL(`../../${path}`, import.meta.url))) return `no file ${path}`;
	if (!remote && IMAGE.test(path)) return `images do not ship: show it as ${RAW_FILES}${path}`;
	if (!remote && !isPacked(path))
		return `${path} is not in the package (files of package.json): link it as ${REPOSITORY}/blob/main/${path}`;
	if (anchor === undefined) return undefined;
	const linked = pages.get(path);
	if (!linked) return `an anchor into ${path}, which is not a docs page`;
	return anchorsOf(linked).has(anchor) ? undefined : `no heading #${anchor} in ${path}`;
}

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFile(new URL(`../../${path}`, import.meta.url), 'utf8');
const pkg = JSON.parse(await read('package.json')) as Record<string, any>;
const REPOSITORY = 'https://github.com/astro-audio-reviews/astro-audio-reviews';

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
	return heading
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\p{M}\- _]/gu, '')
		.replace(/ /g, '-');
}

describe('what npm shows of the repository', () => {
	it('names the repository, homepage, issue tracker and an MIT licence file', async () => {
		expect(pkg.repository).toEqual({ type: 'git', url: `git+${REPOSITORY}.git` });
		expect(pkg.homepage).toBe(`${REPOSITORY}#readme`);
		expect(pkg.bugs).toEqual({ url: `${REPOSITORY}/issues` });
		expect(pkg.license).toBe('MIT');
		expect(await read('LICENSE')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /);
		expect(await read('CHANGELOG.md')).toMatch(/^# Changelog\n[\s\S]*\n## \[Unreleased\]\n/);
	});

	it('links the README only to absolute addresses or to its own headings', async () => {
		const readme = await read('README.md');
		const prose = readme.replace(/^```[\s\S]*?^```$/gm, '');
		const anchors = new Set([...prose.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!.trim())));
		const targets = [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
		expect(targets.length).toBeGreaterThan(0);
		// The README is also the package's page on npm and a file in node_modules, where a path
		// into the repository leads nowhere: files are linked on GitHub.
		const relative = targets.filter((target) => !/^(https?:|mailto:|#)/.test(target));
		expect(relative, `make these absolute: ${REPOSITORY}/blob/main/<path>`).toEqual([]);
		const broken = targets.filter((target) => target.startsWith('#') && !anchors.has(target.slice(1)));
		expect(broken, 'in-page links to headings that do not exist').toEqual([]);
	});
});

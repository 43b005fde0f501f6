import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

// /pages reads the integration's virtual modules, which only Astro provides: empty stand-ins let
// its module load here so its exports can be listed. Nothing in it runs.
vi.mock('virtual:astro-audio-reviews/config', () => ({ default: {} }));
vi.mock('virtual:astro-audio-reviews/catalogue', () => ({ default: undefined }));
// The cache provider reads its secret through astro:env, which Astro serves too.
vi.mock('astro:env/server', () => ({ getSecret: () => undefined }));

const ROOT = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as {
	exports: Record<string, string | { default: string }>;
};

/** The entry points whose runtime names count toward the budget the public surface keeps to. */
const BUDGETED = ['.', './loaders', './client', './schema', './live'];
const BUDGET = 50;

/** Every JavaScript entry point of package.json `exports` (components ship as Astro source, listed by hand in docs/api.md). */
const ENTRIES = Object.entries(pkg.exports)
	.filter(([, target]) => typeof target === 'object')
	.map(([entry, target]) => ({
		entry,
		file: fileURLToPath(new URL((target as { default: string }).default, ROOT)),
	}));

async function runtimeNames(): Promise<Map<string, string[]>> {
	const names = new Map<string, string[]>();
	for (const { entry, file } of ENTRIES) {
		if (!existsSync(file))
			throw new Error(
				`${file} is missing: run \`npm run build:pkg\` (npm test and npm run test:unit do) first`,
			);
		names.set(entry, Object.keys(await import(file)).sort());
	}
	return names;
}

/** The names docs/api.md gives in backticks under each entry point's heading (`## \`astro-audio-reviews/live\``). */
function documentedNames(): Map<string, Set<string>> {
	const text = readFileSync(new URL('docs/api.md', ROOT), 'utf8');
	const sections = new Map<string, Set<string>>();
	for (const section of text.split(/^## /m).slice(1)) {
		const heading = /^`astro-audio-reviews(\/[a-z/]+)?`/.exec(section);
		if (!heading) continue;
		const names = [...section.matchAll(/`([A-Za-z_$][\w$]*)/g)].map((match) => match[1]!);
		sections.set(heading[1] ? `.${heading[1]}` : '.', new Set(names));
	}
	return sections;
}

describe('the public surface', () => {
	it('documents every runtime export of every entry point in docs/api.md, under that entry point', async () => {
		const documented = documentedNames();
		const undocumented = [...(await runtimeNames())].flatMap(([entry, names]) =>
			names.filter((name) => !documented.get(entry)?.has(name)).map((name) => `${entry}: ${name}`),
		);
		expect(undocumented).toEqual([]);
	});

	it('exports each name from one entry point only', async () => {
		const entriesOf = new Map<string, string[]>();
		for (const [entry, names] of await runtimeNames())
			for (const name of names) entriesOf.set(name, [...(entriesOf.get(name) ?? []), entry]);
		const twice = [...entriesOf].filter(
			([name, entries]) => name !== 'default' && entries.length > 1,
		);
		expect(twice.map(([name, entries]) => `${name}: ${entries.join(', ')}`)).toEqual([]);
	});

	it(`keeps ${BUDGET} runtime names at most across ${BUDGETED.join(', ')}`, async () => {
		const names = await runtimeNames();
		const counted = BUDGETED.flatMap((entry) => names.get(entry) ?? []);
		expect(BUDGETED.every((entry) => names.has(entry))).toBe(true);
		expect(counted.length).toBeLessThanOrEqual(BUDGET);
	});
});

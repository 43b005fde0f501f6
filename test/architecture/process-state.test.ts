import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PACKAGE = fileURLToPath(new URL('../../integration/', import.meta.url));
const STATE_MODULE = 'src/state/process-state.ts';
const FOLDERS = ['src', 'components', 'routes', 'scripts'];

/**
 * Reading what the platform puts on `globalThis` is no hidden state: the injected `fetch`'s
 * default, Node's `gc` when exposed, `process.env` where a runtime may have no `process`, and
 * Vercel's request context (its purge API), read as `@vercel/functions` reads it.
 */
const PLATFORM_GLOBALS =
	/globalThis(?: as \{(?:[^{}]|\{[^{}]*\})*\})?\)?\.(?:fetch|gc|process)\b|typeof globalThis\.fetch|Symbol\.for\('@vercel\/request-context'\)|\(globalThis as \{ \[REQUEST_CONTEXT\]\?: \w+ \}\)\[REQUEST_CONTEXT\]/g;

async function packageFiles(dir: string): Promise<string[]> {
	const found: string[] = [];
	for (const item of await readdir(dir, { withFileTypes: true })) {
		const path = join(dir, item.name);
		if (item.isDirectory()) found.push(...(await packageFiles(path)));
		else if (/\.(ts|mjs|js|astro)$/.test(item.name)) found.push(path);
	}
	return found;
}

/** Each use of `globalThis` or `Symbol.for` in `text` that is neither a platform global nor in the state module. */
function hiddenState(file: string, text: string): string[] {
	if (file === STATE_MODULE) return [];
	const rest = text.replace(PLATFORM_GLOBALS, '');
	return [...rest.matchAll(/globalThis|Symbol\.for/g)].map((match) => `${file}: ${match[0]}`);
}

describe('process-wide state', () => {
	it('lives in state/process-state.ts only: no other globalThis registry or Symbol.for in the package', async () => {
		const found: string[] = [];
		for (const folder of FOLDERS) {
			for (const file of await packageFiles(join(PACKAGE, folder)))
				found.push(...hiddenState(relative(PACKAGE, file), await readFile(file, 'utf8')));
		}
		expect(found).toEqual([]);
	});

	it("names each slot's file in the channel map, and only that file asks for the slot", async () => {
		const state = await readFile(join(PACKAGE, STATE_MODULE), 'utf8');
		const channels = await readFile(new URL('../../docs/development.md', import.meta.url), 'utf8');
		const slots = [
			.../export type ProcessStateSlot = ([^;]+);/.exec(state)![1]!.matchAll(/'([a-z-]+)'/g),
		].map((match) => match[1]!);
		const documented = new Map(
			[...channels.matchAll(/^- `([a-z-]+)` \((state\/[^)]+\.ts)\)/gm)].map((match) => [
				match[1]!,
				`src/${match[2]!}`,
			]),
		);
		expect([...documented.keys()].sort()).toEqual([...slots].sort());
		const askers = new Map<string, string[]>();
		for (const file of await packageFiles(join(PACKAGE, 'src'))) {
			const text = await readFile(file, 'utf8');
			for (const match of text.matchAll(/processState(?:<.*?>)?\('([a-z-]+)'/g)) {
				askers.set(match[1]!, [...(askers.get(match[1]!) ?? []), relative(PACKAGE, file)]);
			}
		}
		expect(Object.fromEntries(askers)).toEqual(
			Object.fromEntries(slots.map((slot) => [slot, [documented.get(slot)]])),
		);
		// An entry's content date and locale travel in the entry (schema/entry-metadata.ts).
		expect(slots).not.toContain('content-dates');
	});

	it("names each slot module's readers and writers: the files that import it, and no others", async () => {
		const USERS: Record<string, string[]> = {
			'state/build-state.ts': [
				'src/dev-loop/last-known-good.ts',
				'src/hooks/finish-build.ts',
				'src/hooks/integration.ts',
				'src/pages/change-report.ts',
				'src/pages/pages-api.ts',
				'src/products-loader/products-loader.ts',
				'src/routing/collection-check.ts',
				'src/routing/product-url.ts',
				'src/virtual/virtual-modules.ts',
				'src/virtual/virtual.d.ts',
			],
			'state/published-pages.ts': [
				'src/feed/write-review-feed.ts',
				'src/hooks/integration.ts',
				'src/pages/pages-api.ts',
			],
			'state/sitemap-pages.ts': ['src/sitemaps/sitemap.ts'],
		};
		const found: Record<string, string[]> = Object.fromEntries(
			Object.keys(USERS).map((module) => [module, []]),
		);
		for (const folder of FOLDERS) {
			for (const file of await packageFiles(join(PACKAGE, folder))) {
				const text = await readFile(file, 'utf8');
				for (const module of Object.keys(USERS))
					if (text.includes(`${module.replace(/\.ts$/, '.js')}'`) && !file.endsWith(module))
						found[module]!.push(relative(PACKAGE, file));
			}
		}
		expect(
			Object.fromEntries(Object.entries(found).map(([module, files]) => [module, files.sort()])),
		).toEqual(USERS);
	});

	it("is not used on demand: the routes reach the live loader through Astro's live collection API", async () => {
		const users: string[] = [];
		for (const file of await packageFiles(join(PACKAGE, 'src/on-demand')))
			if ((await readFile(file, 'utf8')).includes('processState'))
				users.push(relative(PACKAGE, file));
		expect(users).toEqual([]);
	});

	it('finds one when there is one (the check itself)', () => {
		expect(
			hiddenState(
				'src/x.ts',
				"const KEY = Symbol.for('x');\n(globalThis as { [KEY]?: number })[KEY] = 1;",
			),
		).toEqual(['src/x.ts: Symbol.for', 'src/x.ts: globalThis']);
		expect(hiddenState('src/x.ts', 'const f = options.fetch ?? globalThis.fetch;')).toEqual([]);
	});
});

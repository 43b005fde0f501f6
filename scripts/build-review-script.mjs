// Minifies the pages' client script (integration/src/pages/reviews-client.ts, TypeScript for the
// browser) into the string `<AudioReviews>` inlines (integration/src/pages/review-script.ts).
// A classic inline script: Vite's bundled `<script>` is a deferred module, which would run after
// the cards are parsed and could not find its section by `document.currentScript`.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

const SOURCE = new URL('../integration/src/pages/reviews-client.ts', import.meta.url);
const TARGET = new URL('../integration/src/pages/review-script.ts', import.meta.url);

/** The minified script, as the browser receives it. */
export async function minifiedReviewsScript() {
	const { code } = await transform(await readFile(SOURCE, 'utf8'), {
		loader: 'ts',
		minify: true,
		// The browsers Astro's own client code targets: optional chaining, iterable NodeList.
		target: 'es2022',
		legalComments: 'none',
		tsconfigRaw: {},
	});
	const script = code.trim().replace(/;$/, '');
	if (/['\\\n]/.test(script)) throw new Error('The minified script needs escaping: quote it here');
	return script;
}

/** The module's text, formatted as Biome formats it. */
export function reviewScriptModule(script) {
	return [
		'// Made by scripts/build-review-script.mjs (`npm run build:pkg`) from reviews-client.ts: edit',
		'// that file, not this one.',
		'',
		'/** The only client JavaScript of the pages, inlined once by `<AudioReviews>` before its cards. */',
		'export const REVIEWS_SCRIPT =',
		`\t'${script}';`,
		'',
	].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const text = reviewScriptModule(await minifiedReviewsScript());
	const before = await readFile(TARGET, 'utf8').catch(() => undefined);
	if (text !== before) await writeFile(TARGET, text);
}

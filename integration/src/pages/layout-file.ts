import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AudioReviewsOptionsError } from '../errors/errors.js';

// Apart from page-options.ts: the option schemas also run in the on-demand routes (workerd, no
// file system), this check only in the integration's hook.

/** The file the layout virtual module re-exports: the user's `layout`, else the package's standalone document. */
export function layoutFile(layout: string | undefined, root: URL): string {
	if (layout === undefined)
		return fileURLToPath(
			new URL('../../components/internal/StandaloneLayout.astro', import.meta.url),
		);
	const file = fileURLToPath(new URL(layout.replace(/^\.?\/+/, ''), root));
	if (!existsSync(file)) {
		throw new AudioReviewsOptionsError(
			`Invalid audioReviews options:\n- layout: ${layout} does not exist (looked for ${file})`,
			'Pass the path of your layout component from the project root, e.g. audioReviews({ layout: "/src/layouts/Shop.astro" })',
		);
	}
	return file;
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeXmlText } from '../seo/xml-text.js';
import type { DevHub } from './dev-hub.js';
import type { SkippedProduct } from './protocol.js';

/**
 * `astro dev` only: the page of a product `onInvalid: "skip"` left out answers 404 with why
 * (ref, locale, field path, value) instead of Astro's bare 404. Any other request goes on.
 */
export function skippedPageHandler(hub: DevHub, route: string, base: string) {
	const [before = '', after = ''] = route.split('[ref]');
	const root = base.replace(/\/+$/, '');
	return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
		const skipped = req.method === 'GET' ? skippedAt(req.url ?? '/') : [];
		if (skipped.length === 0) {
			next();
			return;
		}
		res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
		res.end(page(skipped));
	};

	function skippedAt(url: string): SkippedProduct[] {
		let path: string;
		try {
			path = decodeURIComponent(new URL(url, 'http://dev.invalid').pathname);
		} catch {
			return [];
		}
		if (!path.startsWith(root)) return [];
		path = path.slice(root.length).replace(/\/+$/, '');
		return hub.skipped().flatMap((status) => {
			const first = status.locales[0];
			return status.skipped.filter((item) => {
				const own = `${before}${item.ref}${after}`.replace(/\/+$/, '');
				return path === `/${item.locale}${own}` || (item.locale === first && path === own);
			});
		});
	}
}

function page(skipped: readonly SkippedProduct[]): string {
	const { ref, locale } = skipped[0]!;
	const rows = skipped
		.map(
			(item) =>
				`<li><code>${escapeXmlText(item.path)}</code>: ${escapeXmlText(item.message)} (value <code>${escapeXmlText(item.value)}</code>)</li>`,
		)
		.join('');
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Skipped product ${escapeXmlText(ref)}</title></head><body><main><h1>Product ${escapeXmlText(ref)} (${escapeXmlText(locale)}) was skipped</h1><p>Its data failed the schema and <code>onInvalid: "skip"</code> left it out of the collection, so it has no page. In <code>astro build</code> this is a plain 404.</p><ul>${rows}</ul><p>Fix the data in the backoffice, then refresh: the dev toolbar's "Refresh all", <code>s + enter</code>, or the refresh webhook.</p></main></body></html>`;
}

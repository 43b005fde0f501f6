import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeXmlText } from '../seo/xml-text.js';
import type { DevHub } from './dev-hub.js';

/**
 * `astro dev` only: while a collection's sync failed with nothing stored (a start during an
 * outage), its pages answer 503 with what is happening and how to go on, instead of a page
 * error per request (a stack trace in the terminal, Astro's warnings, an overlay over the
 * toolbar). The loader said it once in the terminal. Any other request goes on.
 */
export function emptyStorePageHandler(hub: DevHub, route: string, base: string) {
	const prefix = route.split('[ref]')[0]!.replace(/\/+$/, '');
	const root = base.replace(/\/+$/, '');
	const ours = new RegExp(`^(?:/[^/]+)?${escapeRegExp(prefix)}(?:/|$)`);
	return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
		const failures = req.method === 'GET' && isOurs(req.url ?? '/') ? hub.nothingYet() : [];
		if (failures.length === 0) {
			next();
			return;
		}
		res.writeHead(503, {
			'Content-Type': 'text/html; charset=utf-8',
			'Cache-Control': 'no-store',
			'Retry-After': '10',
		});
		res.end(page(failures));
	};

	function isOurs(url: string): boolean {
		let path: string;
		try {
			path = decodeURIComponent(new URL(url, 'http://dev.invalid').pathname);
		} catch {
			return false;
		}
		return path.startsWith(root) && ours.test(path.slice(root.length));
	}
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function page(failures: readonly { collection: string; reason: string }[]): string {
	const rows = failures
		.map(
			(item) =>
				`<li>Collection <code>${escapeXmlText(item.collection)}</code>: ${escapeXmlText(item.reason)}</li>`,
		)
		.join('');
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Nothing to show yet</title></head><body><main><h1>Nothing to show yet</h1><p>The sync of the products failed and no earlier sync is stored, so there is no page to show. The dev server keeps running.</p><ul>${rows}</ul><p>Once the cause is fixed (the service answers again), press <kbd>s</kbd> then <kbd>Enter</kbd> in the terminal running <code>astro dev</code>, or POST the refresh webhook; then reload this page.</p></main></body></html>`;
}

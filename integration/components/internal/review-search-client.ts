// `ReviewSearch` in the browser: results as the shopper types, from the search endpoint. The form
// keeps working without this script (a GET of the page with `?q=`).

const DEBOUNCE_MS = 250;
const LIMIT = 10;

interface Words {
	results: Record<string, string>;
	/** The count past the endpoint's cap: "More than {count} products found". */
	more: Record<string, string>;
	reviews: Record<string, string>;
	none: string;
	unavailable: string;
}

interface Result {
	url: string;
	name: string;
	rating: number | null;
	reviews: number;
	snippet: string;
}

export function enhanceReviewSearch(root: HTMLElement): void {
	const input = root.querySelector<HTMLInputElement>('input[name="q"]');
	const status = root.querySelector<HTMLElement>('.aar-search-status');
	const list = root.querySelector<HTMLOListElement>('.aar-search-results');
	const form = root.querySelector('form');
	if (!input || !status || !list || !form || root.dataset.enhanced) return;
	root.dataset.enhanced = '';
	const words = JSON.parse(root.dataset.words ?? '{}') as Words;
	const lang = root.dataset.lang ?? 'en';
	const plural = new Intl.PluralRules(lang);
	const counted = (templates: Record<string, string>, count: number) =>
		(templates[plural.select(count)] ?? templates.other ?? '{count}').replace(
			'{count}',
			count.toLocaleString(lang),
		);
	let timer: ReturnType<typeof setTimeout> | undefined;
	let controller: AbortController | undefined;

	const run = async () => {
		const q = input.value.trim();
		controller?.abort();
		const url = new URL(window.location.href);
		if (q) url.searchParams.set('q', q);
		else url.searchParams.delete('q');
		// The address stays shareable and the back button finds the search again.
		history.replaceState(history.state, '', url);
		if (!q) {
			list.replaceChildren();
			status.textContent = '';
			return;
		}
		controller = new AbortController();
		const query = new URLSearchParams({ q: q.slice(0, 200), limit: String(LIMIT) });
		if (root.dataset.locale) query.set('locale', root.dataset.locale);
		try {
			const response = await fetch(`${root.dataset.endpoint}?${query}`, {
				signal: controller.signal,
				headers: { accept: 'application/json' },
			});
			const body = response.ok
				? ((await response.json()) as { total: number; totalExact: boolean; results: Result[] })
				: undefined;
			if (!body) {
				list.replaceChildren();
				status.textContent = words.unavailable;
				return;
			}
			list.replaceChildren(
				...body.results.map((result) =>
					resultItem(result, lang, (count) => counted(words.reviews, count)),
				),
			);
			status.textContent =
				body.total === 0
					? words.none
					: counted(body.totalExact === false ? words.more : words.results, body.total);
		} catch (error) {
			if ((error as Error).name === 'AbortError') return;
			list.replaceChildren();
			status.textContent = words.unavailable;
		}
	};

	input.addEventListener('input', () => {
		clearTimeout(timer);
		timer = setTimeout(run, DEBOUNCE_MS);
	});
	form.addEventListener('submit', (event) => {
		event.preventDefault();
		clearTimeout(timer);
		void run();
	});
	// ArrowDown from the field to the first result, and between results; Escape back to the field.
	root.addEventListener('keydown', (event) => {
		const links = [...list.querySelectorAll<HTMLAnchorElement>('.aar-search-link')];
		const at = links.indexOf(document.activeElement as HTMLAnchorElement);
		if (event.key === 'ArrowDown' && links.length > 0) {
			event.preventDefault();
			links[Math.min(at + 1, links.length - 1)]!.focus();
		} else if (event.key === 'ArrowUp' && at >= 0) {
			event.preventDefault();
			(at === 0 ? input : links[at - 1]!).focus();
		} else if (event.key === 'Escape' && at >= 0) input.focus();
	});
}

/** One result, built node by node. */
function resultItem(
	result: Result,
	lang: string,
	counted: (count: number) => string,
): HTMLLIElement {
	const li = document.createElement('li');
	li.className = 'aar-search-result';
	const link = document.createElement('a');
	link.className = 'aar-search-link';
	link.href = result.url;
	link.textContent = result.name;
	li.append(link);
	const parts: Node[] = [];
	if (result.rating !== null) {
		const rating = document.createElement('span');
		rating.className = 'aar-search-rating';
		const star = document.createElement('span');
		star.setAttribute('aria-hidden', 'true');
		star.textContent = '★ ';
		rating.append(star, result.rating.toLocaleString(lang));
		parts.push(rating);
	}
	if (result.reviews > 0) {
		if (parts.length > 0) parts.push(document.createTextNode(' · '));
		parts.push(document.createTextNode(counted(result.reviews)));
	}
	if (parts.length > 0) {
		const meta = document.createElement('p');
		meta.className = 'aar-search-meta';
		meta.append(...parts);
		li.append(meta);
	}
	const snippet = document.createElement('p');
	snippet.className = 'aar-search-snippet';
	snippet.append(...snippetNodes(result.snippet));
	li.append(snippet);
	return li;
}

/**
 * The snippet's text and `<mark>`s only. Parsed in a `<template>`, whose content is inert (no
 * script runs, no image loads), then copied node by node: whatever else it held stays text.
 */
function snippetNodes(html: string): Node[] {
	const template = document.createElement('template');
	template.innerHTML = html;
	return [...template.content.childNodes].map((node) => {
		if (node.nodeName === 'MARK') {
			const mark = document.createElement('mark');
			mark.textContent = node.textContent;
			return mark;
		}
		return document.createTextNode(node.textContent ?? '');
	});
}

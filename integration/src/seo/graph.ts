import type { BreadcrumbList, CollectionPage, ItemList, Thing } from 'schema-dts';

/** One JSON-LD document holding every node of a page, linked by `@id`. */
export interface JsonLdGraph {
	'@context': 'https://schema.org';
	'@graph': Thing[];
}

/** One step of a page's breadcrumb trail: its visible name and its URL (absolute when `site` is set). */
export interface Crumb {
	name: string;
	url: string;
}

/** `@id` of a node of the page at `url`. */
export function nodeId(url: string | undefined, name: string): string {
	return `${url ?? ''}#${name}`;
}

export function breadcrumbJsonLd(crumbs: readonly Crumb[], id: string): BreadcrumbList {
	return {
		'@type': 'BreadcrumbList',
		'@id': id,
		itemListElement: crumbs.map((crumb, index) => ({
			'@type': 'ListItem',
			position: index + 1,
			name: crumb.name,
			item: crumb.url,
		})),
	};
}

export interface HubJsonLdOptions {
	/** Absolute URL of this hub page (canonical), when `site` is set. */
	url: string | undefined;
	name: string;
	locale: string | undefined;
	/** The products linked from this hub page, in page order. */
	items: ReadonlyArray<{ name: string; url: string }>;
	/** 1-based position of the first item across the whole hub (page 2 continues page 1's numbering). */
	firstPosition: number;
	/** Products across every page of the hub. */
	total: number;
	breadcrumbs: readonly Crumb[];
}

/** A hub page: a `CollectionPage` whose main entity is the `ItemList` of the products it links. */
export function hubJsonLd(options: HubJsonLdOptions): JsonLdGraph {
	const { url, locale } = options;
	const list: ItemList = {
		'@type': 'ItemList',
		'@id': nodeId(url, 'itemlist'),
		numberOfItems: options.total,
		itemListElement: options.items.map((item, index) => ({
			'@type': 'ListItem',
			position: options.firstPosition + index,
			name: item.name,
			url: item.url,
		})),
	};
	const hasCrumbs = options.breadcrumbs.length >= 2;
	const page: CollectionPage = {
		'@type': 'CollectionPage',
		'@id': nodeId(url, 'webpage'),
		name: options.name,
		...(url ? { url } : {}),
		...(locale ? { inLanguage: locale } : {}),
		...(hasCrumbs ? { breadcrumb: { '@id': nodeId(url, 'breadcrumb') } } : {}),
		mainEntity: { '@id': nodeId(url, 'itemlist') },
	};
	const graph: Thing[] = [page, list];
	if (hasCrumbs) graph.push(breadcrumbJsonLd(options.breadcrumbs, nodeId(url, 'breadcrumb')));
	return { '@context': 'https://schema.org', '@graph': graph };
}

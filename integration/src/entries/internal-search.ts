// `#internal/search` (package.json `imports`, not `exports`): what the search route, the webhook's
// re-index and `ReviewSearch` need. Reached only through `virtual:astro-audio-reviews/search`,
// which a site without `search: 'postgres'` serves empty: its bundles never hold the driver.

export { liveContentOf } from '../on-demand/collection-source.js';
export { liveSearchReindex, liveSearchTarget } from '../on-demand/search-site.js';
export {
	checkSearchParams,
	type SearchResponseBody,
	type SearchTarget,
	searchFor,
	searchResponse,
} from '../search-postgres/endpoint.js';

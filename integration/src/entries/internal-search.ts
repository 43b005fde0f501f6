// `#internal/search` (package.json `imports`, not `exports`): what the search route, the webhook's
// re-index and `ReviewSearch` need (integration/routes/search-site.ts). Reached only through
// `virtual:astro-audio-reviews/search`, which a site without `search: 'postgres'` serves empty:
// its bundles never hold the search or its driver.

export {
	DATABASE_URL_ENV,
	READ_URL_ENV,
	type SearchConnection,
} from '../search-postgres/database.js';
export {
	checkSearchParams,
	type SearchResponseBody,
	type SearchTarget,
	searchFor,
	searchResponse,
} from '../search-postgres/endpoint.js';
export { type ReindexOutcome, reindexRefs } from '../search-postgres/reindex.js';

#!/usr/bin/env node
/**
 * Purges the pages a build changed from Cloudflare's cache, reading the change report that
 * audioReviews() writes after each build (docs/rebuilds.md).
 *
 *   CLOUDFLARE_ZONE_ID=… CLOUDFLARE_API_TOKEN=… node node_modules/astro-audio-reviews/integration/scripts/purge-cloudflare.mjs [report.json]
 *
 * Purge by URL (Cloudflare API "purge_cache" with `files`) accepts a bounded number of URLs per
 * call, so URLs go in batches (CLOUDFLARE_PURGE_BATCH, default 30). Removed pages are purged
 * too: the CDN must stop serving them. Exits non-zero when a call fails, so the deploy job shows it.
 */
import { readFile } from 'node:fs/promises';

const reportPath = process.argv[2] ?? '.astro/audio-reviews-changes.json';
const zone = process.env.CLOUDFLARE_ZONE_ID;
const token = process.env.CLOUDFLARE_API_TOKEN;
// Overridable for tests and API proxies.
const api = (process.env.CLOUDFLARE_API_BASE ?? 'https://api.cloudflare.com/client/v4').replace(
	/\/+$/,
	'',
);
const batch = Number(process.env.CLOUDFLARE_PURGE_BATCH ?? 30);

if (!zone || !token) {
	console.error(
		'Set CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN (a token with the Cache Purge permission).',
	);
	process.exit(2);
}

const report = JSON.parse(await readFile(reportPath, 'utf8'));
if (report.format !== 1) {
	console.error(`${reportPath}: unknown change report format ${report.format}`);
	process.exit(2);
}
if (report.previousBuild === null) {
	console.log('First build: nothing cached to purge.');
	process.exit(0);
}
const urls = [...report.changed, ...report.removed];
if (urls.some((url) => !/^https?:\/\//.test(url))) {
	console.error(
		'The report holds site-relative paths: set `site` in the Astro config so it lists absolute URLs.',
	);
	process.exit(2);
}

for (let start = 0; start < urls.length; start += batch) {
	const files = urls.slice(start, start + batch);
	const response = await fetch(`${api}/zones/${encodeURIComponent(zone)}/purge_cache`, {
		method: 'POST',
		headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
		body: JSON.stringify({ files }),
	});
	const body = await response.json().catch(() => ({}));
	if (!response.ok || body.success === false) {
		console.error(`Purge failed (HTTP ${response.status}): ${JSON.stringify(body.errors ?? body)}`);
		process.exit(1);
	}
}
console.log(`Purged ${urls.length} URLs (${report.summary}).`);

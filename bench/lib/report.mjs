// Renders results (see run.mjs) as BENCHMARKS.md. The analysis that does not come out of one
// run (why a target is missed, what would meet it) is kept in bench/analysis.md and appended.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { devMarkdown } from './dev-figure.mjs';
import { feedMarkdown } from './feed.mjs';
import { largestPageMarkdown } from './largest-page.mjs';
import { pollMarkdown } from './poll-markdown.mjs';
import {
	coldSection,
	peerSection,
	rebuildSection,
	requestsSection,
	scaleSection,
} from './report-builds.mjs';
import { n, s } from './report-format.mjs';
import {
	liveSection,
	metricsSection,
	nodesSection,
	profileSection,
	searchPostgresSection,
} from './report-live.mjs';
import { headerSection, summaryBuildsSection, summaryLiveSection } from './report-summary.mjs';
import { searchMarkdown } from './search.mjs';
import { sitemapMarkdown } from './sitemap.mjs';
import { BENCH } from './sites.mjs';

/** The figures that also run alone: the long tail (7), the feed, search, deploys on change and the on-demand sitemap. */
function partsSection(r, line) {
	line('## 7. The long tail: the largest page');
	line();
	for (const text of largestPageMarkdown(r.longTail, { n, s })) line(text);
	line();

	line('## Product review feed');
	line();
	for (const text of feedMarkdown(r.feed, { n, s })) line(text);
	line();

	line('## Static search (Pagefind)');
	line();
	for (const text of searchMarkdown(r.search, { n, s })) line(text);
	line();

	line('## Deploys on change (`audio-reviews poll`)');
	line();
	for (const text of pollMarkdown(r.poll, { n, s })) line(text);
	line();

	line('## Dev at 10,000 products (`astro dev`)');
	line();
	for (const text of devMarkdown(r.dev)) line(text);
	line();

	line('## Sitemap of an on-demand catalogue');
	line();
	for (const text of sitemapMarkdown(r.sitemap, { n })) line(text);
	line();
}

/** The analysis that does not come out of one run (bench/analysis.md), when there is one. */
function analysisSection(_r, line) {
	try {
		const analysis = readFileSync(join(BENCH, 'analysis.md'), 'utf8').trim();
		if (analysis) {
			line(analysis);
			line();
		}
	} catch {}
}

/** BENCHMARKS.md's sections, in order; each writes its lines from the results. */
const SECTIONS = [
	headerSection,
	summaryBuildsSection,
	summaryLiveSection,
	coldSection,
	peerSection,
	requestsSection,
	rebuildSection,
	scaleSection,
	partsSection,
	profileSection,
	liveSection,
	nodesSection,
	metricsSection,
	searchPostgresSection,
	analysisSection,
];

export function renderMarkdown(r) {
	const out = [];
	const line = (text = '') => out.push(text);
	for (const write of SECTIONS) write(r, line);
	return out.join('\n');
}

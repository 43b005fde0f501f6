import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroConfig, AstroIntegrationLogger } from 'astro';
import { buildReviewFeed } from '../feed/write-review-feed.js';
import {
	type IndexNowSettings,
	indexNowTarget,
	writeKeyFile,
} from '../indexnow/index-now-settings.js';
import { reportChanges } from '../pages/change-report.js';
import {
	layoutHeadWarning,
	missingHomeWarnings,
	missingWordsWarnings,
} from '../pages/page-option-warnings.js';
import { outputFiles } from '../pages/prune-output.js';
import {
	type LocaleRouting,
	localeHomePath,
	localeMismatchWarnings,
} from '../routing/locale-routing.js';
import { recordedCatalogue, type StaleCollection } from '../state/build-state.js';
import { normalizeRoute, type ResolvedAudioReviewsOptions } from './resolved-options.js';

type Assets = Parameters<typeof outputFiles>[0];

/**
 * Warnings about what the pages could not do well: locales without words, locales Astro's `i18n`
 * and the loader do not share, a layout without a head slot.
 */
export function warnAboutPages(
	resolved: ResolvedAudioReviewsOptions,
	assets: Assets,
	logger: AstroIntegrationLogger,
	routing: LocaleRouting,
	site?: { dir: string; config: AstroConfig },
): void {
	const locales = recordedCatalogue(resolved.collection)?.locales ?? [];
	for (const warning of missingWordsWarnings(locales, resolved.uiText)) logger.warn(warning);
	for (const warning of localeMismatchWarnings(routing, locales)) logger.warn(warning);
	const headWarning =
		resolved.route === false
			? undefined
			: layoutHeadWarning(resolved.layout, normalizeRoute(resolved.route), assets);
	if (headWarning) logger.warn(headWarning);
	// With an adapter the home page may be rendered on demand: only a static build can tell.
	if (site && resolved.route !== false && !site.config.adapter) {
		const slash = urlsEndInSlash(site.config);
		const homes = (locales.length > 0 ? locales : [undefined]).map((locale) => ({
			locale,
			path: localeHomePath(routing, locale, slash),
		}));
		const where = { dir: site.dir, base: site.config.base };
		for (const warning of missingHomeWarnings(homes, where)) logger.warn(warning);
	}
}

export interface FinishContext {
	dir: string;
	assets: Assets;
	logger: AstroIntegrationLogger;
	config: AstroConfig;
	stale: StaleCollection[];
	/** When this build started (ms since the epoch): older files in a kept dist/ are candidates for pruning. */
	startedAt: number;
	/** Set with the `indexNow` option and a key: the key file is written, the report says where to submit. */
	indexNow?: IndexNowSettings | undefined;
}

/** After the pages: the review feed, then the change report (and pruning of a kept dist/). */
export async function finishOutput(
	resolved: ResolvedAudioReviewsOptions,
	context: FinishContext,
): Promise<void> {
	const { config, logger, dir } = context;
	const feed = await buildReviewFeed(resolved.reviewsFeed, {
		collection: resolved.collection,
		dir,
		config,
		logger,
	});
	if (context.indexNow)
		logger.info(
			`IndexNow key file: ${relative(fileURLToPath(config.root), await writeKeyFile(context.indexNow, dir))}`,
		);
	// Whoever turned it off (this integration or the user), dist/ was not emptied.
	const keptOutDir = config.vite?.build?.emptyOutDir === false;
	if (resolved.changeReport === false && !keptOutDir) return;
	const reportPath =
		resolved.changeReport === false
			? undefined
			: fileURLToPath(new URL(resolved.changeReport, config.root));
	const outputs = outputFiles(context.assets);
	if (feed) outputs.add(feed.file);
	const report = await reportChanges({
		dir,
		manifestPath: fileURLToPath(
			new URL('astro-audio-reviews/pages-manifest.json', config.cacheDir),
		),
		reportPath,
		style: { site: config.site, base: config.base, trailingSlash: urlsEndInSlash(config) },
		stale: context.stale,
		outputs,
		otherFiles: feed ? [feed.path] : undefined,
		prune: keptOutDir
			? { startedAt: context.startedAt, publicDir: fileURLToPath(config.publicDir) }
			: undefined,
		indexNow: context.indexNow && indexNowTarget(context.indexNow),
	});
	logReport(report, logger);
	if (reportPath)
		logger.info(
			`Pages since the last build: ${report.summary} (${relative(fileURLToPath(config.root), reportPath)})`,
		);
}

function logReport(
	report: Awaited<ReturnType<typeof reportChanges>>,
	logger: AstroIntegrationLogger,
): void {
	if (report.pruned.length > 0) {
		logger.info(
			`Deleted ${report.pruned.length} page${report.pruned.length === 1 ? '' : 's'} of the previous build that this build no longer has (dist/ is kept between builds: vite.build.emptyOutDir is false)`,
		);
	}
	if (report.refused.length > 0) {
		logger.warn(
			`Ignored ${report.refused.length} entr${report.refused.length === 1 ? 'y' : 'ies'} of the cached page list that point outside dist/ (e.g. ${JSON.stringify(report.refused[0]!.slice(0, 120))}): ` +
				'the restored node_modules/.astro cache is corrupt or was tampered with. Nothing outside dist/ was touched',
		);
	}
	if (report.unverified.length > 0) {
		logger.warn(
			`dist/ holds ${report.unverified.length} HTML file${report.unverified.length === 1 ? '' : 's'} that this build did not output (e.g. ${report.unverified[0]}), and there is no record of the previous build's pages (node_modules/.astro was not kept) to tell whether they are stale product pages. ` +
				'They were left in place: empty dist/ once (or build once without keepOutDir) if removed products may still have pages there',
		);
	}
}

/** Canonical, hreflang and report URLs must be the ones the host serves without a redirect. */
export function urlsEndInSlash(config: AstroConfig): boolean {
	return (
		config.trailingSlash === 'always' ||
		(config.trailingSlash !== 'never' && config.build.format !== 'file')
	);
}

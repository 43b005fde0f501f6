import { hash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { z } from 'astro/zod';
import { formatIssuePath } from '../errors/error-text.js';
import { CommandUsageError } from '../errors/errors.js';
import { writeAtomic } from '../files/atomic-write.js';
import { ownFile } from '../files/own-file.js';
import { formatNumber } from '../format/numbers.js';
import { changeReportSchema, pageManifestSchema } from '../schema/own-files.js';
import type { StaleCollection } from '../state/build-state.js';
import { leftoverFiles, type PruneContext, pruneStalePages } from './prune-output.js';

// The pages a build changed, so the shop can purge its own CDN.
export const REPORT_FORMAT = 1;

export interface PageManifest {
	format: typeof REPORT_FORMAT;
	generatedAt: string;
	pages: Record<string, string>;
	/** The HTML files that build's routes output, relative to the output folder, for pruning. */
	files?: string[];
}

export interface HashedPages {
	pages: Record<string, string>;
	files: string[];
}

/** Where to submit and how the endpoint checks that the URLs are ours. */
export interface IndexNowTarget {
	endpoint: string;
	/** The site's host (`shop.example.com`): every URL must belong to it. */
	host: string;
	key: string;
	/** The absolute URL of the key file; URLs outside its folder are refused by the endpoint. */
	keyLocation: string;
}

export interface ChangeReport {
	format: typeof REPORT_FORMAT;
	generatedAt: string;
	/** Astro's `site`: URLs are absolute when it is set, site-relative otherwise. */
	site: string | null;
	/** When the compared build was made; null on a first build (every page is "added"). */
	previousBuild: string | null;
	summary: string;
	added: string[];
	changed: string[];
	removed: string[];
	unchanged: number;
	/** Collections built from the last known good store because the service was down. */
	lastKnownGood: StaleCollection[];
	/** With `indexNow`: where `audio-reviews indexnow` submits these URLs, and the build's key. */
	indexNow?: IndexNowTarget;
}

/** The fields of a change report the commands act on, as read back. */
export type ReadChangeReport = z.output<typeof changeReportSchema>;

export interface UrlStyle {
	site: string | undefined;
	base: string;
	trailingSlash: boolean;
}

/** `products/x/index.html` → `/products/x/`, base and site added; other files keep their name. */
export function urlOfHtmlFile(file: string, style: UrlStyle): string {
	const posix = file.split(sep).join('/');
	let path: string;
	if (!posix.endsWith('.html')) path = `/${posix}`;
	else if (posix === 'index.html') path = '/';
	else if (posix.endsWith('/index.html')) path = `/${posix.slice(0, -'index.html'.length)}`;
	else path = `/${posix.slice(0, -'.html'.length)}`;
	if (!style.trailingSlash && posix.endsWith('.html') && path.length > 1)
		path = path.replace(/\/$/, '');
	const base = style.base.replace(/\/+$/, '');
	const full = `${base}${path}`;
	return style.site ? new URL(full, style.site).href : full;
}

export function hashPages(
	dir: string,
	style: UrlStyle,
	otherFiles: readonly string[] = [],
): HashedPages {
	const pages: Record<string, string> = {};
	const files: string[] = [];
	const add = (file: string) => {
		files.push(file);
		pages[urlOfHtmlFile(file, style)] = hash(
			'sha256',
			readFileSync(join(dir, ...file.split('/'))),
			'base64url',
		).slice(0, 22);
	};
	const walk = (folder: string, prefix: string) => {
		for (const entry of readdirSync(folder, { withFileTypes: true })) {
			if (entry.isDirectory()) walk(join(folder, entry.name), `${prefix}${entry.name}/`);
			else if (entry.name.endsWith('.html')) add(`${prefix}${entry.name}`);
		}
	};
	walk(dir, '');
	for (const file of otherFiles) add(file);
	return { pages, files };
}

export function compareManifests(
	previous: Omit<PageManifest, 'format'> | undefined,
	pages: Record<string, string>,
): Pick<ChangeReport, 'added' | 'changed' | 'removed' | 'unchanged'> {
	const added: string[] = [];
	const changed: string[] = [];
	const removed: string[] = [];
	let unchanged = 0;
	const before = previous?.pages ?? {};
	for (const [url, hash] of Object.entries(pages)) {
		const old = before[url];
		if (old === undefined) added.push(url);
		else if (old !== hash) changed.push(url);
		else unchanged++;
	}
	for (const url of Object.keys(before)) if (!(url in pages)) removed.push(url);
	return { added: added.sort(), changed: changed.sort(), removed: removed.sort(), unchanged };
}

export function summarize(
	report: Pick<ChangeReport, 'added' | 'changed' | 'removed' | 'unchanged' | 'previousBuild'>,
): string {
	const total = report.added.length + report.changed.length + report.unchanged;
	if (report.previousBuild === null)
		return `${formatNumber(total)} pages, first build (nothing to compare with: every page is new)`;
	return `${formatNumber(report.changed.length)} changed, ${formatNumber(report.added.length)} added, ${formatNumber(report.removed.length)} removed, ${formatNumber(report.unchanged)} unchanged`;
}

/** Restored from a cache: a manifest not of the expected shape is none (every page is "added"). */
const manifestFile = ownFile({ version: REPORT_FORMAT, schema: pageManifestSchema });

export function readManifest(path: string): Promise<Omit<PageManifest, 'format'> | undefined> {
	return manifestFile.readOrNone(path);
}

/** Written to a temporary file then renamed: a build killed mid-write leaves the old file whole. */
export async function writeJsonAtomic(path: string, value: unknown): Promise<void> {
	await writeAtomic(path, (temporary) =>
		writeFile(temporary, `${JSON.stringify(value, null, '\t')}\n`),
	);
}

export interface ReportContext {
	dir: string;
	/** The previous build's manifest, in Astro's cacheDir beside the store. */
	manifestPath: string;
	/** Undefined for no report (the manifest is still kept, for pruning). */
	reportPath: string | undefined;
	style: UrlStyle;
	stale: StaleCollection[];
	/** Every file this build's routes output, and the integration's own files. */
	outputs: ReadonlySet<string>;
	/** Non-HTML files reported like pages (the review feed), relative to `dir`, posix. */
	otherFiles?: readonly string[] | undefined;
	/** Set when `emptyOutDir` is false: the previous build's pages not output now are deleted. */
	prune?: Omit<PruneContext, 'dir' | 'previousPages' | 'outputs'> | undefined;
	indexNow?: IndexNowTarget | undefined;
}

/** Compares this build's pages with the previous build's; writes the report and new manifest. */
export async function reportChanges(
	context: ReportContext,
): Promise<ChangeReport & { pruned: string[]; refused: string[]; unverified: string[] }> {
	const previous = await readManifest(context.manifestPath);
	const prune = context.prune && { ...context.prune, dir: context.dir, outputs: context.outputs };
	// Without the previous build's file list nothing is known to be a page: prune nothing, but
	// say how many files could be stale (the caller warns).
	const { removed: pruned, refused } =
		prune && previous?.files
			? pruneStalePages({ ...prune, previousPages: new Set(previous.files) })
			: { removed: [], refused: [] };
	const { pages, files } = hashPages(context.dir, context.style, context.otherFiles);
	const unverified = prune && !previous?.files ? leftoverFiles(prune, files) : [];
	const generatedAt = new Date().toISOString();
	const diff = compareManifests(previous, pages);
	const previousBuild = previous?.generatedAt ?? null;
	const report: ChangeReport = {
		format: REPORT_FORMAT,
		generatedAt,
		site: context.style.site ?? null,
		previousBuild,
		summary: summarize({ ...diff, previousBuild }),
		...diff,
		lastKnownGood: context.stale,
		...(context.indexNow ? { indexNow: context.indexNow } : {}),
	};
	if (context.reportPath) await writeJsonAtomic(context.reportPath, report);
	// Last: the manifest moves on only once the report describing the step is safely written.
	const pageFiles = files.filter((file) =>
		context.outputs.has(join(context.dir, ...file.split('/'))),
	);
	await writeJsonAtomic(context.manifestPath, {
		format: REPORT_FORMAT,
		generatedAt,
		pages,
		files: pageFiles,
	} satisfies PageManifest);
	return { ...report, pruned, refused, unverified };
}

/** A build's change report, as `audio-reviews indexnow` and `purge-cloudflare` read it: checked whole. */
export async function readChangeReport(path: string): Promise<ReadChangeReport> {
	let text: string;
	try {
		text = await readFile(path, 'utf8');
	} catch {
		throw new CommandUsageError(
			`No change report at ${path}: run \`astro build\` in this folder first, or pass --report <file> if \`changeReport\` names another file`,
		);
	}
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		throw new CommandUsageError(
			`${path} is not JSON: it is not a change report of astro-audio-reviews`,
		);
	}
	const format = (json as { format?: unknown } | null)?.format;
	if (format !== REPORT_FORMAT)
		throw new CommandUsageError(`${path}: unknown change report format ${JSON.stringify(format)}`);
	const parsed = changeReportSchema.safeParse(json);
	if (parsed.success) return parsed.data;
	const issue = parsed.error.issues[0]!;
	throw new CommandUsageError(
		`${path}: ${formatIssuePath(issue.path)} does not fit (${issue.message}); rebuild to write it anew`,
	);
}

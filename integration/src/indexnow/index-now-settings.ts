import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AudioReviewsOptionsError } from '../errors/errors.js';
import type { IndexNowTarget } from '../options/index-now-option.js';
import { DEFAULT_LIVE_ROUTE, type ResolvedIndexNowOption } from '../options/index-now-option.js';

/** What the `indexNow` option resolves to once the Astro config and the build environment are known: the key file, the target, the purged pages. */

/** The protocol's key format (indexnow.org/documentation). */
const KEY_FORMAT = /^[A-Za-z0-9-]{8,128}$/;
const KEY_RULE = '8 to 128 characters of a-z, A-Z, 0-9 and -';

export interface IndexNowSettings extends IndexNowTarget {
	/** The key file's name in the output folder. */
	keyFile: string;
}

interface SiteContext {
	site: string | undefined;
	base: string;
	command: 'dev' | 'build' | 'preview' | 'sync';
	changeReport: string | false;
	invalidate: boolean;
}

/**
 * Checked once, in `astro:config:setup`: what IndexNow needs from the rest of the config, and (in
 * `astro build`) the key from the environment.
 */
export function resolveIndexNow(
	option: ResolvedIndexNowOption | undefined,
	context: SiteContext,
): IndexNowSettings | undefined {
	if (!option) return undefined;
	const key = process.env[option.keyEnv];
	const building = context.command === 'build';
	const problems = [
		...configProblems(option, context),
		...(building ? keyProblems(option.keyEnv, key) : []),
	];
	if (problems.length > 0) {
		throw new AudioReviewsOptionsError(
			`Invalid audioReviews options:\n- indexNow: ${problems.join('\n- indexNow: ')}`,
			'Fix the Astro config or the build environment, or remove the `indexNow` option. See docs/indexnow.md of astro-audio-reviews',
		);
	}
	if (!building || !key || !context.site) return undefined;
	return indexNowSettings(option.endpoint, key, context.site, context.base);
}

function configProblems(option: ResolvedIndexNowOption, context: SiteContext): string[] {
	const problems: string[] = [];
	if (!context.site)
		problems.push(
			'`site` is not set in the Astro config: IndexNow takes absolute URLs of one host, and checks the key file at that host',
		);
	if (context.changeReport === false)
		problems.push(
			'`changeReport` is false: the indexnow command submits the URLs the change report lists, so keep it (or remove `indexNow`)',
		);
	if (option.submitPurged !== false && !context.invalidate)
		problems.push(
			'`indexNow.submitPurged` needs the invalidation webhook: set `invalidate: { websiteId }` too (docs/on-demand.md)',
		);
	return problems;
}

function keyProblems(keyEnv: string, key: string | undefined): string[] {
	if (key === undefined || key === '')
		return [
			`the environment variable ${keyEnv} is not set: set it to your IndexNow key (${KEY_RULE}), e.g. ${keyEnv}=$(openssl rand -hex 16); the build writes it to <key>.txt at the site root`,
		];
	if (KEY_FORMAT.test(key)) return [];
	const odd = /[^A-Za-z0-9-]/.exec(key)?.[0];
	return [
		`${keyEnv} is not an IndexNow key: it must be ${KEY_RULE} (it has ${key.length} characters${odd ? `, including ${JSON.stringify(odd)}` : ''})`,
	];
}

/** The key file lives at the output root, so it is served under `base`; keyLocation says where, and covers every page below it. */
function indexNowSettings(
	endpoint: string,
	key: string,
	site: string,
	base: string,
): IndexNowSettings {
	const keyFile = `${key}.txt`;
	const folder = `${base.replace(/\/+$/, '')}/`;
	return {
		endpoint,
		key,
		host: new URL(site).host,
		keyLocation: new URL(`${folder}${keyFile}`, site).href,
		keyFile,
	};
}

/** Where and with which key to submit, without the file name (what the change report and the webhook carry). */
export function indexNowTarget(settings: IndexNowSettings): IndexNowTarget {
	const { endpoint, host, key, keyLocation } = settings;
	return { endpoint, host, key, keyLocation };
}

/** The file the engines fetch to check the key: the key itself, nothing else. */
export async function writeKeyFile(settings: IndexNowSettings, dir: string): Promise<string> {
	const path = join(dir, settings.keyFile);
	await writeFile(path, settings.key);
	return path;
}

/**
 * What the injected invalidation route needs to submit the pages it purged (serialised into its
 * virtual config); `base`, trailing slash and default locale it reads from the pages' config.
 */
export interface PurgedPagesConfig {
	target: IndexNowTarget;
	/** Pattern of the on-demand product pages, e.g. `/products/[...ref]`. */
	route: string;
	/** The Astro `site` (required with `indexNow`): the host of the submitted URLs, the key's host. */
	site: string;
}

export function purgedPagesConfig(
	option: ResolvedIndexNowOption | undefined,
	settings: IndexNowSettings | undefined,
	site: string | undefined,
): PurgedPagesConfig | undefined {
	if (!option || option.submitPurged === false || !settings || !site) return undefined;
	return {
		target: indexNowTarget(settings),
		route: option.submitPurged === true ? DEFAULT_LIVE_ROUTE : option.submitPurged.route,
		site,
	};
}

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AudioReviewsOptionsError } from '../errors/errors.js';
import type { IndexNowTarget } from '../pages/change-report.js';
import { DEFAULT_LIVE_ROUTE, type ResolvedIndexNowOption } from './index-now-option.js';

/** The protocol's key format (indexnow.org/documentation). */
const KEY_FORMAT = /^[A-Za-z0-9-]{8,128}$/;
const KEY_RULE = '8 to 128 characters of a-z, A-Z, 0-9 and -';

export interface IndexNowSettings extends IndexNowTarget {
	keyFile: string;
}

interface SiteContext {
	site: string | undefined;
	base: string;
	command: 'dev' | 'build' | 'preview' | 'sync';
	changeReport: string | false;
	invalidate: boolean;
}

/** Checked once at config setup: what IndexNow needs of the config, and the key from the env. */
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

/** The key file sits at the output root under `base`; keyLocation covers every page below it. */
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

/** Where and with which key to submit, without the file name. */
export function indexNowTarget(settings: IndexNowSettings): IndexNowTarget {
	const { endpoint, host, key, keyLocation } = settings;
	return { endpoint, host, key, keyLocation };
}

export async function writeKeyFile(settings: IndexNowSettings, dir: string): Promise<string> {
	const path = join(dir, settings.keyFile);
	await writeFile(path, settings.key);
	return path;
}

/** What the invalidation route needs to submit the pages it purged. */
export interface PurgedPagesConfig {
	target: IndexNowTarget;
	route: string;
	/** Astro's `site` (required with `indexNow`): the submitted URLs' host, the key's host. */
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

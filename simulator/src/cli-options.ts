import { parseArgs } from 'node:util';
import { SimulatorUsageError } from './errors.js';
import type { LongTailOptions } from './long-tail.js';
import type { SimulatorOptions } from './simulator.js';

/** The bin's fixed default port, so a site's config can name the service before it starts. */
export const DEFAULT_CLI_PORT = 8686;

export const USAGE = `Usage: audio-reviews-simulator [options]
  --host <host>            listen address (default 127.0.0.1)
  --port <n>               port (default ${DEFAULT_CLI_PORT}; 0: a free one, printed at start)
  --control                serve the HTTP control API under /__control (off by default)
  --products <n>           generated products (default 300)
  --locales <a,b>          audio locales (default fr,en)
  --seed <n>               catalogue seed (default 1)
  --website-id <uuid>      website id (default the demo one)
  --website-name <name>    website name
  --reviews <n>            average audio items per locale of a product outside the
                           long tail (default 3)
  --long-tail <off|shares> review counts' long tail: shares of products with tens
                           (6-99), hundreds (120-999) and thousands (1,200-2,500) of
                           items per locale, any of them: tens=0.04,hundreds=0.005,
                           thousands=0.0001 (the default); off: none
  --adversarial            append the adversarial corpus
  --avatars <cdn|served>   authors' pictures: an invented CDN (default) or served here
                           at <baseUrl>/media/avatars/<id>.svg
  --media-base-url <url>   origin of served pictures when clients reach this host by
                           another address (default <baseUrl>/media)
  --max-limit <n>          page-size cap (default 100)
  --no-conditional         no ETag/Last-Modified, never 304
  --error-rate <0..1>      fraction of 5xx answers
  --rate-limit-rate <0..1> fraction of 429 answers
  --retry-after <s|date>   Retry-After of 429s: seconds or "date" (default 1)
  --reset-rate <0..1>      fraction of connections reset
  --hang-rate <0..1>       fraction of requests never answered
  --latency <ms|min,max>   added to every response
  --outage <503|refuse>    start in an outage
  --fault-seed <n>         fault generator seed (default 42)
  --help`;

/** Flags taking a number, and the option each one sets. */
const NUMBER_FLAGS = {
	port: 'port',
	products: 'products',
	seed: 'seed',
	reviews: 'reviewsPerProduct',
	'max-limit': 'maxLimit',
	'error-rate': 'errorRate',
	'rate-limit-rate': 'rateLimitRate',
	'reset-rate': 'resetRate',
	'hang-rate': 'hangRate',
	'fault-seed': 'faultSeed',
} as const satisfies Record<string, keyof SimulatorOptions>;

const STRING_FLAGS = [
	'host',
	'locales',
	'website-id',
	'website-name',
	'retry-after',
	'latency',
	'outage',
	'avatars',
	'media-base-url',
	'long-tail',
] as const;
const BOOLEAN_FLAGS = ['control', 'adversarial', 'no-conditional', 'help'] as const;

export type CliRequest = { help: true } | { help: false; options: SimulatorOptions };

/** The bin's arguments as simulator options; throws with the flag's name on a bad value. */
export function parseCliArgs(args: readonly string[]): CliRequest {
	const spec: Record<string, { type: 'string' | 'boolean' }> = {};
	for (const flag of [...Object.keys(NUMBER_FLAGS), ...STRING_FLAGS])
		spec[flag] = { type: 'string' };
	for (const flag of BOOLEAN_FLAGS) spec[flag] = { type: 'boolean' };
	const { values } = parseArgs({
		args: [...args],
		options: spec,
		strict: true,
		allowPositionals: false,
	});
	const text = values as Record<string, string | undefined>;
	if (values.help) return { help: true };

	const options: SimulatorOptions = { port: DEFAULT_CLI_PORT };
	for (const [flag, key] of Object.entries(NUMBER_FLAGS)) {
		const value = numberFlag(flag, text[flag]);
		if (value !== undefined) options[key] = value;
	}
	if (text.host !== undefined) options.host = text.host;
	if (text.locales !== undefined)
		options.locales = text.locales
			.split(',')
			.map((locale) => locale.trim())
			.filter(Boolean);
	if (text['website-id'] !== undefined) options.websiteId = text['website-id'];
	if (text['website-name'] !== undefined) options.websiteName = text['website-name'];
	if (values.control) options.control = true;
	if (values.adversarial) options.adversarial = true;
	if (values['no-conditional']) options.conditional = false;
	const retryAfter = text['retry-after'];
	if (retryAfter !== undefined)
		options.retryAfter = retryAfter === 'date' ? 'date' : numberFlag('retry-after', retryAfter);
	const latency = text.latency?.split(',').map((part) => numberFlag('latency', part) ?? 0);
	if (latency) options.latencyMs = latency.length === 2 ? [latency[0]!, latency[1]!] : latency[0]!;
	const outage = text.outage;
	if (outage !== undefined && outage !== '503' && outage !== 'refuse')
		throw new SimulatorUsageError(`--outage expects 503 or refuse, got ${JSON.stringify(outage)}`);
	if (outage !== undefined) options.outage = outage === 'refuse' ? 'refuse' : true;
	const avatars = text.avatars;
	if (avatars !== undefined && avatars !== 'cdn' && avatars !== 'served')
		throw new SimulatorUsageError(
			`--avatars expects cdn or served, got ${JSON.stringify(avatars)}`,
		);
	if (avatars !== undefined) options.avatars = avatars;
	if (text['media-base-url'] !== undefined) options.mediaBaseUrl = text['media-base-url'];
	if (text['long-tail'] !== undefined) options.longTail = longTailFlag(text['long-tail']);
	return { help: false, options };
}

/** `off`, or `tier=share` pairs separated by commas; the shares' range is checked by the simulator. */
function longTailFlag(raw: string): LongTailOptions | false {
	if (raw === 'off') return false;
	const longTail: LongTailOptions = {};
	for (const pair of raw.split(',')) {
		const [tier, share] = pair.split('=');
		if (tier !== 'tens' && tier !== 'hundreds' && tier !== 'thousands')
			throw new SimulatorUsageError(
				`--long-tail expects off or tens=…,hundreds=…,thousands=… (shares of products), got ${JSON.stringify(raw)}`,
			);
		longTail[tier] = numberFlag('long-tail', share ?? '');
	}
	return longTail;
}

function numberFlag(name: string, raw: string | undefined): number | undefined {
	if (raw === undefined) return undefined;
	const value = Number(raw);
	if (raw.trim() === '' || !Number.isFinite(value))
		throw new SimulatorUsageError(`--${name} expects a number, got ${JSON.stringify(raw)}`);
	return value;
}

import type { SimAudio, SimExperiment, SimProduct, SimWidgetConfig } from './model.js';
import { chance, int, mixSeed, mulberry32, pick, type Random, uuid } from './random.js';
import { ADJECTIVES, BRANDS, bankFor, COLOURS, LAST_NAMES, type LocaleBank, NOUNS, THEMES } from './text-banks.js';

export interface CatalogueOptions {
	websiteId: string;
	websiteName?: string;
	/** Number of products (default 300). */
	products?: number;
	/** Locales of the audio content (default `['fr', 'en']`). */
	locales?: readonly string[];
	seed?: number;
	/** Average audio items per product and covered locale (default 3). */
	reviewsPerProduct?: number;
	/** Transcript length range in characters (default [200, 2000]). */
	transcriptLength?: readonly [number, number];
	/**
	 * Where authors' pictures point: `<mediaBaseUrl>/avatars/<user id>.svg`, the pictures a
	 * simulator serves under its own `/media` (`startSimulator({ avatars: 'served' })` sets it).
	 * Default: an invented CDN, `https://cdn.audio-reviews.example/avatars/<id>.jpg`, which never
	 * resolves.
	 */
	mediaBaseUrl?: string;
}

export interface GenerateOptions {
	/**
	 * Only the ref, timestamps and audio flags will be read (the catalogue index): transcripts
	 * and dates are left empty, which makes generation several times faster. Every random draw
	 * still happens, so the flags are those of the full product.
	 */
	summaryOnly?: boolean;
}

/** Fixed, so generated timestamps (and so ETag/Last-Modified) are identical on every run. */
const EPOCH = Date.parse('2024-03-01T00:00:00Z');
const DAY = 86_400_000;
const CDN = 'https://cdn.audio-reviews.example';

/** Website-level widget configurations, selectable with `variant` on the single endpoint. */
export const DEMO_WIDGET_CONFIGS: readonly SimWidgetConfig[] = [
	{ reference: 'compact-v2', name: 'Compact', config: { theme: 'compact', size: 'small', showTranscript: false } },
	{
		reference: 'dark-2025',
		name: 'Dark mode',
		config: { theme: 'dark', colors: { primary: '#f5f5f5', background: '#111111', text: '#f5f5f5' } },
	},
];

/**
 * A deterministic, realistic demo catalogue: the same options always give the same products.
 * Eager: for large catalogues the simulator keeps an index instead and regenerates products on
 * demand (see store.ts), which is why each product depends only on (seed, index).
 */
export function generateCatalogue(options: CatalogueOptions): SimProduct[] {
	const count = options.products ?? 300;
	const products: SimProduct[] = new Array(count);
	for (let index = 0; index < count; index++) products[index] = generateProduct(index, options);
	return products;
}

/**
 * Product number `index`. About 8% have no audio at all; some have only inactive or only
 * unvalidated audio; some audio has an empty URL; about 5% run an A/B experiment.
 */
export function generateProduct(index: number, options: CatalogueOptions, generate: GenerateOptions = {}): SimProduct {
	const seed = options.seed ?? 1;
	const random = mulberry32(mixSeed(seed, index));
	const locales = options.locales ?? ['fr', 'en'];
	const main = bankFor(locales[0] ?? 'fr');
	const { ref, noun, adjective } = productIdentity(index, options);
	const brand = pick(random, BRANDS);
	const name = `${brand} ${capitalise(adjective)} ${capitalise(noun)}`;
	const createdAt = EPOCH + Math.floor(random() * 365 * DAY);
	const product: SimProduct = {
		id: uuid(random),
		external_id: ref,
		website: options.websiteName === undefined ? { id: options.websiteId } : { id: options.websiteId, name: options.websiteName },
		reviews: [],
		updatedAt: createdAt,
	};
	if (!chance(random, 0.03)) product.name = name;
	if (chance(random, 0.8)) product.seo_name = `${name} | Reviews and audio testimonials`;
	if (chance(random, 0.75))
		product.seo_description = `Hear real customers talk about the ${brand} ${adjective} ${noun}: audio reviews with full transcripts.`;
	if (chance(random, 0.9)) product.features = { ctaAnalytics: chance(random, 0.5) };
	if (chance(random, 0.95)) {
		product.config = {
			theme: pick(random, THEMES),
			colors: { primary: pick(random, COLOURS), background: '#ffffff', text: '#1b1b1b' },
			cta: { text: pick(random, main.ctaTexts), position: pick(random, ['left', 'right', 'bottom']) },
			animation: pick(random, ['fade', 'slide', 'none']),
			showTranscript: chance(random, 0.7),
		};
		if (chance(random, 0.05))
			product.variants = [
				{ reference: `${ref}-promo`, name: 'Promo', config: { theme: 'promo', cta: { text: 'Offer: listen now', position: 'bottom' } } },
			];
	}
	const hasExperiment = chance(random, 0.05);

	if (!chance(random, 0.08)) addAudio(random, product, { seed, index, locales, name, createdAt, options, generate });
	if (hasExperiment && product.reviews.length > 0) product.experiment = experiment(random, product.reviews);
	product.updatedAt += Math.floor(random() * 5 * DAY);
	return product;
}

interface ProductAudioContext {
	seed: number;
	index: number;
	locales: readonly string[];
	name: string;
	createdAt: number;
	options: CatalogueOptions;
	generate: GenerateOptions;
}

/** The product's audio in every locale (draws in a fixed order: the catalogue depends on it), then its edge cases. */
function addAudio(
	random: Random,
	product: SimProduct,
	{ seed, index, locales, name, createdAt, options, generate }: ProductAudioContext,
): void {
	const average = options.reviewsPerProduct ?? 3;
	let ordinal = 0;
	for (const locale of locales) {
		// Not every product has content in every locale, as in a real multilingual shop.
		if (locales.length > 1 && chance(random, 0.12)) continue;
		// Symmetric around the average and never below one item, so the mean holds for any average >= 1.
		const spread = Math.max(0, Math.min(2, average - 0.5));
		const n = Math.max(1, Math.round(average + (random() - 0.5) * 2 * spread));
		const bank = bankFor(locale);
		for (let i = 0; i < n; i++) {
			const item = audio(random, {
				seed,
				index,
				ordinal: ordinal++,
				locale,
				bank,
				name,
				createdAt,
				isDefault: i === 0,
				options,
				generate,
			});
			product.reviews.push(item.audio);
			product.updatedAt = Math.max(product.updatedAt, item.createdAt);
		}
	}
	const edge = random();
	if (edge < 0.03) for (const item of product.reviews) item.is_active = false;
	else if (edge < 0.05) for (const item of product.reviews) item.awaitingValidation = true;
	else if (edge < 0.06) for (const item of product.reviews) item.validated = false;
	else if (edge < 0.1 && product.reviews[0]) product.reviews[0].audio_url = '';
}

/**
 * The ref of product `index`, from its own tiny stream: the simulator knows all refs at start
 * without generating 100k products, and the product's other draws do not depend on it.
 * Most shops use SKUs; some use slugs like `chair-oak-2`. The index keeps both unique.
 */
export function productIdentity(index: number, options: CatalogueOptions): { ref: string; noun: string; adjective: string } {
	const random = mulberry32(mixSeed(options.seed ?? 1, index, 0x5ef));
	const noun = pick(random, NOUNS);
	const adjective = pick(random, ADJECTIVES);
	const ref = chance(random, 0.12) ? `${noun}-${adjective}-${index}` : `SKU-${String(index).padStart(5, '0')}`;
	return { ref, noun, adjective };
}

interface AudioContext {
	seed: number;
	index: number;
	ordinal: number;
	locale: string;
	bank: LocaleBank;
	name: string;
	createdAt: number;
	isDefault: boolean;
	options: CatalogueOptions;
	generate: GenerateOptions;
}

function audio(random: Random, c: AudioContext): { audio: SimAudio; createdAt: number } {
	const type = chance(random, 0.75) ? 'review' : 'testimony';
	const id = uuid(random);
	const awaiting = chance(random, 0.03);
	const createdAt = c.createdAt + Math.floor(random() * 365 * DAY);
	const item: SimAudio = {
		id,
		type,
		audio_url: `${CDN}/${c.locale}/${id}.mp3`,
		is_active: !chance(random, 0.07),
		is_default: c.isDefault,
		created_at: c.generate.summaryOnly ? '' : new Date(createdAt).toISOString(),
		user: { id: uuid(random) },
		locale: c.locale,
		validated: !awaiting && !chance(random, 0.02),
		awaitingValidation: awaiting,
	};
	if (chance(random, 0.85)) item.label = pick(random, c.bank.labels);
	// Reviews are nearly always rated, testimonies seldom; some ratings are halves.
	if (chance(random, type === 'review' ? 0.95 : 0.15)) item.rating = pick(random, [5, 5, 5, 4.5, 4, 4, 4, 3.5, 3, 2.5, 2, 1, 0]);
	if (chance(random, 0.97)) {
		// Content comes from its own stream: skipping it must not shift the product's other draws.
		const [min, max] = c.options.transcriptLength ?? [200, 2000];
		item.transcript = c.generate.summaryOnly
			? ''
			: transcript(mulberry32(mixSeed(c.seed, c.index, c.ordinal, 0x7a)), c.bank, c.name, min, max);
	}
	if (chance(random, 0.95)) item.user.firstname = pick(random, c.bank.firstNames);
	if (chance(random, 0.75)) item.user.lastname = pick(random, LAST_NAMES);
	if (chance(random, 0.6)) item.user.image_url = pictureOf(item.user.id, c.options.mediaBaseUrl);
	if (chance(random, 0.45)) item.user.description = pick(random, c.bank.descriptions);
	return { audio: item, createdAt };
}

/** The picture of a generated user (ids are UUIDs, which the media route accepts). */
function pictureOf(userId: string, mediaBaseUrl: string | undefined): string {
	return mediaBaseUrl === undefined ? `${CDN}/avatars/${userId}.jpg` : `${mediaBaseUrl}/avatars/${userId}.svg`;
}

/**
 * Sentences from the locale's bank until a random length in [min, max] is reached, never
 * beyond max. Speech-to-text output has occasional line breaks, so some are kept.
 */
export function transcript(random: Random, bank: LocaleBank, productName: string, min: number, max: number): string {
	const target = int(random, min, max);
	let text = '';
	let last = -1;
	while (text.length < target) {
		let i = Math.floor(random() * bank.sentences.length);
		if (i === last) i = (i + 1) % bank.sentences.length;
		last = i;
		const sentence = capitalise(
			bank.sentences[i]!.replace('{p}', productName).replace('{d}', pick(random, bank.durations)).replace('{w}', pick(random, bank.people)),
		);
		const separator = text === '' ? '' : random() < 0.12 ? '\n' : ' ';
		if (text.length + separator.length + sentence.length > max) {
			if (text.length < min) text += separator + cutAtWord(sentence, max - text.length - separator.length);
			break;
		}
		text += separator + sentence;
	}
	return text;
}

function cutAtWord(sentence: string, room: number): string {
	if (room < 2) return '';
	const head = sentence.slice(0, room - 1);
	const space = head.lastIndexOf(' ');
	return `${space > 0 ? head.slice(0, space) : head}…`;
}

function experiment(random: Random, reviews: readonly SimAudio[]): SimExperiment {
	const second = reviews[1] ?? reviews[0]!;
	const byLocale: Record<string, string> = {};
	for (const item of reviews) byLocale[item.locale] ??= item.id;
	const split = pick(random, [50, 50, 70, 80]);
	return {
		id: uuid(random),
		name: pick(random, ['Default audio A/B', 'Widget on/off', 'Testimony first']),
		variations: [
			{
				id: uuid(random),
				name: 'Control',
				widgetEnabled: true,
				widgetConfigId: null,
				audioSelection: 'default',
				audioId: null,
				audioPosition: null,
				allocation: split,
				position: 0,
			},
			{
				id: uuid(random),
				name: 'Variant B',
				widgetEnabled: chance(random, 0.8),
				widgetConfigId: uuid(random),
				audioSelection: 'specific',
				audioId: second.id,
				audioPosition: 1,
				audioIdsByLocale: byLocale,
				allocation: 100 - split,
				position: 1,
				config: { highlight: true },
			},
		],
	};
}

function capitalise(value: string): string {
	return value.charAt(0).toUpperCase() + value.slice(1);
}

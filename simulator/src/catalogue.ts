import {
	type LongTailOptions,
	type LongTailTier,
	longTailCount,
	longTailTier,
} from './long-tail.js';
import type { SimAudio, SimExperiment, SimProduct, SimWidgetConfig } from './model.js';
import { chance, mixSeed, mulberry32, pick, type Random, uuid } from './random.js';
import {
	ADJECTIVES,
	BRANDS,
	bankFor,
	COLOURS,
	LAST_NAMES,
	type LocaleBank,
	NOUNS,
	seoTextsIn,
	THEMES,
} from './text-banks.js';
import { capitalise, transcript } from './transcript.js';

export interface CatalogueOptions {
	websiteId: string;
	websiteName?: string;
	/** Number of products (default 300). */
	products?: number;
	/** Locales of the audio content (default `['fr', 'en']`). */
	locales?: readonly string[];
	seed?: number;
	/** Average audio items per covered locale of a product outside the long tail (default 3). */
	reviewsPerProduct?: number;
	/**
	 * Review counts with the long tail of a real shop (default: see `DEFAULT_LONG_TAIL`): most
	 * products `reviewsPerProduct` items or so, some tens, a few hundreds, one in 10,000 over a
	 * thousand. `false`: every product about `reviewsPerProduct` per covered locale.
	 */
	longTail?: LongTailOptions | false;
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
	{
		reference: 'compact-v2',
		name: 'Compact',
		config: { theme: 'compact', size: 'small', showTranscript: false },
	},
	{
		reference: 'dark-2025',
		name: 'Dark mode',
		config: {
			theme: 'dark',
			colors: { primary: '#f5f5f5', background: '#111111', text: '#f5f5f5' },
		},
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
export function generateProduct(
	index: number,
	options: CatalogueOptions,
	generate: GenerateOptions = {},
): SimProduct {
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
		website:
			options.websiteName === undefined
				? { id: options.websiteId }
				: { id: options.websiteId, name: options.websiteName },
		reviews: [],
		updatedAt: createdAt,
	};
	if (!chance(random, 0.03)) product.name = name;
	const seo = { title: chance(random, 0.8), description: chance(random, 0.75) };
	if (chance(random, 0.9)) product.features = { ctaAnalytics: chance(random, 0.5) };
	if (chance(random, 0.95)) {
		product.config = {
			theme: pick(random, THEMES),
			colors: { primary: pick(random, COLOURS), background: '#ffffff', text: '#1b1b1b' },
			cta: {
				text: pick(random, main.ctaTexts),
				position: pick(random, ['left', 'right', 'bottom']),
			},
			animation: pick(random, ['fade', 'slide', 'none']),
			showTranscript: chance(random, 0.7),
		};
		if (chance(random, 0.05))
			product.variants = [
				{
					reference: `${ref}-promo`,
					name: 'Promo',
					config: { theme: 'promo', cta: { text: 'Offer: listen now', position: 'bottom' } },
				},
			];
	}
	const hasExperiment = chance(random, 0.05);
	const tier = longTailTier(index, seed, options.longTail);

	// A tail product always has audio: the tier is what it stands for.
	if (!chance(random, 0.08) || tier)
		addAudio(random, product, { seed, index, locales, name, createdAt, options, generate, tier });
	if (hasExperiment && product.reviews.length > 0)
		product.experiment = experiment(random, product.reviews);
	setSeoTexts(product, seo, { name, bank: main, locale: locales[0] ?? 'fr' });
	product.updatedAt += Math.floor(random() * 5 * DAY);
	return product;
}

/** The SEO texts in the first locale's language, the API localising them per request (api-shape.ts). */
function setSeoTexts(
	product: SimProduct,
	seo: { title: boolean; description: boolean },
	first: { name: string; bank: LocaleBank; locale: string },
): void {
	const withReviews = product.reviews.some((item) => item.locale === first.locale);
	const texts = seoTextsIn(first.bank, first.name, withReviews);
	if (seo.title) product.seo_name = texts.seo_name;
	if (seo.description) product.seo_description = texts.seo_description;
	product.texts = {
		name: first.name,
		seo_name: product.seo_name,
		seo_description: product.seo_description,
	};
}

interface ProductAudioContext {
	seed: number;
	index: number;
	locales: readonly string[];
	name: string;
	createdAt: number;
	options: CatalogueOptions;
	generate: GenerateOptions;
	tier: LongTailTier | undefined;
}

/** Tail items' transcripts get ordinals from here, apart from the body's: adding them moves no other text. */
const TAIL_ORDINALS = 0x100000;

/**
 * The product's audio in every locale (draws in a fixed order: the catalogue depends on it), then
 * its edge cases. A tail product gets the same items as without the tail, then its extra ones,
 * drawn from their own stream: the tail changes nothing else of the catalogue.
 */
function addAudio(random: Random, product: SimProduct, context: ProductAudioContext): void {
	const { seed, index, locales, options, tier } = context;
	const average = options.reviewsPerProduct ?? 3;
	let ordinal = 0;
	for (const [localeIndex, locale] of locales.entries()) {
		// Not every product has content in every locale, as in a real multilingual shop (a tail product always in its first).
		if (locales.length > 1 && chance(random, 0.12) && !(tier && localeIndex === 0)) continue;
		// Symmetric around the average and never below one item, so the mean holds for any average >= 1.
		const spread = Math.max(0, Math.min(2, average - 0.5));
		const n = Math.max(1, Math.round(average + (random() - 0.5) * 2 * spread));
		const item = (source: Random, itemOrdinal: number, isDefault: boolean) => {
			const made = audio(source, {
				...context,
				ordinal: itemOrdinal,
				locale,
				bank: bankFor(locale),
				isDefault,
			});
			product.reviews.push(made.audio);
			product.updatedAt = Math.max(product.updatedAt, made.createdAt);
		};
		for (let i = 0; i < n; i++) item(random, ordinal++, i === 0);
		if (!tier) continue;
		const tail = mulberry32(mixSeed(seed, index, localeIndex, 0x7a1e));
		const extra = longTailCount(tier, seed, index, localeIndex) - n;
		for (let i = 0; i < extra; i++) item(tail, TAIL_ORDINALS + localeIndex * 0x10000 + i, false);
	}
	const edge = random();
	// A tail product is never hidden whole: it would no longer be a popular product.
	const whole = tier ? 1 : edge;
	if (whole < 0.03) for (const item of product.reviews) item.is_active = false;
	else if (whole < 0.05) for (const item of product.reviews) item.awaitingValidation = true;
	else if (whole < 0.06) for (const item of product.reviews) item.validated = false;
	else if (edge < 0.1 && product.reviews[0]) product.reviews[0].audio_url = '';
}

/**
 * The ref of product `index`, from its own tiny stream: the simulator knows all refs at start
 * without generating 100k products, and the product's other draws do not depend on it.
 * Most shops use SKUs; some use slugs like `chair-oak-2`. The index keeps both unique.
 */
export function productIdentity(
	index: number,
	options: CatalogueOptions,
): { ref: string; noun: string; adjective: string } {
	const random = mulberry32(mixSeed(options.seed ?? 1, index, 0x5ef));
	const noun = pick(random, NOUNS);
	const adjective = pick(random, ADJECTIVES);
	const ref = chance(random, 0.12)
		? `${noun}-${adjective}-${index}`
		: `SKU-${String(index).padStart(5, '0')}`;
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
	if (chance(random, type === 'review' ? 0.95 : 0.15))
		item.rating = pick(random, [5, 5, 5, 4.5, 4, 4, 4, 3.5, 3, 2.5, 2, 1, 0]);
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
	return mediaBaseUrl === undefined
		? `${CDN}/avatars/${userId}.jpg`
		: `${mediaBaseUrl}/avatars/${userId}.svg`;
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

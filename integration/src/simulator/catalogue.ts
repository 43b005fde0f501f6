import type { SimAudio, SimProduct } from './model.js';
import { int, mulberry32, pick, uuid, type Random } from './random.js';
import { ADJECTIVES, DESCRIPTIONS, FIRST_NAMES, LABELS, LAST_NAMES, NOUNS, SENTENCES } from './text-banks.js';

export interface CatalogueOptions {
	products?: number;
	locales?: readonly string[];
	seed?: number;
	websiteId: string;
	websiteName?: string;
	/** Average audio items per product and locale. */
	reviewsPerProduct?: number;
	/** Transcript length range in characters. */
	transcriptLength?: readonly [number, number];
}

const EPOCH = Date.parse('2025-01-01T00:00:00Z');

/**
 * A deterministic, realistic demo catalogue: the same options always give the same products.
 * About 8% have no audio at all, some only inactive or unvalidated audio, some audio has no URL.
 */
export function generateCatalogue(options: CatalogueOptions): SimProduct[] {
	const count = options.products ?? 300;
	const products: SimProduct[] = new Array(count);
	for (let index = 0; index < count; index++) products[index] = generateProduct(index, options);
	return products;
}

/** Product number `index` of the catalogue; independent of the others, so it can be regenerated alone. */
export function generateProduct(index: number, options: CatalogueOptions, ref?: string): SimProduct {
	const random = mulberry32(((options.seed ?? 1) * 1_000_003 + index * 7_919) >>> 0);
	const locales = options.locales ?? ['fr', 'en'];
	const noun = pick(random, NOUNS);
	const adjective = pick(random, ADJECTIVES);
	const name = `${capitalise(adjective)} ${noun}`;
	const externalId = ref ?? (index % 10 === 3 ? `${noun}-${adjective}-${index}` : `SKU-${String(index).padStart(5, '0')}`);
	const product: SimProduct = {
		id: uuid(random),
		external_id: externalId,
		website: { id: options.websiteId, ...(options.websiteName ? { name: options.websiteName } : {}) },
		reviews: [],
		updatedAt: EPOCH + index * 60_000,
	};
	if (random() > 0.03) product.name = name;
	if (random() > 0.2) product.seo_name = `${name} – reviews and audio testimonies`;
	if (random() > 0.25) product.seo_description = `Listen to what customers say about the ${adjective} ${noun}: real audio reviews with transcripts.`;
	if (random() > 0.1) product.features = { ctaAnalytics: random() > 0.5 };
	if (random() > 0.05) {
		product.config = { theme: pick(random, ['light', 'dark']), accentColor: pick(random, ['#8a4b00', '#0b5fff', '#1a7f37']), cta: { text: 'Listen', position: pick(random, ['left', 'right']) }, animation: random() > 0.5 };
		product.variants = [{ reference: 'compact-v2', name: 'Compact', config: { ...product.config, theme: 'compact' } }];
	}
	if (random() < 0.05) product.experiment = experiment(random);

	const noAudio = random() < 0.08;
	if (!noAudio) {
		const average = options.reviewsPerProduct ?? 3;
		for (const locale of locales) {
			const n = Math.max(0, Math.round(average + (random() - 0.5) * 2 * Math.min(2, average)));
			for (let i = 0; i < n; i++) product.reviews.push(audio(random, locale, name, i === 0, options));
		}
		// Edge states: only inactive, only unvalidated, or audio without URL.
		const edge = random();
		if (edge < 0.03) for (const item of product.reviews) item.is_active = false;
		else if (edge < 0.05) for (const item of product.reviews) item.awaitingValidation = true;
		else if (edge < 0.08 && product.reviews[0]) delete product.reviews[0].audio_url;
	}
	return product;
}

function audio(random: Random, locale: string, productName: string, isDefault: boolean, options: CatalogueOptions): SimAudio {
	const type = random() < 0.75 ? 'review' : 'testimony';
	const firstname = pick(random, FIRST_NAMES);
	const id = uuid(random);
	const item: SimAudio = {
		id,
		type,
		is_active: random() > 0.07,
		is_default: isDefault,
		user: { id: uuid(random), firstname },
		locale,
		validated: random() > 0.04,
		awaitingValidation: random() < 0.03,
		audio_url: `https://cdn.audio-reviews.example/${locale}/${id}.mp3`,
		created_at: new Date(EPOCH + Math.floor(random() * 600) * 86_400_000 + Math.floor(random() * 86_400_000)).toISOString(),
		transcript: transcript(random, locale, productName, options.transcriptLength ?? [200, 2000]),
	};
	if (random() > 0.15) item.label = pick(random, LABELS[locale] ?? LABELS.generic!);
	if (type === 'review' || random() < 0.2) item.rating = pick(random, [5, 5, 4.5, 4, 4, 3.5, 3, 2, 1, 0]);
	if (random() > 0.2) item.user.lastname = pick(random, LAST_NAMES);
	if (random() > 0.3) item.user.image_url = `https://cdn.audio-reviews.example/avatars/${item.user.id}.jpg`;
	if (random() > 0.5) item.user.description = pick(random, DESCRIPTIONS);
	return item;
}

function transcript(random: Random, locale: string, productName: string, [min, max]: readonly [number, number]): string {
	const bank = SENTENCES[locale] ?? SENTENCES.generic!;
	const target = int(random, min, max);
	const parts: string[] = [];
	let length = 0;
	while (length < target) {
		const sentence = pick(random, bank).replace('{p}', productName.toLowerCase());
		parts.push(sentence);
		length += sentence.length + 1;
		// A paragraph break now and then, as speech-to-text output has.
		if (random() < 0.15) parts.push('\n');
	}
	return parts.join(' ').replace(/ \n /g, '\n').slice(0, Math.max(min, target)).trim();
}

function experiment(random: Random): Record<string, unknown> {
	return {
		id: uuid(random),
		name: 'Default audio A/B',
		variations: [
			{ id: uuid(random), name: 'Control', widgetEnabled: true, widgetConfigId: null, audioSelection: 'default', audioId: null, audioPosition: null, allocation: 50, position: 0 },
			{ id: uuid(random), name: 'Second audio first', widgetEnabled: true, widgetConfigId: uuid(random), audioSelection: 'specific', audioId: uuid(random), audioPosition: 1, audioIdsByLocale: { fr: uuid(random) }, allocation: 50, position: 1, config: { highlight: true } },
		],
	};
}

function capitalise(value: string): string {
	return value.charAt(0).toUpperCase() + value.slice(1);
}

import { de } from './banks/de.js';
import { es } from './banks/es.js';
import { it } from './banks/it.js';
import { nl } from './banks/nl.js';

/**
 * Word and sentence banks for real-looking demo content. Transcripts are assembled from these
 * templates: `{p}` is the product name, `{d}` a duration, `{w}` a person. Locales without a bank
 * fall back to `generic`, so any locale list still yields readable text.
 */
export interface LocaleBank {
	sentences: readonly string[];
	durations: readonly string[];
	people: readonly string[];
	labels: readonly string[];
	descriptions: readonly string[];
	firstNames: readonly string[];
	ctaTexts: readonly string[];
	/** The product's `seo_name` and `seo_description` in this language (`{name}`: the product's name). */
	seoTitle: string;
	seoDescription: string;
	/** The description of a product without a review in this language: it promises none. */
	seoDescriptionEmpty: string;
}

const fr: LocaleBank = {
	sentences: [
		"J'ai acheté {p} il y a {d} et je l'utilise tous les jours.",
		'La qualité est vraiment au rendez-vous, on sent que les finitions sont soignées.',
		'La livraison a été rapide et le colis était très bien protégé.',
		"Honnêtement, au début j'hésitais à cause du prix, mais je ne regrette pas du tout.",
		"{w} l'a adopté tout de suite, et pourtant ce n'est pas quelqu'un de facile.",
		"Le seul petit bémol, c'est la notice, qui aurait pu être plus claire.",
		"Le service client a répondu à ma question en moins d'une heure.",
		'Je recommande {p} à tous ceux qui cherchent quelque chose de solide et durable.',
		'Par rapport à mon ancien modèle, la différence se sent dès le premier jour.',
		"C'est exactement ce qui était décrit sur le site, ni plus ni moins.",
		"Après {d} d'utilisation, aucun signe d'usure, c'est impressionnant.",
		"J'en ai parlé à {w}, qui l'a commandé dans la foulée.",
		"Le montage m'a pris une vingtaine de minutes, sans outil particulier.",
		"Les couleurs sont fidèles aux photos, ce qui n'est pas toujours le cas.",
		"Pour être tout à fait franc, j'aurais aimé un choix de tailles plus large.",
		'On voit que {p} a été pensé par des gens qui utilisent vraiment ce genre de produit.',
		"Le rapport qualité-prix est excellent, je n'ai rien trouvé d'équivalent moins cher.",
		"Je l'ai offert à {w} pour son anniversaire et c'était un vrai succès.",
		"Bref, si c'était à refaire, je le referais sans hésiter.",
		"Petit conseil : lisez bien le guide d'entretien, ça vaut le coup.",
	],
	durations: [
		'trois semaines',
		'deux mois',
		'un an',
		'quinze jours',
		'six mois',
		'une dizaine de jours',
	],
	people: ['ma femme', 'mon mari', 'ma sœur', 'un collègue', 'mon père', 'une amie', 'mon fils'],
	labels: [
		'Un achat parfait',
		'Très satisfait',
		'Bon rapport qualité-prix',
		'Je recommande',
		'Quelques réserves',
		'Mon avis après un mois',
	],
	descriptions: [
		'Acheteur vérifié',
		'Client depuis 2021',
		'Architecte d’intérieur',
		'Cycliste du dimanche',
		'Cuisinier amateur',
		'Parent de trois enfants',
	],
	firstNames: [
		'Camille',
		'Louis',
		'Léa',
		'Hugo',
		'Chloé',
		'Jules',
		'Inès',
		'Lucas',
		'Manon',
		'Théo',
		'Yasmine',
		'Zoé',
	],
	ctaTexts: ['Écouter les avis', 'Écoutez nos clients', 'Découvrir les témoignages'],
	seoTitle: '{name} | Ce qu’en disent nos clients',
	seoDescription:
		'Écoutez de vrais clients parler de {name} : avis audio avec transcriptions complètes.',
	seoDescriptionEmpty: '{name} : solide, durable et simple à entretenir.',
};

const en: LocaleBank = {
	sentences: [
		'I bought {p} about {d} ago and I have used it every single day since.',
		'The build quality is excellent; you can tell a lot of care went into the details.',
		'Delivery was quick and the parcel was very well packed.',
		'To be honest I hesitated because of the price, but I do not regret it at all.',
		'{w} took to it straight away, and they are hard to please.',
		'The only small drawback is the manual, which could have been clearer.',
		'Customer service answered my question in less than an hour.',
		'I would recommend {p} to anyone looking for something sturdy and long-lasting.',
		'Compared with my old one, the difference was obvious from day one.',
		'It is exactly what the website described, nothing more and nothing less.',
		'After {d} of daily use there is no sign of wear, which is impressive.',
		'I told {w} about it and they ordered one the same evening.',
		'Assembly took me about twenty minutes, and I did not need any special tools.',
		'The colours match the photos, which is not always the case online.',
		'If I am picky, I would have liked a wider choice of sizes.',
		'You can tell {p} was designed by people who actually use this kind of thing.',
		'For the money it is excellent value; I found nothing comparable for less.',
		'I gave one to {w} as a birthday present and it was a real hit.',
		'In short, if I had to do it again, I would not hesitate for a second.',
		'One tip: read the care guide properly, it is worth it.',
	],
	durations: ['three weeks', 'two months', 'a year', 'a fortnight', 'six months', 'ten days'],
	people: [
		'my partner',
		'my sister',
		'a colleague',
		'my dad',
		'a friend',
		'my son',
		'my neighbour',
	],
	labels: [
		'A perfect buy',
		'Very happy',
		'Great value',
		'Highly recommended',
		'A few reservations',
		'My take after a month',
	],
	descriptions: [
		'Verified buyer',
		'Customer since 2021',
		'Interior designer',
		'Weekend cyclist',
		'Home cook',
		'Parent of three',
	],
	firstNames: [
		'Emma',
		'Noah',
		'Olivia',
		'Liam',
		'Ava',
		'Jack',
		'Sophie',
		'Tom',
		'Grace',
		'Sam',
		'Priya',
		'Ben',
	],
	ctaTexts: ['Listen to reviews', 'Hear from our customers', 'Play testimonials'],
	seoTitle: '{name} | Reviews and audio testimonials',
	seoDescription: 'Hear real customers talk about the {name}: audio reviews with full transcripts.',
	seoDescriptionEmpty: 'The {name}: sturdy, long-lasting and easy to care for.',
};

const generic: LocaleBank = {
	sentences: [
		'{p}: very good product, I use it every day.',
		'Fast delivery, careful packaging, and it works as described.',
		'Good value for money; I would buy it again.',
		'Solid, well made and pleasant to use.',
		'After {d} it still looks new.',
		'{w} likes it too.',
		'Simple to set up, no surprises.',
		'Recommended.',
	],
	durations: ['weeks', 'months', 'a year'],
	people: ['My family', 'A friend', 'My colleague'],
	labels: ['Great', 'Good', 'Recommended'],
	descriptions: ['Verified buyer', 'Customer'],
	firstNames: ['Alex', 'Sam', 'Kim', 'Ana', 'Yuki', 'Omar'],
	ctaTexts: ['Listen'],
	seoTitle: '{name} | Reviews',
	seoDescription: '{name}: audio reviews with transcripts.',
	seoDescriptionEmpty: '{name}: sturdy and easy to care for.',
};

const BANKS: Record<string, LocaleBank> = { fr, en, de, es, it, nl };

/** A product's generated SEO texts in a bank's language; the description promises reviews only when it has some. */
export function seoTextsIn(
	bank: LocaleBank,
	name: string,
	withReviews: boolean,
): { seo_name: string; seo_description: string } {
	const fill = (template: string) => template.replaceAll('{name}', name);
	return {
		seo_name: fill(bank.seoTitle),
		seo_description: fill(withReviews ? bank.seoDescription : bank.seoDescriptionEmpty),
	};
}

/** The bank of a locale (`fr-CA` uses `fr`), else the generic one. */
export function bankFor(locale: string): LocaleBank {
	return BANKS[locale] ?? BANKS[locale.split('-')[0]!.toLowerCase()] ?? generic;
}

export const LAST_NAMES = [
	'Martin',
	'Bernard',
	'Dubois',
	'Silva',
	'Moreau',
	'Laurent',
	'Garcia',
	'Roux',
	'Fournier',
	'Smith',
	'Nguyen',
	'Petit',
	"O'Brien",
	'Kowalski',
];
export const BRANDS = [
	'Nordvik',
	'Atelier Lumen',
	'Korvo',
	'Maison Brune',
	'Fjell',
	'Oakridge',
	'Velo&Co',
	'Sora',
];
export const NOUNS = [
	'chair',
	'lamp',
	'kettle',
	'backpack',
	'sofa',
	'desk',
	'bike',
	'jacket',
	'speaker',
	'blender',
	'rug',
	'shelf',
	'mattress',
	'headphones',
	'shoe',
	'tent',
];
export const ADJECTIVES = [
	'oak',
	'compact',
	'classic',
	'urban',
	'nordic',
	'premium',
	'foldable',
	'wireless',
	'linen',
	'vintage',
	'ceramic',
	'trail',
];
export const THEMES = ['light', 'dark', 'auto'];
export const COLOURS = ['#8a4b00', '#0b5fff', '#1a7f37', '#b4235a', '#222222', '#5b3cc4'];

import type { Phrase } from './phrase.js';

/**
 * The words of the search-facing parts of the pages: hub titles, pagination, breadcrumbs and
 * the templates of generated meta descriptions. `words.ts` joins them to the reviews' words:
 * users override both alike (`uiText`), and pages read both through `uiText()`.
 */

const en = {
	/** First breadcrumb: the site's home page. */
	home: 'Home',
	/** Heading and breadcrumb of the hub pages. */
	hub: 'Audio reviews of our products',
	/** `<title>` and heading of hub pages after the first. */
	hubPage: '{hub} – page {page}',
	/** Meta description of a hub page. */
	hubDescription: {
		one: 'Listen to customers’ audio reviews: {count} product.',
		other: 'Listen to customers’ audio reviews of our {count} products.',
	} as Phrase,
	/** `aria-label` of the breadcrumb trail. */
	breadcrumb: 'Breadcrumb',
	/** `aria-label` of the hub's page links. */
	pages: 'Pages',
	previous: 'Previous page',
	next: 'Next page',
	/** Accessible name of one page link. */
	page: 'Page {page}',
	/** `<title>` and `<h1>` of a product's review pages after the first: `{name}` is the product's title or heading. */
	reviewPage: '{name} – audio reviews, page {page}',
	/** `aria-label` of the links between a product's review pages. */
	reviewPages: 'Review pages',
	/** Generated description of a product with rated reviews. */
	describeRated: {
		one: '{name}: rated {average}/5 in {count} audio review.',
		other: '{name}: rated {average}/5 in {count} audio reviews.',
	} as Phrase,
	/** Generated description of a product with only testimonies or unrated reviews. */
	describeHeard: { one: '{name}: {count} customer audio review.', other: '{name}: {count} customer audio reviews.' } as Phrase,
	/** Generated description of a product without reviews in the page's language. */
	describeEmpty: '{name}: customer audio reviews and testimonials.',
};

export type SeoWordKey = keyof typeof en;
export type SeoWords = Record<SeoWordKey, Phrase>;

export const SEO_PLACEHOLDERS: Readonly<Record<SeoWordKey, readonly string[]>> = {
	home: [],
	hub: [],
	hubPage: ['hub', 'page'],
	hubDescription: ['count'],
	breadcrumb: [],
	pages: [],
	previous: [],
	next: [],
	page: ['page'],
	reviewPage: ['name', 'page'],
	reviewPages: [],
	describeRated: ['name', 'average', 'count'],
	describeHeard: ['name', 'count'],
	describeEmpty: ['name'],
};

export const BUILT_IN_SEO_WORDS: Readonly<Record<string, SeoWords>> = {
	en,
	fr: {
		home: 'Accueil',
		hub: 'Avis audio sur nos produits',
		hubPage: '{hub} – page {page}',
		hubDescription: {
			one: 'Écoutez les avis audio de nos clients : {count} produit.',
			other: 'Écoutez les avis audio de nos clients sur nos {count} produits.',
		},
		breadcrumb: 'Fil d’Ariane',
		pages: 'Pages',
		previous: 'Page précédente',
		next: 'Page suivante',
		page: 'Page {page}',
		reviewPage: '{name} – avis audio, page {page}',
		reviewPages: 'Pages d’avis',
		describeRated: '{name} : noté {average}/5 dans {count} avis audio.',
		describeHeard: { one: '{name} : {count} avis audio de client.', other: '{name} : {count} avis audio de clients.' },
		describeEmpty: '{name} : avis et témoignages audio de clients.',
	},
	de: {
		home: 'Startseite',
		hub: 'Audiobewertungen unserer Produkte',
		hubPage: '{hub} – Seite {page}',
		hubDescription: {
			one: 'Hören Sie Audiobewertungen unserer Kunden: {count} Produkt.',
			other: 'Hören Sie Audiobewertungen unserer Kunden zu {count} Produkten.',
		},
		breadcrumb: 'Brotkrumennavigation',
		pages: 'Seiten',
		previous: 'Vorherige Seite',
		next: 'Nächste Seite',
		page: 'Seite {page}',
		reviewPage: '{name} – Audiobewertungen, Seite {page}',
		reviewPages: 'Bewertungsseiten',
		describeRated: {
			one: '{name}: bewertet mit {average}/5 in {count} Audiobewertung.',
			other: '{name}: bewertet mit {average}/5 in {count} Audiobewertungen.',
		},
		describeHeard: { one: '{name}: {count} Audiobewertung von Kunden.', other: '{name}: {count} Audiobewertungen von Kunden.' },
		describeEmpty: '{name}: Audiobewertungen und Erfahrungsberichte von Kunden.',
	},
	es: {
		home: 'Inicio',
		hub: 'Opiniones en audio de nuestros productos',
		hubPage: '{hub} – página {page}',
		hubDescription: {
			one: 'Escucha las opiniones en audio de nuestros clientes: {count} producto.',
			other: 'Escucha las opiniones en audio de nuestros clientes sobre {count} productos.',
		},
		breadcrumb: 'Ruta de navegación',
		pages: 'Páginas',
		previous: 'Página anterior',
		next: 'Página siguiente',
		page: 'Página {page}',
		reviewPage: '{name} – opiniones en audio, página {page}',
		reviewPages: 'Páginas de opiniones',
		describeRated: {
			one: '{name}: valorado con {average}/5 en {count} opinión en audio.',
			other: '{name}: valorado con {average}/5 en {count} opiniones en audio.',
		},
		describeHeard: { one: '{name}: {count} opinión en audio de clientes.', other: '{name}: {count} opiniones en audio de clientes.' },
		describeEmpty: '{name}: opiniones y testimonios en audio de clientes.',
	},
	it: {
		home: 'Home',
		hub: 'Recensioni audio dei nostri prodotti',
		hubPage: '{hub} – pagina {page}',
		hubDescription: {
			one: 'Ascolta le recensioni audio dei nostri clienti: {count} prodotto.',
			other: 'Ascolta le recensioni audio dei nostri clienti su {count} prodotti.',
		},
		breadcrumb: 'Percorso di navigazione',
		pages: 'Pagine',
		previous: 'Pagina precedente',
		next: 'Pagina successiva',
		page: 'Pagina {page}',
		reviewPage: '{name} – recensioni audio, pagina {page}',
		reviewPages: 'Pagine di recensioni',
		describeRated: {
			one: '{name}: valutato {average}/5 in {count} recensione audio.',
			other: '{name}: valutato {average}/5 in {count} recensioni audio.',
		},
		describeHeard: { one: '{name}: {count} recensione audio dei clienti.', other: '{name}: {count} recensioni audio dei clienti.' },
		describeEmpty: '{name}: recensioni e testimonianze audio dei clienti.',
	},
	nl: {
		home: 'Home',
		hub: 'Audiorecensies van onze producten',
		hubPage: '{hub} – pagina {page}',
		hubDescription: {
			one: 'Luister naar audiorecensies van onze klanten: {count} product.',
			other: 'Luister naar audiorecensies van onze klanten over {count} producten.',
		},
		breadcrumb: 'Kruimelpad',
		pages: 'Pagina’s',
		previous: 'Vorige pagina',
		next: 'Volgende pagina',
		page: 'Pagina {page}',
		reviewPage: '{name} – audiorecensies, pagina {page}',
		reviewPages: 'Recensiepagina’s',
		describeRated: {
			one: '{name}: beoordeeld met {average}/5 in {count} audiorecensie.',
			other: '{name}: beoordeeld met {average}/5 in {count} audiorecensies.',
		},
		describeHeard: { one: '{name}: {count} audiorecensie van klanten.', other: '{name}: {count} audiorecensies van klanten.' },
		describeEmpty: '{name}: audiorecensies en getuigenissen van klanten.',
	},
	pt: {
		home: 'Início',
		hub: 'Avaliações em áudio dos nossos produtos',
		hubPage: '{hub} – página {page}',
		hubDescription: {
			one: 'Ouça as avaliações em áudio dos nossos clientes: {count} produto.',
			other: 'Ouça as avaliações em áudio dos nossos clientes sobre {count} produtos.',
		},
		breadcrumb: 'Navegação estrutural',
		pages: 'Páginas',
		previous: 'Página anterior',
		next: 'Página seguinte',
		page: 'Página {page}',
		reviewPage: '{name} – avaliações em áudio, página {page}',
		reviewPages: 'Páginas de avaliações',
		describeRated: {
			one: '{name}: avaliado com {average}/5 em {count} avaliação em áudio.',
			other: '{name}: avaliado com {average}/5 em {count} avaliações em áudio.',
		},
		describeHeard: { one: '{name}: {count} avaliação em áudio de clientes.', other: '{name}: {count} avaliações em áudio de clientes.' },
		describeEmpty: '{name}: avaliações e depoimentos em áudio de clientes.',
	},
	pl: {
		home: 'Strona główna',
		hub: 'Opinie audio o naszych produktach',
		hubPage: '{hub} – strona {page}',
		hubDescription: {
			one: 'Posłuchaj opinii audio naszych klientów: {count} produkt.',
			few: 'Posłuchaj opinii audio naszych klientów o {count} produktach.',
			other: 'Posłuchaj opinii audio naszych klientów o {count} produktach.',
		},
		breadcrumb: 'Ścieżka nawigacji',
		pages: 'Strony',
		previous: 'Poprzednia strona',
		next: 'Następna strona',
		page: 'Strona {page}',
		reviewPage: '{name} – opinie audio, strona {page}',
		reviewPages: 'Strony opinii',
		describeRated: {
			one: '{name}: ocena {average}/5 w {count} opinii audio.',
			other: '{name}: ocena {average}/5 w {count} opiniach audio.',
		},
		describeHeard: {
			one: '{name}: {count} opinia audio klientów.',
			few: '{name}: {count} opinie audio klientów.',
			other: '{name}: {count} opinii audio klientów.',
		},
		describeEmpty: '{name}: opinie i referencje audio klientów.',
	},
	sv: {
		home: 'Startsida',
		hub: 'Ljudrecensioner av våra produkter',
		hubPage: '{hub} – sida {page}',
		hubDescription: {
			one: 'Lyssna på våra kunders ljudrecensioner: {count} produkt.',
			other: 'Lyssna på våra kunders ljudrecensioner av {count} produkter.',
		},
		breadcrumb: 'Brödsmulor',
		pages: 'Sidor',
		previous: 'Föregående sida',
		next: 'Nästa sida',
		page: 'Sida {page}',
		reviewPage: '{name} – ljudrecensioner, sida {page}',
		reviewPages: 'Recensionssidor',
		describeRated: {
			one: '{name}: betyg {average}/5 i {count} ljudrecension.',
			other: '{name}: betyg {average}/5 i {count} ljudrecensioner.',
		},
		describeHeard: { one: '{name}: {count} ljudrecension från kunder.', other: '{name}: {count} ljudrecensioner från kunder.' },
		describeEmpty: '{name}: ljudrecensioner och kundberättelser.',
	},
	da: {
		home: 'Forside',
		hub: 'Lydanmeldelser af vores produkter',
		hubPage: '{hub} – side {page}',
		hubDescription: {
			one: 'Lyt til vores kunders lydanmeldelser: {count} produkt.',
			other: 'Lyt til vores kunders lydanmeldelser af {count} produkter.',
		},
		breadcrumb: 'Brødkrummesti',
		pages: 'Sider',
		previous: 'Forrige side',
		next: 'Næste side',
		page: 'Side {page}',
		reviewPage: '{name} – lydanmeldelser, side {page}',
		reviewPages: 'Anmeldelsessider',
		describeRated: {
			one: '{name}: bedømt {average}/5 i {count} lydanmeldelse.',
			other: '{name}: bedømt {average}/5 i {count} lydanmeldelser.',
		},
		describeHeard: { one: '{name}: {count} lydanmeldelse fra kunder.', other: '{name}: {count} lydanmeldelser fra kunder.' },
		describeEmpty: '{name}: lydanmeldelser og udtalelser fra kunder.',
	},
};

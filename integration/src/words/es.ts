import type { Words } from './words.js';

/** Spanish: every phrase of en.ts, translated. */
export const es: Words = {
	// The reviews.
	reviews: 'Opiniones en audio',
	transcript: 'Transcripción',
	review: 'Opinión',
	testimony: 'Testimonio',
	rated: 'Valoración: {rating} de 5',
	average: {
		one: 'Valoración media de {average} sobre 5 ({count} opinión)',
		other: 'Valoración media de {average} sobre 5 ({count} opiniones)',
	},
	noAudio: 'Tu navegador no puede reproducir este audio.',
	anonymous: 'Anónimo',
	languages: 'Idiomas',
	// Hub pages, pagination, breadcrumbs and generated meta descriptions.
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
	describeHeard: {
		one: '{name}: {count} opinión en audio de clientes.',
		other: '{name}: {count} opiniones en audio de clientes.',
	},
	describeEmpty: '{name}: opiniones y testimonios en audio de clientes.',
	// The rating summary, the transcript toggle and hub entries.
	reviewCount: { one: '{count} opinión', other: '{count} opiniones' },
	testimonyCount: { one: '{count} testimonio en audio', other: '{count} testimonios en audio' },
	starLevel: { one: '{count} estrella', other: '{count} estrellas' },
	ratingsByStars: 'Valoraciones por estrellas',
	showTranscript: 'Mostrar la transcripción completa',
	hideTranscript: 'Mostrar menos',
	audioCount: { one: '{count} grabación de audio', other: '{count} grabaciones de audio' },
	// A product without reviews in the page's language.
	noReviews: 'Este producto aún no tiene opiniones en audio.',
	noReviewsInLanguage: 'Este producto aún no tiene opiniones en audio en {language}.',
	reviewsElsewhere: {
		one: 'Escucha su opinión en audio en {language}.',
		other: 'Escucha sus {count} opiniones en audio en {language}.',
	},
	searchLabel: 'Buscar en las reseñas de audio',
	searchButton: 'Buscar',
	searchResults: { one: '{count} producto encontrado', other: '{count} productos encontrados' },
	searchResultsMore: {
		one: 'Más de {count} producto encontrado',
		other: 'Más de {count} productos encontrados',
	},
	searchNone: 'Ningún producto coincide con su búsqueda.',
	searchUnavailable:
		'La búsqueda no está disponible en este momento; inténtelo de nuevo en unos instantes.',
};

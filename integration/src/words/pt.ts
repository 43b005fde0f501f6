import type { Words } from './words.js';

/** Portuguese: every phrase of en.ts, translated. */
export const pt: Words = {
	// The reviews.
	reviews: 'Avaliações em áudio',
	transcript: 'Transcrição',
	review: 'Avaliação',
	testimony: 'Depoimento',
	rated: 'Avaliado com {rating} de 5',
	average: {
		one: 'Média de {average} de 5 com base em {count} avaliação',
		other: 'Média de {average} de 5 com base em {count} avaliações',
	},
	noAudio: 'O seu navegador não consegue reproduzir este áudio.',
	anonymous: 'Anónimo',
	languages: 'Idiomas',
	// Hub pages, pagination, breadcrumbs and generated meta descriptions.
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
	describeHeard: {
		one: '{name}: {count} avaliação em áudio de clientes.',
		other: '{name}: {count} avaliações em áudio de clientes.',
	},
	describeEmpty: '{name}: avaliações e depoimentos em áudio de clientes.',
	// The rating summary, the transcript toggle and hub entries.
	reviewCount: { one: '{count} avaliação', other: '{count} avaliações' },
	testimonyCount: { one: '{count} depoimento em áudio', other: '{count} depoimentos em áudio' },
	starLevel: { one: '{count} estrela', other: '{count} estrelas' },
	ratingsByStars: 'Avaliações por estrelas',
	showTranscript: 'Mostrar a transcrição completa',
	hideTranscript: 'Mostrar menos',
	audioCount: { one: '{count} gravação em áudio', other: '{count} gravações em áudio' },
	// A product without reviews in the page's language.
	noReviews: 'Este produto ainda não tem avaliações em áudio.',
	noReviewsInLanguage: 'Este produto ainda não tem avaliações em áudio em {language}.',
	reviewsElsewhere: {
		one: 'Ouça a avaliação em áudio em {language}.',
		other: 'Ouça as {count} avaliações em áudio em {language}.',
	},
	searchLabel: 'Pesquisar nas avaliações em áudio',
	searchButton: 'Pesquisar',
	searchResults: { one: '{count} produto encontrado', other: '{count} produtos encontrados' },
	searchResultsMore: {
		one: 'Mais de {count} produto encontrado',
		other: 'Mais de {count} produtos encontrados',
	},
	searchNone: 'Nenhum produto corresponde à sua pesquisa.',
	searchUnavailable: 'A pesquisa está indisponível no momento; tente novamente em instantes.',
};

/** Brazilian Portuguese: European Portuguese but for these. */
export const ptBR: Words = {
	...pt,
	noAudio: 'Seu navegador não consegue reproduzir este áudio.',
	anonymous: 'Anônimo',
	searchUnavailable: 'A pesquisa está indisponível no momento; tente de novo em instantes.',
};

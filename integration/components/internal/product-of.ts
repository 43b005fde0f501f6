import type { Product } from 'astro-audio-reviews/schema';
import { AudioReviewsError } from '#internal/components';

/** The product a component was given, or an error that says what went wrong with the props. */
export function productOf(
	component: string,
	props: { entry?: { data: Product } | undefined; product?: Product | undefined },
): Product {
	if (props.product) return props.product;
	if (props.entry) return props.entry.data;
	if ('entry' in props) {
		throw new AudioReviewsError(
			`${component}: \`entry\` is undefined: getEntry() found no entry with that id. With \`locales\`, ids are "<locale>/<ref>", e.g. getEntry('products', 'fr/SKU-42').`,
		);
	}
	throw new AudioReviewsError(
		`${component}: pass \`entry\` (from getEntry() or getCollection()) or \`product\` (entry.data).`,
	);
}

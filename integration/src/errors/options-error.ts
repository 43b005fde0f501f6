import { AstroError } from 'astro/errors';

/** Invalid options, raised at config time. `hint` tells the user the fix (Astro prints it as a user error). */
export class AudioReviewsOptionsError extends AstroError {
	override name = 'AudioReviewsOptionsError';
}

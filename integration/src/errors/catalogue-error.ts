import { AudioReviewsError } from './audio-reviews-error.js';

/**
 * A full-catalogue sync could not produce a consistent snapshot: the number of distinct
 * products disagrees with `count_item`, even after re-syncing. Thrown rather than publishing
 * a catalogue with silent gaps.
 */
export class CatalogueSyncError extends AudioReviewsError {
	override name = 'CatalogueSyncError';
}

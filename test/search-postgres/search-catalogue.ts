import { type SimAudio, type Simulator, startSimulator } from 'astro-audio-reviews/simulator';
import { runPackageCommand } from '../helpers/package-cli.js';

/**
 * The catalogue the search tests ask: the simulator's generated products (French and English),
 * a few of them given words no other product holds, where each case needs them.
 */

export const WORDS = {
	/** In product `name`'s name, and in product `transcriptOnly`'s English transcript. */
	ranked: 'xylophone',
	/** Only in product `frenchOnly`'s French transcript, plural and accented. */
	french: 'écouteurs',
	/** Only in product `englishOnly`'s English transcript. */
	english: 'kaleidoscope',
	/** Beside hostile markup in product `hostile`'s English transcript. */
	hostile: 'magnolia',
} as const;

export const HOSTILE_TRANSCRIPT = `Before <script>document.title="owned"</script> the <img src=x onerror="document.title='owned'"> ${WORDS.hostile} & "quotes" <b>bold</b>`;

export interface SearchCatalogue {
	sim: Simulator;
	refs: {
		name: string;
		transcriptOnly: string;
		frenchOnly: string;
		englishOnly: string;
		hostile: string;
	};
}

/** `transcript` (and a label) as a new published review of `ref` in `locale`. */
export function addReview(
	sim: Simulator,
	ref: string,
	locale: string,
	fields: { transcript: string; label?: string; rating?: number },
): void {
	sim.updateProduct(ref, (product) => {
		const n = product.reviews.length;
		const review: SimAudio = {
			id: `00000000-0000-4000-8000-${String(n).padStart(4, '0')}${ref.length.toString().padStart(8, '0')}`,
			type: 'review',
			user: { id: `user-${ref}-${n}`, firstname: 'Sam', lastname: 'Tester' },
			locale,
			is_active: true,
			is_default: false,
			validated: true,
			awaitingValidation: false,
			created_at: '2025-01-01T00:00:00.000Z',
			audio_url: `https://cdn.audio-reviews.example/${locale}/added-${n}.mp3`,
			label: fields.label ?? 'Added',
			transcript: fields.transcript,
			rating: fields.rating ?? 4,
		};
		product.reviews.push(review);
	});
}

export async function startSearchCatalogue(products = 24): Promise<SearchCatalogue> {
	const sim = await startSimulator({ products, seed: 11, locales: ['fr', 'en'] });
	const all = sim.refs();
	const refs = {
		name: all[1]!,
		transcriptOnly: all[2]!,
		frenchOnly: all[3]!,
		englishOnly: all[4]!,
		hostile: all[5]!,
	};
	sim.updateProduct(refs.name, { name: `Orchestra ${WORDS.ranked} stand` });
	// Rated higher than the name's product: ranking by field must still put the name first.
	addReview(sim, refs.transcriptOnly, 'en', {
		transcript: `My daughter plays the ${WORDS.ranked} on it every day.`,
		rating: 5,
	});
	addReview(sim, refs.frenchOnly, 'fr', {
		transcript: `Les ${WORDS.french} tiennent bien pendant le sport.`,
	});
	addReview(sim, refs.englishOnly, 'en', {
		transcript: `The colours shift like a ${WORDS.english} in the sun.`,
	});
	addReview(sim, refs.hostile, 'en', { transcript: HOSTILE_TRANSCRIPT, label: '<i>Label</i>' });
	return { sim, refs };
}

/** `audio-reviews index …` as a scheduled job runs it. */
export async function runIndexCli(args: string[], env: Record<string, string>) {
	const run = await runPackageCommand('index', args, { env });
	return { ...run, json: run.json ?? {} };
}

import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroConfig, AstroIntegration } from 'astro';
import { AudioReviewsError, PollError } from '../errors/errors.js';
import { acquireLock, type PollLock } from './poll-lock.js';
import { type CollectionPages, readStorePages } from './store-pages.js';

/**
 * The site's own sync as `astro sync` runs it: its own config and loader options, no second copy.
 * The poll's lock is taken in Astro's cache folder before any request, so two runs never overlap.
 */
export interface SyncedSite extends CollectionPages {
	stateFolder: string;
	lock: PollLock;
}

const STATE_FOLDER = 'audio-reviews-poll/';

export async function syncSite(root: string, lockWaitMs: number): Promise<SyncedSite> {
	let config: AstroConfig | undefined;
	let lock: PollLock | undefined;
	let stateFolder = '';
	const probe: AstroIntegration = {
		name: 'astro-audio-reviews:poll',
		hooks: {
			'astro:config:done': async ({ config: resolved }) => {
				// Once per run: a second call must not wait for the lock this run holds.
				if (lock) return;
				config = resolved;
				stateFolder = fileURLToPath(new URL(STATE_FOLDER, resolved.cacheDir));
				await mkdir(stateFolder, { recursive: true });
				lock = await acquireLock(stateFolder, lockWaitMs);
			},
		},
	};
	try {
		const { sync } = await import('astro');
		await sync({ root, logLevel: 'warn', integrations: [probe] });
		if (!config || !lock)
			throw new PollError(
				`astro sync ran in ${root} without resolving the site's config: run poll in the site's folder, beside its astro.config.mjs`,
				'usage',
			);
		return { ...(await readStorePages(config)), stateFolder, lock };
	} catch (error) {
		await lock?.release();
		throw asPollError(error);
	}
}

/** A busy lock stays busy; loader errors name their endpoint; anything else is the site's sync. */
function asPollError(error: unknown): PollError {
	for (let cause = error; cause instanceof Error; cause = cause.cause)
		if (cause instanceof PollError) return cause;
	const message = error instanceof Error ? error.message : String(error);
	// Options the loader refused: the site needs a fix, a later run would fail the same way.
	if (error instanceof Error && error.name === 'AudioReviewsOptionsError')
		return new PollError(`The site's options are wrong: ${message}`, 'usage', {
			cause: error,
		});
	// Vite's module runner loads another instance of the error classes: `instanceof` fails.
	const what =
		error instanceof AudioReviewsError || (error instanceof Error && 'endpoint' in error)
			? 'The catalogue sync failed'
			: 'The site\'s content sync ("astro sync") failed';
	return new PollError(
		`${what}: ${message}. Nothing was called; the next run tries again`,
		'service',
		{
			cause: error,
		},
	);
}

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Runs one full garbage collection between Astro's content sync and its Vite bundling.
 *
 * Why: the sync, and Astro writing its data store right after it, leave hundreds of MiB of
 * garbage on the heap (about 700 MiB at 10,000 products). V8 collects it when the heap next
 * grows past its limit, but during the bundling that follows, the main thread mostly waits
 * on native work, so the garbage can stay put while Vite's native memory comes on top: that
 * moment was the build's peak RSS, and it moved between 1.6 and 2.0 GiB from one identical
 * build to the next (BENCHMARKS.md, figure 5). Collecting once at this boundary makes the peak
 * depend on what is live, not on GC timing.
 *
 * Node exposes no collection API without `--expose-gc`; V8's own flag, set at run time, is
 * the documented way to obtain `gc` from a fresh context. Any failure leaves the build as it
 * was: this is an optimisation, never a requirement. Returns a line for the debug log.
 */
export function releaseSyncGarbage(): string | undefined {
	const gc = collector();
	if (gc === undefined) return undefined;
	const before = process.memoryUsage().heapUsed;
	const started = performance.now();
	gc();
	const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
	return `Collected the content sync's garbage in ${Math.round(performance.now() - started)} ms: heap ${mib(before)} → ${mib(process.memoryUsage().heapUsed)} MiB`;
}

function collector(): (() => void) | undefined {
	const existing = (globalThis as { gc?: unknown }).gc;
	if (typeof existing === 'function') return existing as () => void;
	try {
		setFlagsFromString('--expose-gc');
		const gc = runInNewContext('gc') as unknown;
		return typeof gc === 'function' ? (gc as () => void) : undefined;
	} catch {
		// An embedder that forbids runtime flags: V8 collects on its own schedule.
		return undefined;
	}
}

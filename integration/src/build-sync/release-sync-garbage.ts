import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Runs one full garbage collection between Astro's content sync and its Vite bundling. */
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

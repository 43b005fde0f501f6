/**
 * What a child process would be given, in this one: a site's environment and its own
 * stdout/stderr. Tests run Astro's `build()` and `audio-reviews poll` here when a child's start
 * (seconds of loading Astro and Vite each time) proves nothing more.
 */

/** One write, to the stream it went to. */
export interface Written {
	stream: 'stdout' | 'stderr';
	text: string;
}

/**
 * The environment a site's command runs with: `env` over this process's, a key set to
 * undefined removed. Vitest puts its own `import.meta.env` in process.env, and Astro's
 * `astro:i18n` would read BASE_URL from there over `base`: a shop's build has none, so neither
 * has this one unless `env` sets it.
 */
export function siteEnv(
	env: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
	return { BASE_URL: undefined, ...env };
}

/**
 * Runs `work` with `siteEnv(env)` in process.env and everything written to stdout and stderr
 * kept, not echoed; both are restored after, whatever `work` did. Files of one Vitest worker
 * run one test at a time, so nothing else writes meanwhile.
 */
export async function inThisProcess<T>(
	env: Record<string, string | undefined>,
	work: () => Promise<T>,
): Promise<{ result: PromiseSettledResult<T>; written: Written[] }> {
	const saved: Record<string, string | undefined> = {};
	for (const [key, value] of Object.entries(siteEnv(env))) {
		saved[key] = process.env[key];
		if (value === undefined) delete process.env[key];
		else process.env[key] = value;
	}
	const written: Written[] = [];
	const stdout = process.stdout.write.bind(process.stdout);
	const stderr = process.stderr.write.bind(process.stderr);
	const keep = (stream: Written['stream']) =>
		((chunk: string | Uint8Array, ...rest: unknown[]) => {
			written.push({
				stream,
				text: typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString(),
			});
			const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
			callback?.();
			return true;
		}) as typeof stdout;
	process.stdout.write = keep('stdout');
	process.stderr.write = keep('stderr');
	try {
		const [result] = await Promise.allSettled([work()]);
		return { result: result!, written };
	} finally {
		process.stdout.write = stdout;
		process.stderr.write = stderr;
		for (const [key, value] of Object.entries(saved)) {
			if (value === undefined) delete process.env[key];
			else process.env[key] = value;
		}
	}
}

/** The text of the writes to `stream`, or to both in their order. */
export function textOf(written: readonly Written[], stream?: Written['stream']): string {
	return written
		.filter((write) => stream === undefined || write.stream === stream)
		.map((write) => write.text)
		.join('');
}

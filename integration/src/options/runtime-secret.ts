import { getSecret } from 'astro:env/server';

/**
 * A secret read while serving, on every call (a rotation needs no restart). `astro:env` first: the
 * adapter feeds it, from a Worker's variables and secrets on Cloudflare (where a Worker without
 * `nodejs_compat` has no `process`), from `process.env` on Node; a variable the site's `env.schema`
 * does not declare is read too. Then `process.env`, where it exists.
 */
export function runtimeSecret(name: string): string | undefined {
	const fromProcess = typeof process === 'undefined' ? undefined : process.env[name];
	return getSecret(name) || fromProcess || undefined;
}

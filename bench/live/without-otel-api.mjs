/**
 * Loaded with `node --import`: the server process then runs as in a site that never installed
 * `@opentelemetry/api` (the package's optional peer), though this repository has it. Any import
 * of it fails as a missing package does; the line printed says so, for the bench to check.
 */
import { registerHooks } from 'node:module';

registerHooks({
	resolve(specifier, context, next) {
		if (specifier === '@opentelemetry/api' || specifier.startsWith('@opentelemetry/api/')) {
			const error = new Error(`Cannot find package ${specifier} (hidden by the bench)`);
			Object.assign(error, { code: 'ERR_MODULE_NOT_FOUND' });
			throw error;
		}
		return next(specifier, context);
	},
});

const api = ['@opentelemetry', 'api'].join('/');
const outcome = await import(api).then(
	() => 'importable',
	(error) => `not importable (${error.code})`,
);
process.stderr.write(`without-otel-api: @opentelemetry/api ${outcome}\n`);

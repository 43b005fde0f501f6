import type { IncomingMessage } from 'node:http';
import { ControlError } from './errors.js';
import type { Faults } from './faults.js';
import type { SimAudio, SimProduct } from './model.js';

/** Control bodies are small JSON documents; anything larger is a mistake, not a product. */
const MAX_BODY_BYTES = 1024 * 1024;

/** The body as a JSON object (an empty body is `{}`). */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req as AsyncIterable<Buffer>) {
		size += chunk.length;
		if (size > MAX_BODY_BYTES) throw new ControlError(413, `body over ${MAX_BODY_BYTES} bytes`);
		chunks.push(chunk);
	}
	const text = Buffer.concat(chunks).toString('utf8').trim();
	if (text === '') return {};
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		throw new ControlError(400, 'body is not JSON');
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value))
		throw new ControlError(400, 'body must be a JSON object');
	return value as Record<string, unknown>;
}

const PRODUCT_FIELDS = new Set([
	'id',
	'external_id',
	'name',
	'seo_name',
	'seo_description',
	'website',
	'features',
	'config',
	'variants',
	'experiment',
	'reviews',
]);
const STRING_FIELDS = ['id', 'external_id', 'name', 'seo_name', 'seo_description'] as const;

/**
 * Top-level product fields as sent over HTTP, checked enough that the simulator can still serve
 * the product: unknown keys (typos) are refused, and audio items get the internal flags a test
 * rarely cares about (validated, active, not pending) unless it sets them.
 */
export function productPatch(body: Record<string, unknown>): Partial<SimProduct> {
	for (const key of Object.keys(body)) {
		if (!PRODUCT_FIELDS.has(key))
			throw new ControlError(
				400,
				`unknown product field ${JSON.stringify(key)}; fields: ${[...PRODUCT_FIELDS].join(', ')}`,
			);
	}
	for (const key of STRING_FIELDS) {
		if (key in body && typeof body[key] !== 'string')
			throw new ControlError(400, `${key} must be a string`);
	}
	if (body.external_id === '') throw new ControlError(400, 'external_id must not be empty');
	const patch = { ...body } as Partial<SimProduct>;
	if ('reviews' in body) {
		if (!Array.isArray(body.reviews))
			throw new ControlError(400, 'reviews must be an array of audio items');
		patch.reviews = body.reviews.map((item, index) => audioItem(item, index));
	}
	return patch;
}

function audioItem(item: unknown, index: number): SimAudio {
	if (typeof item !== 'object' || item === null || Array.isArray(item))
		throw new ControlError(400, `reviews[${index}] must be an object`);
	const audio = item as Partial<SimAudio>;
	if (typeof audio.locale !== 'string' || audio.locale === '')
		throw new ControlError(
			400,
			`reviews[${index}].locale is required: the locale the item is listed in, e.g. "fr"`,
		);
	if (audio.rating !== undefined && typeof audio.rating !== 'number')
		throw new ControlError(400, `reviews[${index}].rating must be a number`);
	return {
		id: `audio-${index + 1}`,
		type: 'review',
		is_active: true,
		is_default: index === 0,
		validated: true,
		awaitingValidation: false,
		...audio,
		locale: audio.locale,
		user: { id: `user-${index + 1}`, ...audio.user },
	};
}

const RATE_FIELDS = ['errorRate', 'rateLimitRate', 'resetRate', 'hangRate'] as const;
const FAULT_FIELDS = new Set<string>([
	...RATE_FIELDS,
	'errorStatuses',
	'retryAfter',
	'latencyMs',
	'outage',
]);

/** Faults as sent over HTTP; ranges are checked by the fault plan itself. */
export function faultsPatch(body: Record<string, unknown>): Faults {
	for (const key of Object.keys(body)) {
		if (!FAULT_FIELDS.has(key))
			throw new ControlError(
				400,
				`unknown fault ${JSON.stringify(key)}; faults: ${[...FAULT_FIELDS].join(', ')}`,
			);
	}
	for (const key of RATE_FIELDS) {
		if (key in body && typeof body[key] !== 'number')
			throw new ControlError(400, `${key} must be a number within 0..1`);
	}
	const { errorStatuses, retryAfter, latencyMs, outage } = body;
	if (
		errorStatuses !== undefined &&
		!(Array.isArray(errorStatuses) && errorStatuses.every(Number.isInteger))
	)
		throw new ControlError(400, 'errorStatuses must be an array of 5xx statuses');
	if (retryAfter !== undefined && retryAfter !== 'date' && typeof retryAfter !== 'number')
		throw new ControlError(400, 'retryAfter must be seconds or "date"');
	if (latencyMs !== undefined && !isLatency(latencyMs))
		throw new ControlError(400, 'latencyMs must be milliseconds or [min, max]');
	// The control API shares the service's port: a refused port would leave no way to lift it.
	if (outage === 'refuse')
		throw new ControlError(
			400,
			'outage "refuse" would close the control API with the service; use outage: true (every request 503) or stop the process',
		);
	if (outage !== undefined && typeof outage !== 'boolean')
		throw new ControlError(400, 'outage must be true or false');
	return body as Faults;
}

function isLatency(value: unknown): boolean {
	if (typeof value === 'number') return value >= 0;
	return (
		Array.isArray(value) &&
		value.length === 2 &&
		value.every((ms) => typeof ms === 'number' && ms >= 0) &&
		value[0] <= value[1]
	);
}

/** Every fault off: what `DELETE /__control/faults` applies. */
export const NO_FAULTS: Faults = {
	errorRate: 0,
	rateLimitRate: 0,
	resetRate: 0,
	hangRate: 0,
	latencyMs: 0,
	outage: false,
};

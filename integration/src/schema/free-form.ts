import { z } from 'astro/zod';
import { formatNumber } from '../format/numbers.js';

/** Free-form JSON (the widget `config` maps) is stored as it came, so its shape is bounded here. */
export const MAX_JSON_DEPTH = 64;

/** Values (objects, arrays and scalars) one free-form field may hold. */
export const MAX_FREE_FORM_VALUES = 10_000;

/** Path segments shown before the rest of a too-deep path is elided. */
const SHOWN_SEGMENTS = 8;

export interface StructureProblem {
	path: Array<string | number>;
	message: string;
}

/**
 * The first way `value` is unsafe to hash and store, walked without recursion so the check
 * itself cannot overflow: deeper than `maxDepth`, more than `maxValues` values, or (with
 * `forbidProtoKeys`) an object key `__proto__`, which the store's serialiser refuses and which
 * re-parsed JavaScript would turn into a prototype.
 */
export function structureProblem(
	value: unknown,
	options: { maxDepth?: number; forbidProtoKeys?: boolean; maxValues?: number } = {},
): StructureProblem | undefined {
	const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
	const maxValues = options.maxValues ?? Infinity;
	const pending: Array<{ value: unknown; path: Array<string | number> }> = [{ value, path: [] }];
	let values = 0;
	while (pending.length > 0) {
		const { value: node, path } = pending.pop()!;
		if (++values > maxValues)
			return {
				path: [],
				message: `Expected free-form JSON of at most ${formatNumber(maxValues)} values`,
			};
		if (typeof node !== 'object' || node === null) continue;
		if (path.length >= maxDepth) {
			const shown = path.slice(0, SHOWN_SEGMENTS);
			return {
				path: path.length > SHOWN_SEGMENTS ? [...shown, '…'] : shown,
				message: `Expected JSON nested at most ${maxDepth} levels deep`,
			};
		}
		const children: Array<[string | number, unknown]> = Array.isArray(node)
			? node.map((item, index) => [index, item])
			: Object.entries(node);
		for (const [key, child] of children) {
			if (options.forbidProtoKeys && key === '__proto__') {
				return {
					path: [...path, key],
					message:
						'Expected no "__proto__" key: it cannot be stored (JavaScript reads it as the object\'s prototype)',
				};
			}
			pending.push({ value: child, path: [...path, key] });
		}
	}
	return undefined;
}

/** Free-form JSON under a product field: any value, bounded in depth and size, free of `__proto__` keys. */
export function freeFormJson() {
	return z.unknown().superRefine((value, context) => {
		const problem = structureProblem(value, {
			forbidProtoKeys: true,
			maxValues: MAX_FREE_FORM_VALUES,
		});
		if (problem) context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
	});
}

import type { SimAudio, SimProduct, Simulator } from '../../simulator/src/index.js';

/** Absolute URL of the list endpoint with the given query. */
export function listUrl(
	sim: Simulator,
	query: Record<string, string | number | boolean> = {},
	websiteId = sim.websiteId,
): string {
	const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
	const qs = search.size ? `?${search}` : '';
	return `${sim.baseUrl}/ws/websites/${encodeURIComponent(websiteId)}/products${qs}`;
}

/** Absolute URL of the single-product endpoint; the ref goes through encodeURIComponent, as a client does. */
export function singleUrl(
	sim: Simulator,
	ref: string,
	query: Record<string, string> = {},
	websiteId = sim.websiteId,
): string {
	const search = new URLSearchParams(query);
	const qs = search.size ? `?${search}` : '';
	return `${sim.baseUrl}/ws/websites/${encodeURIComponent(websiteId)}/products/${encodeURIComponent(ref)}${qs}`;
}

export interface JsonResponse<T = any> {
	status: number;
	headers: Headers;
	body: T;
	text: string;
}

export async function getJson<T = any>(url: string, init?: RequestInit): Promise<JsonResponse<T>> {
	const response = await fetch(url, { headers: { Accept: 'application/json' }, ...init });
	const text = await response.text();
	return {
		status: response.status,
		headers: response.headers,
		text,
		body: (text ? JSON.parse(text) : undefined) as T,
	};
}

/*
 * The list endpoint's filter rules, written again here from the service's documentation rather than
 * imported from the simulator, so a mistake in one is caught by the other.
 */
const returnable = (a: SimAudio, locale: string) =>
	a.locale === locale &&
	a.audio_url !== undefined &&
	a.audio_url !== '' &&
	a.validated === true &&
	a.awaitingValidation === false;
const published = (a: SimAudio, locale: string) => returnable(a, locale) && a.is_active;

export function expectedMatch(
	p: SimProduct,
	locale: string,
	withAudio?: boolean,
	pub?: boolean,
): boolean {
	const hasReturnable = p.reviews.some((a) => returnable(a, locale));
	const hasPublished = p.reviews.some((a) => published(a, locale));
	if (withAudio === true && !hasReturnable) return false;
	if (withAudio === false && hasReturnable) return false;
	if (pub === true && !hasPublished) return false;
	if (pub === false && hasPublished) return false;
	return true;
}

/** Internal model of every product, in catalogue order. */
export function internalModels(sim: Simulator): SimProduct[] {
	return sim.refs().map((ref) => sim.inspect(ref)!);
}

/**
 * Problems of a product against the service's documented shapes (required fields, types, ranges, no
 * null where the spec does not allow it, no internal field leaking). Empty when valid.
 */
export function specProblems(product: Record<string, any>): string[] {
	const problems: string[] = [];
	const check = (ok: boolean, what: string) => void (ok || problems.push(what));
	const optString = (o: Record<string, any>, key: string, at: string) =>
		check(!(key in o) || typeof o[key] === 'string', `${at}.${key} must be a string when present`);
	const allowed = (o: Record<string, any>, keys: string[], at: string) => {
		for (const key of Object.keys(o)) check(keys.includes(key), `${at}.${key} is not in the spec`);
	};
	allowed(
		product,
		[
			'id',
			'external_id',
			'name',
			'seo_name',
			'seo_description',
			'audio_url',
			'website',
			'features',
			'config',
			'experiment',
			'reviews',
		],
		'product',
	);
	check(typeof product.id === 'string', 'id');
	check(typeof product.external_id === 'string' && product.external_id.length > 0, 'external_id');
	for (const key of ['name', 'seo_name', 'seo_description', 'audio_url'])
		optString(product, key, 'product');
	check(typeof product.website?.id === 'string', 'website.id');
	if (product.website) optString(product.website, 'name', 'website');
	if ('features' in product)
		check(
			typeof product.features === 'object' &&
				product.features !== null &&
				typeof product.features.ctaAnalytics === 'boolean',
			'features.ctaAnalytics',
		);
	if ('config' in product)
		check(
			typeof product.config === 'object' &&
				product.config !== null &&
				!Array.isArray(product.config),
			'config must be an object',
		);
	if ('experiment' in product) {
		const e = product.experiment;
		check(
			typeof e.id === 'string' && typeof e.name === 'string' && Array.isArray(e.variations),
			'experiment',
		);
		for (const v of e.variations ?? []) {
			check(
				typeof v.id === 'string' &&
					typeof v.name === 'string' &&
					typeof v.widgetEnabled === 'boolean',
				'variation id/name/widgetEnabled',
			);
			check(
				v.widgetConfigId === null || typeof v.widgetConfigId === 'string',
				'variation.widgetConfigId',
			);
			check(typeof v.audioSelection === 'string', 'variation.audioSelection');
			check(v.audioId === null || typeof v.audioId === 'string', 'variation.audioId');
			check(
				v.audioPosition === null || typeof v.audioPosition === 'number',
				'variation.audioPosition',
			);
			check(
				typeof v.allocation === 'number' && typeof v.position === 'number',
				'variation allocation/position',
			);
			if ('audioIdsByLocale' in v)
				check(
					Object.values(v.audioIdsByLocale).every((id) => typeof id === 'string'),
					'variation.audioIdsByLocale',
				);
		}
	}
	check(Array.isArray(product.reviews), 'reviews must be an array');
	for (const [i, r] of (product.reviews ?? []).entries()) {
		const at = `reviews[${i}]`;
		allowed(
			r,
			[
				'id',
				'type',
				'label',
				'rating',
				'audio_url',
				'is_active',
				'is_default',
				'transcript',
				'created_at',
				'user',
			],
			at,
		);
		check(typeof r.id === 'string', `${at}.id`);
		check(r.type === 'review' || r.type === 'testimony', `${at}.type`);
		for (const key of ['label', 'audio_url', 'transcript']) optString(r, key, at);
		if ('rating' in r)
			check(typeof r.rating === 'number' && r.rating >= 0 && r.rating <= 5, `${at}.rating`);
		check(
			typeof r.is_active === 'boolean' && typeof r.is_default === 'boolean',
			`${at}.is_active/is_default`,
		);
		if ('created_at' in r)
			check(
				typeof r.created_at === 'string' && !Number.isNaN(Date.parse(r.created_at)),
				`${at}.created_at`,
			);
		check(typeof r.user?.id === 'string', `${at}.user.id`);
		if (r.user) {
			allowed(r.user, ['id', 'firstname', 'lastname', 'image_url', 'description'], `${at}.user`);
			for (const key of ['firstname', 'lastname', 'image_url', 'description'])
				optString(r.user, key, `${at}.user`);
		}
	}
	return problems;
}

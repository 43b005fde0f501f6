import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	ADVERSARIAL_REFS,
	type SimProduct,
	type Simulator,
	startSimulator,
} from '../../simulator/src/index.js';
import { getJson, internalModels, singleUrl, specProblems } from './helpers.js';

let sim: Simulator;
let models: SimProduct[];

beforeAll(async () => {
	sim = await startSimulator({ products: 400, locales: ['fr', 'en'], seed: 13, adversarial: true });
	models = internalModels(sim);
});
afterAll(() => sim.close());

const visibleActive = (p: SimProduct, locale?: string) =>
	p.reviews
		.filter(
			(a) =>
				a.validated &&
				!a.awaitingValidation &&
				a.is_active &&
				(locale === undefined || a.locale === locale),
		)
		.map((a) => a.id);

describe('single endpoint', () => {
	it('returns active audio of every locale when no locale is given, strictly one locale when given', async () => {
		const model = models.find(
			(p) => visibleActive(p, 'fr').length > 0 && visibleActive(p, 'en').length > 0,
		)!;
		const all = await getJson(singleUrl(sim, model.external_id));
		expect(all.status).toBe(200);
		expect(all.body.external_id).toBe(model.external_id);
		expect(all.body.id).toBe(model.id);
		expect(all.body.reviews.map((r: { id: string }) => r.id)).toEqual(visibleActive(model));
		const fr = await getJson(singleUrl(sim, model.external_id, { locale: 'fr' }));
		expect(fr.body.reviews.map((r: { id: string }) => r.id)).toEqual(visibleActive(model, 'fr'));
		const de = await getJson(singleUrl(sim, model.external_id, { locale: 'de' }));
		expect(de.body.reviews).toEqual([]);
		expect(de.body.external_id).toBe(model.external_id);
	});

	it('never sends inactive, unvalidated or pending audio', async () => {
		const tricky = models
			.filter((p) => p.reviews.some((a) => !a.is_active || !a.validated || a.awaitingValidation))
			.slice(0, 25);
		expect(tricky.length).toBe(25);
		for (const model of tricky) {
			const { body } = await getJson(singleUrl(sim, model.external_id));
			const hidden = new Set(
				model.reviews
					.filter((a) => !a.is_active || !a.validated || a.awaitingValidation)
					.map((a) => a.id),
			);
			expect(body.reviews.some((r: { id: string }) => hidden.has(r.id))).toBe(false);
			expect(body.reviews.every((r: { is_active: boolean }) => r.is_active)).toBe(true);
		}
	});

	it('emits the documented product shape: optional fields omitted, audio_url from the default review', async () => {
		let withoutSeo = 0;
		let withExperiment = 0;
		for (const model of models.slice(0, 150)) {
			const { body, text } = await getJson(singleUrl(sim, model.external_id, { locale: 'fr' }));
			expect(specProblems(body)).toEqual([]);
			// null only where the spec says "string or null" / "number or null".
			expect(text.replace(/"(widgetConfigId|audioId|audioPosition)":null/g, '')).not.toContain(
				':null',
			);
			if (!('seo_name' in body)) withoutSeo++;
			if ('experiment' in body) withExperiment++;
			const byDefault = body.reviews.find(
				(r: { is_default: boolean; audio_url?: string }) => r.is_default && r.audio_url,
			);
			if (byDefault) expect(body.audio_url).toBe(byDefault.audio_url);
			else expect(body).not.toHaveProperty('audio_url');
			expect(body).toEqual(sim.getProduct(model.external_id, { locale: 'fr' }));
		}
		expect(withoutSeo).toBeGreaterThan(5);
		expect(withExperiment).toBeGreaterThan(0);
	});

	it('changes only the configuration with variant (by reference, then by name) and type', async () => {
		const ref = models.find((p) => p.config && !p.variants)!.external_id;
		const base = (await getJson(singleUrl(sim, ref))).body;
		const compact = (await getJson(singleUrl(sim, ref, { variant: 'compact-v2' }))).body;
		const dark = (await getJson(singleUrl(sim, ref, { variant: 'Dark mode' }))).body;
		const unknown = (await getJson(singleUrl(sim, ref, { variant: 'no-such-config' }))).body;
		const carousel = (await getJson(singleUrl(sim, ref, { type: 'carousel' }))).body;
		const standalone = (await getJson(singleUrl(sim, ref, { type: 'standalone' }))).body;
		expect(compact.config.theme).toBe('compact');
		expect(dark.config.theme).toBe('dark');
		expect(carousel.config.layout).toBe('carousel');
		expect(base.config.theme).not.toBe('compact');
		expect(unknown).toEqual(base);
		expect(standalone).toEqual(base);
		for (const other of [compact, dark, carousel]) {
			const { config: _c, ...rest } = other;
			const { config: _b, ...baseRest } = base;
			expect(rest).toEqual(baseRest);
		}
	});

	it('answers unknown products and websites with status 200 and ERR_DB_MISSING', async () => {
		for (const url of [
			singleUrl(sim, 'no-such-product'),
			singleUrl(sim, 'sku-00001'),
			singleUrl(sim, sim.refs()[0]!, {}, '11111111-1111-4111-8111-111111111111'),
		]) {
			const { status, body } = await getJson(url);
			expect(status).toBe(200);
			expect(body).toEqual({ type: 'ERR_DB_MISSING', message: expect.any(String) });
		}
	});

	it('reports a malformed locale or percent-encoding with status 200 and ERR_INPUT_VALIDATION', async () => {
		const bad = await getJson(singleUrl(sim, sim.refs()[0]!, { locale: 'not a locale' }));
		expect(bad.status).toBe(200);
		expect(bad.body.type).toBe('ERR_INPUT_VALIDATION');
		const broken = await getJson(`${sim.baseUrl}/ws/websites/${sim.websiteId}/products/100%`);
		expect(broken.status).toBe(200);
		expect(broken.body.type).toBe('ERR_INPUT_VALIDATION');
	});
});

describe('single endpoint: refs that break naive path handling', () => {
	it('fetches every adversarial ref through encodeURIComponent, decoded and matched exactly', async () => {
		const reachable = ADVERSARIAL_REFS.filter((ref) => ref !== '.' && ref !== '..');
		for (const ref of reachable) {
			const { status, body } = await getJson(singleUrl(sim, ref));
			expect(status).toBe(200);
			expect(body.external_id).toBe(ref);
			expect(specProblems(body)).toEqual([]);
		}
	});

	it('keeps case twins and NFC/NFD spellings apart', async () => {
		const ids = await Promise.all(
			['Shoe-1', 'shoe-1', 'caf\u00e9', 'cafe\u0301'].map(
				async (ref) => (await getJson(singleUrl(sim, ref))).body.id as string,
			),
		);
		expect(new Set(ids).size).toBe(4);
		expect((await getJson(singleUrl(sim, 'SHOE-1'))).body.type).toBe('ERR_DB_MISSING');
	});

	it('does not treat an encoded slash as a path separator, and 404s an unencoded one', async () => {
		expect((await getJson(singleUrl(sim, 'a/b'))).body.external_id).toBe('a/b');
		expect((await getJson(singleUrl(sim, 'a%2Fb'))).body.external_id).toBe('a%2Fb');
		const raw = await getJson(`${sim.baseUrl}/ws/websites/${sim.websiteId}/products/a/b`);
		expect(raw.status).toBe(404);
		expect(raw.body.type).toBe('ERR_NOT_FOUND');
	});

	it('serves "." and ".." to raw HTTP clients that percent-encode the dots (fetch normalises them away)', async () => {
		for (const [path, ref] of [
			['%2E%2E', '..'],
			['%2e', '.'],
		] as const) {
			const body = await new Promise<string>((resolve, reject) => {
				const url = new URL(sim.baseUrl);
				request(
					{
						host: url.hostname,
						port: url.port,
						path: `/ws/websites/${sim.websiteId}/products/${path}`,
					},
					(res) => {
						let text = '';
						res.on('data', (chunk: Buffer) => (text += chunk.toString()));
						res.on('end', () => resolve(text));
					},
				)
					.on('error', reject)
					.end();
			});
			expect(JSON.parse(body).external_id).toBe(ref);
		}
	});

	it('escapes hostile text only as JSON does: the bytes are the corpus, U+2028 included', async () => {
		const { text, body } = await getJson(singleUrl(sim, '<script>'));
		expect(body.name).toBe('<script>alert(1)</script> <script>');
		expect(text).toContain('<script>alert(1)</script>');
		expect(text).toContain('\u2028');
		expect(body.reviews[0].audio_url).not.toMatch(/^https:/);
		expect(body.reviews[0].user.image_url).not.toMatch(/^https:/);
	});
});

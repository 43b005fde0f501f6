/**
 * Type tests of the public surface, through the package's own export names (so they check the
 * emitted declarations users get, not the sources).
 */

import type { AstroIntegration } from 'astro';
import type { LiveLoader, Loader } from 'astro/loaders';
import type { z } from 'astro/zod';
import audioReviews, { type AudioReviewsOptions } from 'astro-audio-reviews';
import {
	type AudioReviewsClient,
	type AudioReviewsError,
	createClient,
	type NotFoundError,
	type ProductValidationError,
	type ServiceError,
} from 'astro-audio-reviews/client';
import {
	type ProductsLoaderOptions,
	productsLiveLoader,
	productsLoader,
} from 'astro-audio-reviews/loaders';
import {
	type LayoutProps,
	type ProductEntryLike,
	productUrl,
	type ratingSummary,
} from 'astro-audio-reviews/pages';
import type { Product, productSchema, Review } from 'astro-audio-reviews/schema';
import { describe, expectTypeOf, it } from 'vitest';

const connection = {
	baseUrl: 'https://api.example.com',
	websiteId: '00000000-0000-4000-8000-000000000000',
};

describe('entry data', () => {
	it('is the validated product', () => {
		expectTypeOf<Product>().toEqualTypeOf<z.infer<typeof productSchema>>();
		expectTypeOf<Product['external_id']>().toEqualTypeOf<string>();
		expectTypeOf<Product['reviews']>().toEqualTypeOf<Review[]>();
		expectTypeOf<Review['type']>().toEqualTypeOf<'review' | 'testimony'>();
		expectTypeOf<Review['rating']>().toEqualTypeOf<number | undefined>();
	});
});

describe('options', () => {
	it('requires the connection and accepts the documented options', () => {
		expectTypeOf(productsLoader).parameter(0).toExtend<ProductsLoaderOptions>();
		expectTypeOf<typeof connection>().toExtend<ProductsLoaderOptions>();
		expectTypeOf<{ baseUrl: string }>().not.toExtend<ProductsLoaderOptions>();
		expectTypeOf<{ onInvalid: 'skip' } & typeof connection>().toExtend<ProductsLoaderOptions>();
		expectTypeOf<
			{ onInvalid: 'ignore' } & typeof connection
		>().not.toExtend<ProductsLoaderOptions>();
	});

	it('takes what astro:env gives: an optional variable is string | undefined, the option still named', () => {
		type FromEnv = { baseUrl: string | undefined; websiteId: string | undefined };
		expectTypeOf<FromEnv>().toExtend<ProductsLoaderOptions>();
		expectTypeOf<FromEnv>().toExtend<Parameters<typeof productsLiveLoader>[0]>();
		expectTypeOf<{ websiteId: string | undefined }>().not.toExtend<ProductsLoaderOptions>();
		expectTypeOf<{ websiteId: string | undefined }>().toExtend<
			NonNullable<AudioReviewsOptions['invalidate']>
		>();
	});

	it('gives Astro a loader, a live loader and an integration', () => {
		expectTypeOf(productsLoader(connection)).toExtend<Loader>();
		expectTypeOf(productsLiveLoader(connection)).toExtend<LiveLoader<Product>>();
		expectTypeOf(audioReviews).returns.toExtend<AstroIntegration>();
		expectTypeOf<{ collection: 'products'; route: false }>().toExtend<AudioReviewsOptions>();
		expectTypeOf<{ route: 42 }>().not.toExtend<AudioReviewsOptions>();
	});

	it('offers the review feed in schema 2.4 or 2.3', () => {
		expectTypeOf<{
			reviewsFeed: { publisher: 'Shop'; schemaVersion: '2.3' };
		}>().toExtend<AudioReviewsOptions>();
		expectTypeOf<{
			reviewsFeed: { publisher: 'Shop'; schemaVersion: '2.4' };
		}>().toExtend<AudioReviewsOptions>();
		expectTypeOf<{
			reviewsFeed: { publisher: 'Shop'; schemaVersion: '2.2' };
		}>().not.toExtend<AudioReviewsOptions>();
	});

	it('takes hub: true, false or { pageSize?, order?: "name" | "rating" }', () => {
		expectTypeOf<{ hub: { order: 'rating' } }>().toExtend<AudioReviewsOptions>();
		expectTypeOf<{ hub: { pageSize: 24; order: 'name' } }>().toExtend<AudioReviewsOptions>();
		expectTypeOf<{ hub: false }>().toExtend<AudioReviewsOptions>();
		expectTypeOf<{ hub: { order: 'stars' } }>().not.toExtend<AudioReviewsOptions>();
		expectTypeOf<{ hub: { sort: 'rating' } }>().not.toExtend<AudioReviewsOptions>();
	});

	it('keeps ratingSummary { average, count }, with the distribution per star level and the testimonies', () => {
		type Summary = NonNullable<ReturnType<typeof ratingSummary>>;
		expectTypeOf<Summary['average']>().toEqualTypeOf<number>();
		expectTypeOf<Summary['count']>().toEqualTypeOf<number>();
		expectTypeOf<Summary['levels'][5]>().toEqualTypeOf<number>();
		expectTypeOf<Summary['testimonies']>().toEqualTypeOf<number>();
	});
});

describe('client and errors', () => {
	it('types the client and keeps the error hierarchy', () => {
		expectTypeOf(createClient(connection)).toEqualTypeOf<AudioReviewsClient>();
		expectTypeOf<ServiceError>().toExtend<AudioReviewsError>();
		expectTypeOf<NotFoundError>().toExtend<ServiceError>();
		expectTypeOf<ProductValidationError>().toExtend<AudioReviewsError>();
		expectTypeOf<AudioReviewsError>().toExtend<Error>();
	});
});

describe('layout', () => {
	it('gives a layout the props the injected pages pass it', () => {
		expectTypeOf<LayoutProps>().toEqualTypeOf<{
			title: string;
			description?: string | undefined;
			lang: string;
			alternates?: { locale: string; href: string; current: boolean }[] | undefined;
		}>();
	});
});

describe('links', () => {
	it('gives productUrl a string, for href={productUrl(entry)}', () => {
		const entry = {} as ProductEntryLike;
		expectTypeOf(productUrl(entry)).toEqualTypeOf<string>();
		expectTypeOf(productUrl(entry, { route: '/shop/[ref]' })).toEqualTypeOf<string>();
		// What getCollection returns for a productsLoader() collection fits.
		expectTypeOf<{ id: string; collection: 'products'; data: Product; digest?: string }>().toExtend<
			Parameters<typeof productUrl>[0]
		>();
	});
});

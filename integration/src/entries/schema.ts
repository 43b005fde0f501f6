// Public entry point `astro-audio-reviews/schema` (package.json `exports`): each name it gives, from the
// module that defines it.
export {
	type ErrorBody,
	type Experiment,
	type ExperimentVariation,
	errorBodySchema,
	experimentSchema,
	experimentVariationSchema,
	type Features,
	featuresSchema,
	type Product,
	type ProductList,
	type ProductListEnvelope,
	productListEnvelopeSchema,
	productListSchema,
	productSchema,
	type Review,
	type ReviewUser,
	reviewSchema,
	reviewUserSchema,
	type Website,
	websiteSchema,
} from '../schema/product.js';
export {
	formatIssuePath,
	type ProductValidationResult,
	refOf,
	validateProduct,
} from '../schema/validate.js';

/**
 * The service simulator: both endpoints of the audio reviews service, a deterministic demo
 * catalogue, an adversarial corpus, fault injection, validators, runtime mutation and an
 * optional HTTP control API. Used by the demo build, the test-suite, the benchmarks and users'
 * own tests (`astro-audio-reviews/simulator`, the `audio-reviews-simulator` bin); no runtime
 * dependency beyond node:http, and nothing in the integration imports it.
 */

export { ADVERSARIAL_REFS, adversarialProducts } from './adversarial.js';
export type {
	ApiError,
	ApiProduct,
	ApiProductList,
	ApiReview,
	ApiReviewUser,
} from './api-shape.js';
export { toApiProduct } from './api-shape.js';
export {
	type CatalogueOptions,
	DEMO_WIDGET_CONFIGS,
	generateCatalogue,
	generateProduct,
} from './catalogue.js';
export { CONTROL_PREFIX } from './control.js';
export type { Faults } from './faults.js';
export {
	DEFAULT_LONG_TAIL,
	type LongTailOptions,
	type LongTailTier,
	longTailTier,
} from './long-tail.js';
export type {
	ListQuery,
	SimAudio,
	SimExperiment,
	SimExperimentVariation,
	SimProduct,
	SimUser,
	SimWidgetConfig,
} from './model.js';
export { isPublished, isReturnable, isVisible, matchesFilters } from './model.js';
export type { RequestHook, RequestInfo } from './server.js';
export {
	DEMO_WEBSITE_ID,
	type Simulator,
	type SimulatorOptions,
	startSimulator,
} from './simulator.js';
export type { Endpoint, FaultKind, RequestLogEntry, SimulatorStats } from './stats.js';

/**
 * The service simulator: both endpoints of API.md, a deterministic demo catalogue, an
 * adversarial corpus, fault injection, validators and runtime mutation. Used by the demo
 * build, the test-suite and the benchmarks; no runtime dependency beyond node:http.
 */
export { startSimulator, DEMO_WEBSITE_ID, type Simulator, type SimulatorOptions } from './simulator.js';
export type { SimulatorStats, RequestLogEntry, Endpoint, FaultKind } from './stats.js';
export type { RequestHook, RequestInfo } from './server.js';
export type { Faults } from './faults.js';
export type { ListQuery, SimAudio, SimExperiment, SimExperimentVariation, SimProduct, SimUser, SimWidgetConfig } from './model.js';
export { isPublished, isReturnable, isVisible, matchesFilters } from './model.js';
export type { ApiError, ApiProduct, ApiProductList, ApiReview, ApiReviewUser } from './api-shape.js';
export { toApiProduct } from './api-shape.js';
export { ADVERSARIAL_REFS, adversarialProducts } from './adversarial.js';
export { DEMO_WIDGET_CONFIGS, generateCatalogue, generateProduct, type CatalogueOptions } from './catalogue.js';

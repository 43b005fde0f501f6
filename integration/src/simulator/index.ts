export { startSimulator, DEMO_WEBSITE_ID, type Simulator, type SimulatorOptions, type SimulatorStats, type ListQuery } from './server.js';
export type { Faults } from './faults.js';
export type { SimProduct, SimAudio, SimUser } from './model.js';
export { ADVERSARIAL_REFS } from './adversarial.js';
export { generateCatalogue } from './catalogue.js';

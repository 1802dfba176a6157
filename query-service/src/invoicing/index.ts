export * from './query.js';
export * from './candidates.js';
export * from './pricer.js';

export * from './catalogue.js';
export * from './engine.js';

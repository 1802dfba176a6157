export * from './runs.js';
export * from './suggestions.js';
export * from './scope.js';
export * from './port.js';

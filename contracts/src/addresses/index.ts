export * from './postalAddress.js';
export * from './identifiers.js';

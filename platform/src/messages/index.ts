export * from './types.js';
export * from './outbox.js';
export * from './live.js';
export * from './smtp.js';
export * from './linkMobility.js';
export * from './metered.js';

export * from './kinds.js';
export * from './events.js';
export * from './subjects.js';
export * from './inventory.js';
export type * from './inventoryTypes.js';
export * from './paths.js';
export * from './commands.js';
export * from './readModels.js';
export * from './retention.js';

export * from './roles.js';
export * from './flags.js';
export * from './routeAccess.js';
export * from './phone.js';
export * from './permissions.js';
export * from './adminResources.js';

export * from './types.js';
export * from './gazetteer.js';
export * from './nominatim.js';
export * from './photon.js';
export * from './chain.js';
export type { FetchJson } from './http.js';
export * from './fromConfig.js';

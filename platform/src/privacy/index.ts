export * from './keys.js';
export * from './store.js';
export * from './open.js';
export * from './records.js';
export * from './pkcs11.js';

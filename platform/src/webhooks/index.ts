export * from './addressGuard.js';
export * from './signing.js';
export * from './post.js';

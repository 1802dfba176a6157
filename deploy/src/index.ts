export { startSystem, type System } from './embedded/system.js';
export { seedDemoData } from './demo/seed.js';
export { demoOrder, prng } from './demo/data.js';

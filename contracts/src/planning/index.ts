export * from './breaks.js';
export * from './units.js';
export * from './courierUsers.js';
export * from './slots.js';
export * from './templates.js';
export * from './orders.js';
export * from './routePoints.js';
export * from './travel.js';

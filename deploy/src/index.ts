export { startSystem, type System } from './embedded/system.js';
export { seedDemoData, seedDemoUsers, type DemoPlan } from './demo/seed.js';
export { demoDepartments, demoOrder, demoUsers, prng } from './demo/data.js';
export { planDemoRoutes } from './demo/routes.js';
export { serviceEnvironment, serviceNames, type ServiceName } from './services/environment.js';

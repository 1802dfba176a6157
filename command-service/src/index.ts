export { createCommandService, type CommandServiceDeps } from './service.js';
export { handlers } from './handlers.js';

export {
  createCommandService,
  executeCommand,
  type CommandServiceDeps,
  type CommandRequest,
} from './service.js';
export { handlers } from './handlers.js';

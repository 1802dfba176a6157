export {
  createCommandService,
  executeCommand,
  type CommandServiceDeps,
  type CommandRequest,
} from './service.js';
export { handlers } from './handlers.js';
export {
  BlockNumberAllocator,
  EventStoreNumberAllocator,
  MAX_ALLOCATION,
  type Allocation,
  type NumberAllocator,
} from './numberSeries/allocator.js';

export {
  createCommandService,
  createOpenCommands,
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
export {
  ReferenceStreams,
  REFERENCE_CHANGED_CHANNEL,
  REFERENCE_CACHE_MS,
  isReferenceStream,
  type ChangeSignals,
} from './framework/referenceStreams.js';
export { StreamStates, STREAM_STATES_KEPT } from './framework/streamStates.js';
export { OptimizingRunner, type RunnerDeps } from './optimizing/runner.js';
export { InvoicingRunner, type InvoicingRunnerDeps } from './invoicing/runner.js';
export { RetentionJob, type RetentionJobDeps } from './privacy/retention.js';
export { RecurringScheduler, type RecurringSchedulerDeps } from './recurring/scheduler.js';
export * from './importing/index.js';
export { PreAdviceJob, type PreAdviceJobDeps } from './preAdvice/job.js';
export { WebhookWorker, type WebhookWorkerDeps } from './webhooks/worker.js';
export { createExternalOrdersApi } from './apiKeys/externalOrders.js';
export { JobControl, type JobPass } from './jobs/control.js';
export { OptimizingTakeOverJob } from './optimizing/takeOver.js';
export { ProofSweepJob, type ProofSweepJobDeps } from './proof/sweep.js';
export { BlobDeletesJob, type DeferredDeletes } from './proof/blobDeletes.js';

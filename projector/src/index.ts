export { createProjector, type Projector, type ProjectorDeps } from './service.js';
export { projections, readModelMigrations } from './projections.js';
export { rebuild, checksum, type RebuildProgress } from './rebuild.js';
export {
  applyBatch,
  readCheckpoint,
  readCheckpoints,
  runProjection,
  runProjections,
} from './framework/runner.js';
export type { Projection } from './framework/projection.js';
export { createProjectorWorker, type WorkerOptions } from './workerHost.js';
export { consignmentSearchIndexSql } from './consignmentGrid/projection.js';
export { searchText } from './consignmentGrid/row.js';
export { CellDeltas, type ReportOrder } from './reporting/fold.js';
export { DAYS_FROM_CELLS } from './reporting/projection.js';
export { ROUTE_DAYS_FROM_ROUTES } from './reporting/routes.js';
export { planRoutes } from './reporting/routePlans.js';

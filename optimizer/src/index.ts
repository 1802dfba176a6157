// The public API of the route optimiser.
export type * from './model.js';
export { solve, type SolveHooks } from './solve.js';
export { checkSolution } from './checker.js';
export { startOptimization, type OptimizationRun, type RunOptions } from './run.js';
export {
  greatCircleMatrix,
  greatCircleMetres,
  DEFAULT_SPEEDS_KMH,
  DEFAULT_ROAD_FACTOR,
  type LatLng,
} from './matrix/greatCircle.js';
export { osrmMatrixService, osrmTableUrl, parseOsrmTable } from './matrix/osrm.js';
export { valhallaMatrixService, valhallaRequest, parseValhallaMatrix } from './matrix/valhalla.js';
export {
  graphHopperMatrixService,
  graphHopperRequest,
  parseGraphHopperMatrix,
} from './matrix/graphhopper.js';
export { UNREACHABLE, type FetchLike, type MatrixService } from './matrix/http.js';
export {
  createRouteOptimizer,
  defaultWorkers,
  type RouteOptimizerOptions,
} from './product/optimizer.js';
export { buildProblem, type BuiltProblem } from './product/problem.js';
export { outcomeOf } from './product/outcome.js';
export { greatCircleMatrices, MatrixCache } from './product/matrices.js';

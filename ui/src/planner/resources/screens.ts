import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWithRetry } from '../../shell/staleCode';

const UnitsScreen = lazy(() => loadWithRetry(() => import('./units/UnitsScreen')));
const VehiclesScreen = lazy(() => loadWithRetry(() => import('./vehicles/VehiclesScreen')));
const CouriersScreen = lazy(() => loadWithRetry(() => import('./couriers/CouriersScreen')));

/**
 * The planner's resource screens (spec §2), each a chunk of its own, by the route rule that opens
 * it (contracts routeRules): units (also `units-new`), vehicles, couriers (also `couriers-old`).
 */
export const resourceScreens: { path: string; Screen: LazyExoticComponent<ComponentType> }[] = [
  { path: '/planner/:departmentId/units/*', Screen: UnitsScreen },
  { path: '/planner/:departmentId/units-new/*', Screen: UnitsScreen },
  { path: '/planner/:departmentId/vehicles/*', Screen: VehiclesScreen },
  { path: '/planner/:departmentId/couriers/*', Screen: CouriersScreen },
  { path: '/planner/:departmentId/couriers-old/*', Screen: CouriersScreen },
];

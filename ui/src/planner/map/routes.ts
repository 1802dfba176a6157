import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWithRetry } from '../../shell/staleCode';

/** The map (react-leaflet, supercluster) is a chunk of its own; asked for early by a prefetch. */
export const loadMapPage = () => loadWithRetry(() => import('./MapPage'));
const MapPage = lazy(loadMapPage);

const P = '/planner/:departmentId';

/**
 * Spec §2 `/map` and `/map2`: one screen under both paths, each guarded by its own route rule.
 * It follows the socket.
 */
export const mapScreens: {
  path: string;
  rule: string;
  Page: LazyExoticComponent<ComponentType>;
}[] = [
  { path: `${P}/map`, rule: `${P}/map`, Page: MapPage },
  { path: `${P}/map2`, rule: `${P}/map2`, Page: MapPage },
];

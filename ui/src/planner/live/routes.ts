import { lazy, type ComponentType } from 'react';
import { lazyPage } from '../../shell/lazyPage';
import { loadWithRetry } from '../../shell/staleCode';

/** The live view (react-leaflet) and the routes overview are chunks of their own. */
export const LivePage = lazyPage(() => import('./LivePage'));
const RoutesOverviewPage = lazy(() => loadWithRetry(() => import('./RoutesOverviewPage')));

const P = '/planner/:departmentId';

/**
 * The live screens (spec §2) by their router path and the route rule that guards them (contracts'
 * routeRules): the live view of a day and of a slot of it under `/live/*`, the second live view,
 * and the routes overview (its optional date is the first segment of `*`). Both follow the socket.
 */
export const liveScreens: {
  path: string;
  rule: string;
  Page: ComponentType;
}[] = [
  // One route for `/live/{date?}` and `/live/{date}/slots/{slotId}` (`liveSegments`), so opening a
  // slot keeps the map and the filters as they are.
  { path: `${P}/live/*`, rule: `${P}/live/*`, Page: LivePage },
  { path: `${P}/live2/:date?`, rule: `${P}/live2/:date?`, Page: LivePage },
  { path: `${P}/routes-overview/*`, rule: `${P}/routes-overview/*`, Page: RoutesOverviewPage },
];

import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWithRetry } from '../../shell/staleCode';

const UnresolvedPage = lazy(() => loadWithRetry(() => import('./UnresolvedPage')));

const P = '/planner/:departmentId';

/**
 * The unresolved-address screen (spec §2 `/unresolved` and `/coordinates`, docs/decisions/0053):
 * one screen under both paths, each guarded by its route rule; its list follows the socket.
 */
export const unresolvedScreens: {
  path: string;
  rule: string;
  Page: LazyExoticComponent<ComponentType>;
}[] = [
  { path: `${P}/unresolved`, rule: `${P}/unresolved`, Page: UnresolvedPage },
  { path: `${P}/coordinates`, rule: `${P}/coordinates`, Page: UnresolvedPage },
];

import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWithRetry } from '../../shell/staleCode';

const ManageReturns = lazy(() => loadWithRetry(() => import('./ManageReturns')));

/** The manage-returns screen (spec §2 `/manage-returns/*`, docs/decisions/0057-returns.md). */
export const returnsScreens: {
  path: string;
  rule: string;
  Page: LazyExoticComponent<ComponentType>;
}[] = [
  {
    path: '/planner/:departmentId/manage-returns/*',
    rule: '/planner/:departmentId/manage-returns/*',
    Page: ManageReturns,
  },
];

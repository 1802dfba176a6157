import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWithRetry } from '../../shell/staleCode';

const ExportPage = lazy(() => loadWithRetry(() => import('./ExportPage')));

/** The shipments export (spec §2 `/export/`, docs/decisions/0060). */
export const exportScreens: {
  path: string;
  rule: string;
  Page: LazyExoticComponent<ComponentType>;
}[] = [
  {
    path: '/planner/:departmentId/export',
    rule: '/planner/:departmentId/export',
    Page: ExportPage,
  },
];

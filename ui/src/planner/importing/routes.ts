import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWithRetry } from '../../shell/staleCode';

const ImportPage = lazy(() => loadWithRetry(() => import('./ImportPage')));
const ImportResultPage = lazy(() => loadWithRetry(() => import('./ImportResultPage')));

/** The import screens (spec §2 `/import/{importId}`, docs/decisions/0059-import.md). */
export const importScreens: {
  path: string;
  rule: string;
  Page: LazyExoticComponent<ComponentType>;
}[] = [
  {
    path: '/planner/:departmentId/import',
    rule: '/planner/:departmentId/import',
    Page: ImportPage,
  },
  {
    path: '/planner/:departmentId/import/:importId',
    rule: '/planner/:departmentId/import/:importId',
    Page: ImportResultPage,
  },
];

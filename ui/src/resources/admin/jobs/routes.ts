import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWithRetry } from '../../../shell/staleCode';

const JobsPage = lazy(() => loadWithRetry(() => import('./JobsPage')));

export const JOBS_ADMIN = '/admin/jobs';

/** The jobs screen (spec §2 `/admin/jobs`, docs/decisions/0076): switches are pushed. */
export const jobScreens: {
  path: string;
  rule: string;
  Page: LazyExoticComponent<ComponentType>;
}[] = [{ path: JOBS_ADMIN, rule: JOBS_ADMIN, Page: JobsPage }];

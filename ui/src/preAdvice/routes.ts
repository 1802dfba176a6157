import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWithRetry } from '../shell/staleCode';

const PreAdvicePolicies = lazy(() => loadWithRetry(() => import('./PreAdvicePolicies')));
const PreAdviceFollowUp = lazy(() => loadWithRetry(() => import('./PreAdviceFollowUp')));

export const PRE_ADVICE_ADMIN = '/admin/preadvice/*';
export const PRE_ADVICE_FOLLOW_UP = '/planner/:departmentId/preadvice-followup/*';

/**
 * The pre-advice screens (spec §2 `/admin/preadvice/*` and `/preadvice-followup/*`,
 * docs/decisions/0062-pre-advice.md): both follow their rows over the socket.
 */
export const preAdviceScreens: {
  path: string;
  rule: string;
  Page: LazyExoticComponent<ComponentType>;
}[] = [
  { path: PRE_ADVICE_ADMIN, rule: PRE_ADVICE_ADMIN, Page: PreAdvicePolicies },
  { path: PRE_ADVICE_FOLLOW_UP, rule: PRE_ADVICE_FOLLOW_UP, Page: PreAdviceFollowUp },
];

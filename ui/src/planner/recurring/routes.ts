import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWithRetry } from '../../shell/staleCode';

const RecurringOrders = lazy(() => loadWithRetry(() => import('./RecurringOrders')));
const RecurringResult = lazy(() => loadWithRetry(() => import('./RecurringResult')));

const RULE = '/planner/:departmentId/recurring/*';

/** The recurring-order screens (spec §2 `/recurring/*`, docs/decisions/0058-recurring-orders.md). */
export const recurringScreens: {
  path: string;
  rule: string;
  Page: LazyExoticComponent<ComponentType>;
}[] = [
  { path: '/planner/:departmentId/recurring/result/:date', rule: RULE, Page: RecurringResult },
  { path: RULE, rule: RULE, Page: RecurringOrders },
];

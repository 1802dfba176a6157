import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWithRetry } from '../../shell/staleCode';

/** The search screens and pickup orders are chunks of their own (docs/decisions/0052). */
const SimpleSearch = lazy(() => loadWithRetry(() => import('./SimpleSearch')));
const AdvancedSearch = lazy(() => loadWithRetry(() => import('./AdvancedSearch')));
const PickupOrders = lazy(() => loadWithRetry(() => import('./PickupOrders')));

/**
 * The screens by their router path (the optional parts are the splat's segments, so a change
 * merges into the address as it is: shell/latestPath) and the route rule that guards them
 * (contracts' routeRules). Pickup orders follow the socket.
 */
export const searchScreens: {
  path: string;
  rule: string;
  Page: LazyExoticComponent<ComponentType>;
  live?: boolean;
}[] = [
  {
    path: '/planner/simple-search/*',
    rule: '/planner/simple-search/:shipmentId?',
    Page: SimpleSearch,
  },
  {
    path: '/planner/advanced-search/*',
    rule: '/planner/advanced-search/:searchPhrase?',
    Page: AdvancedSearch,
  },
  {
    path: '/planner/:departmentId/pickup-orders/*',
    rule: '/planner/:departmentId/pickup-orders/*',
    Page: PickupOrders,
    live: true,
  },
];

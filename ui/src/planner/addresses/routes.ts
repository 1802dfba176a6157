import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWithRetry } from '../../shell/staleCode';

const AddressesPage = lazy(() => loadWithRetry(() => import('./AddressesPage')));
const AddressPage = lazy(() => loadWithRetry(() => import('./AddressPage')));

const RULE = '/planner/:departmentId/addresses/*';

/** The address book's screens (spec §2 `/addresses`, `/addresses/new`; decision 0061). */
export const addressScreens: {
  path: string;
  rule: string;
  Page: LazyExoticComponent<ComponentType>;
}[] = [
  { path: '/planner/:departmentId/addresses/new', rule: RULE, Page: AddressPage },
  { path: '/planner/:departmentId/addresses/:addressId', rule: RULE, Page: AddressPage },
  { path: RULE, rule: RULE, Page: AddressesPage },
];

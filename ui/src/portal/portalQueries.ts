import { isCustomerPortalPath } from '@nordlog/contracts';
import { requestJson } from '../shell/api';

/**
 * The portal's first reads, as query options: the shell and its pickers use them, and the app
 * asks for them at start-up when it opens on a portal page, while the portal's chunk loads,
 * instead of after it (the customer decides the department every portal screen reads).
 */
export const portalCustomerQuery = (customerId: string | null) => ({
  queryKey: ['portalCustomer', customerId],
  staleTime: 60_000,
  queryFn: () =>
    requestJson<{ id: string; departmentId: string | null }>(
      `/api/rest/customers/${encodeURIComponent(customerId ?? '')}`,
    ),
});

/** The customers the user may keep (its own and its sub-customers), by name. */
export const portalCustomersQuery = {
  queryKey: ['portalCustomers'],
  staleTime: 60_000,
  queryFn: () =>
    requestJson<{ id: string; name: string }[]>(
      `/api/rest/customers?sort=${encodeURIComponent('["name","ASC"]')}&range=${encodeURIComponent('[0,99]')}`,
    ),
};

/** Whether the app opens on a portal page as a customer user: then both are asked for at once. */
export const opensOnPortal = (
  pathname: string,
  user: { role: string; customerId: string | null },
): boolean =>
  isCustomerPortalPath(pathname) && user.role === 'CUSTOMER' && user.customerId !== null;

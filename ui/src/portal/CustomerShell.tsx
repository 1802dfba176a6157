import { useQuery } from '@tanstack/react-query';
import { lazy, useMemo } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { canOpen } from '../access/routes';
import { Lazy } from '../app/screens';
import { useShell } from '../app/UserContext';
import { LightFrame } from '../layout/LightFrame';
import { NotFound } from '../layout/NotFound';
import { LiveProvider } from '../live/LiveProvider';
import { loadWithRetry } from '../shell/staleCode';
import { PortalContext } from './portalContext';
import { portalCustomerQuery } from './portalQueries';

// The planners' screens, reused (their chunks are the planner's); the portal's own two pages.
const BookingPage = lazy(() => loadWithRetry(() => import('../booking/BookingPage')));
const ConfirmationPage = lazy(() => loadWithRetry(() => import('../booking/ConfirmationPage')));
const LabelPage = lazy(() => loadWithRetry(() => import('../labels/LabelPage')));
const AddressesPage = lazy(() => loadWithRetry(() => import('../planner/addresses/AddressesPage')));
const AddressPage = lazy(() => loadWithRetry(() => import('../planner/addresses/AddressPage')));
const CustomerShipments = lazy(() => loadWithRetry(() => import('./CustomerShipments')));
const CustomerInvoices = lazy(() => loadWithRetry(() => import('./CustomerInvoices')));
// The customer's own integrations (docs/decisions/0085): the admin's webhook pages, in the portal.
const WebhooksPage = lazy(() => loadWithRetry(() => import('../webhooks/WebhooksPage')));
const WebhookMessagesPage = lazy(() =>
  loadWithRetry(() => import('../webhooks/WebhookMessagesPage')),
);
const CustomerApiKeys = lazy(() => loadWithRetry(() => import('./CustomerApiKeys')));

const C = '/customer';

/**
 * The customer portal in the product (spec §2 `/customer/*`; docs/decisions/0074): the planner's
 * light frame with the portal's short menu (layout/menuEntries), and the planner's screens in
 * the portal's context (its department is the customer's; its links stay under /customer). Each
 * route is guarded by its rule (contracts' routeRules: CUSTOMER only); the server scopes every
 * call to the customer and its sub-customers.
 */
export default function CustomerShell() {
  const { user } = useShell();
  const customer = useQuery({
    ...portalCustomerQuery(user.customerId),
    enabled: user.role === 'CUSTOMER' && user.customerId !== null,
  });
  const departmentId = customer.data?.departmentId ?? user.departmentIds[0] ?? '';
  const portal = useMemo(() => ({ departmentId: String(departmentId) }), [departmentId]);
  const departmentIds = useMemo(() => (departmentId ? [String(departmentId)] : []), [departmentId]);
  const guard = (rule: string, page: React.ReactNode, live = false) => {
    if (!canOpen(user, rule)) return <NotFound />;
    const lazyPage = <Lazy>{page}</Lazy>;
    return live ? <LiveProvider>{lazyPage}</LiveProvider> : lazyPage;
  };
  return (
    <PortalContext.Provider value={portal}>
      <LightFrame>
        <Routes>
          <Route
            path={C}
            element={
              canOpen(user, `${C}/shipments`) ? (
                <Navigate to={`${C}/shipments`} replace />
              ) : (
                <NotFound />
              )
            }
          />
          <Route
            path={`${C}/shipments`}
            element={guard(
              `${C}/shipments`,
              <CustomerShipments departmentIds={departmentIds} />,
              true,
            )}
          />
          <Route
            path={`${C}/shipments/:shipmentId`}
            element={guard(
              `${C}/shipments/:shipmentId`,
              <ConfirmationPage view="shipment" />,
              true,
            )}
          />
          <Route path={`${C}/booking/*`} element={guard(`${C}/booking/*`, <BookingPage />)} />
          <Route
            path={`${C}/confirmation/:shipmentId`}
            element={guard(`${C}/confirmation/:shipmentId`, <ConfirmationPage />)}
          />
          <Route
            path={`${C}/labels/:orderLabelId`}
            element={guard(`${C}/labels/:orderLabelId`, <LabelPage />)}
          />
          <Route path={`${C}/addresses/new`} element={guard(`${C}/addresses/*`, <AddressPage />)} />
          <Route
            path={`${C}/addresses/:addressId`}
            element={guard(`${C}/addresses/*`, <AddressPage />)}
          />
          <Route
            path={`${C}/addresses`}
            element={guard(`${C}/addresses/*`, <AddressesPage />, true)}
          />
          <Route
            path={`${C}/invoices`}
            element={guard(
              `${C}/invoices`,
              <CustomerInvoices departmentId={String(departmentId)} />,
            )}
          />
          <Route path={`${C}/webhooks`} element={guard(`${C}/webhooks`, <WebhooksPage />, true)} />
          <Route
            path={`${C}/webhook-messages/*`}
            element={guard(`${C}/webhook-messages/*`, <WebhookMessagesPage />, true)}
          />
          <Route
            path={`${C}/api-keys`}
            element={guard(`${C}/api-keys`, <CustomerApiKeys />, true)}
          />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </LightFrame>
    </PortalContext.Provider>
  );
}

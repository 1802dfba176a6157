import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWithRetry } from '../../shell/staleCode';

/** The invoicing screens are chunks of their own (issue 18; docs/decisions/0032). */
const InvoicingPage = lazy(() => loadWithRetry(() => import('./InvoicingPage')));
const CorrectionsPage = lazy(() => loadWithRetry(() => import('./CorrectionsPage')));
const BillingOrdersPage = lazy(() => loadWithRetry(() => import('./BillingOrdersPage')));

const P = '/planner/:departmentId';

/**
 * The invoicing screens (spec §2) by their router path and the route rule that guards them
 * (contracts' routeRules): invoicing (its optional filters are the segments of `*`, under
 * `/invoicing` and `/invoicing-new`), order corrections (pending, and `/old` for the decided ones)
 * and billing orders. Runs, invoices and billing orders follow the socket.
 */
export const invoicingScreens: {
  path: string;
  rule: string;
  Page: LazyExoticComponent<ComponentType>;
}[] = [
  { path: `${P}/invoicing/*`, rule: `${P}/invoicing/*`, Page: InvoicingPage },
  { path: `${P}/invoicing-new/*`, rule: `${P}/invoicing-new/*`, Page: InvoicingPage },
  {
    path: `${P}/corrections/old/:date?`,
    rule: `${P}/corrections/old/:date?`,
    Page: CorrectionsPage,
  },
  { path: `${P}/corrections/:date?`, rule: `${P}/corrections/:date?`, Page: CorrectionsPage },
  { path: `${P}/billing-order/*`, rule: `${P}/billing-order/*`, Page: BillingOrdersPage },
];

import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWithRetry } from '../../shell/staleCode';
import type * as Pages from './pages';

/** The route lists are a chunk of their own, loaded when a planner opens one. */
const load = (pick: (m: typeof Pages) => ComponentType): LazyExoticComponent<ComponentType> =>
  lazy(() => loadWithRetry(() => import('./pages')).then((m) => ({ default: pick(m) })));

const P = '/planner/:departmentId';

/**
 * The route list screens by their route rule (contracts' routeRules, docs/decisions/0021): the
 * app registers each under its rule and shows the not-found page to users it refuses.
 */
export const routeListScreens: { path: string; Page: LazyExoticComponent<ComponentType> }[] = [
  { path: `${P}/planning/slots/:date/receipt-list`, Page: load((m) => m.ReceiptListPage) },
  { path: `${P}/planning/slots/:date/load-list`, Page: load((m) => m.DayLoadListPage) },
  { path: `${P}/planning/slots/:date/:slotId/load-list`, Page: load((m) => m.SlotLoadListPage) },
  { path: `${P}/planning/slots/:date/:slotId/hd-route-list`, Page: load((m) => m.HdRouteListPage) },
  { path: `${P}/route-receipt-list`, Page: load((m) => m.RouteReceiptListPage) },
  { path: `${P}/waybills/:id`, Page: load((m) => m.WaybillPage) },
  { path: `${P}/delivery-notes`, Page: load((m) => m.DeliveryNotesPage) },
];

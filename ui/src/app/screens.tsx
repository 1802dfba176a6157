import type { AuthUser } from '@nordlog/contracts';
import { routeRules } from '@nordlog/contracts';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Loading } from 'react-admin';
import { Navigate, Route, useParams } from 'react-router-dom';
import { builtPlannerScreens, canOpen } from '../access/routes';
import { NotBuilt, NotFound } from '../layout/NotFound';
import { LiveProvider } from '../live/LiveProvider';
import { mainPageOf, type MainPage } from './mainPages';
import { invoicingScreens } from '../planner/invoicing/routes';
import { LivePage, liveScreens } from '../planner/live/routes';
import { mapScreens } from '../planner/map/routes';
import { resourceScreens } from '../planner/resources/screens';
import { routeListScreens } from '../planner/routeLists/routes';
import { searchScreens } from '../planner/search/routes';
import { unresolvedScreens } from '../planner/unresolved/routes';
import { returnsScreens } from '../planner/returns/routes';
import { exportScreens } from '../planner/exports/routes';
import { reportingScreens } from '../planner/reporting/routes';
import { reportPageScreens } from '../reportPages/routes';
import { recurringScreens } from '../planner/recurring/routes';
import { addressScreens } from '../planner/addresses/routes';
import { preAdviceScreens } from '../preAdvice/routes';
import { webhookScreens } from '../webhooks/routes';
import { importScreens } from '../planner/importing/routes';
import { adminResources } from '../resources/admin/resources';
import { jobScreens } from '../resources/admin/jobs/routes';
import { lazyPage } from '../shell/lazyPage';
import { loadWithRetry } from '../shell/staleCode';

/**
 * The app's screens and their routes, shared by its two shells (docs/decisions/0046): the planner's
 * light shell (PlannerApp: every path under /planner) and react-admin's (AdminApp: the rest).
 */

/** The planner's light shell draws the paths under /planner; AdminApp every other app path. */
export const isPlannerPath = (path: string): boolean => /^\/planner(\/|$)/.test(path);

// The booking screens are chunks of their own, so the planner's first page stays small
// (docs/decisions/0015-booking.md; `npm run bench:ui`).
const BookingPage = lazy(() => loadWithRetry(() => import('../booking/BookingPage')));
const H2BookingPage = lazy(() => loadWithRetry(() => import('../booking/H2BookingPage')));
const ConfirmationPage = lazy(() => loadWithRetry(() => import('../booking/ConfirmationPage')));
const LabelPage = lazy(() => loadWithRetry(() => import('../labels/LabelPage')));
const CourierHome = lazy(() => loadWithRetry(() => import('../courier/CourierHome')));
const UnconfirmedOrders = lazy(() => loadWithRetry(() => import('../booking/UnconfirmedOrders')));
// The planning board (dnd-kit, the grid) and dispatch (docs/decisions/0021-planning.md).
export const PlanningPage = lazyPage(() => import('../planner/planning/PlanningPage'));
const DispatchPage = lazy(() => loadWithRetry(() => import('../planner/planning/DispatchPage')));
// The optimising runs of a day (spec §2 `/admin/optimizing/{date?}`).
const OptimizingAdminPage = lazy(() =>
  loadWithRetry(() => import('../planner/optimizing/OptimizingAdminPage')),
);
// The audit replay (spec §2 `/admin/lmEvents/{shipmentId?}`, docs/decisions/0029).
const AuditReplayPage = lazy(() => loadWithRetry(() => import('../audit/AuditReplayPage')));
// A person's data: find, export, erase (docs/decisions/0050-personal-data.md).
const PersonalDataPage = lazy(() => loadWithRetry(() => import('../privacy/PersonalDataPage')));

export function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

/**
 * The shipments page with its grid (TanStack Table and Virtual) is a chunk of its own, loaded
 * when a planner opens it (spec §8: retried 3 times, then a reload).
 */
export const Shipments = lazyPage(() => import('../planner/Shipments'));

/** Spec §2: /planner/{departmentId} goes to shipments-search. */
export function PlannerHome() {
  const { departmentId } = useParams();
  return <Navigate to={`/planner/${departmentId}/shipments-search`} replace />;
}

const BOOKING = '/planner/:departmentId/booking/*';
/** The h2 booking's quick form (spec §2, docs/decisions/0086). */
const H2_BOOKING = '/planner/:departmentId/h2-booking/create';
const CONFIRMATION = '/planner/:departmentId/confirmation/:shipmentId';
/** A label document's pages (spec §2 `/labels/{orderLabelId}`, docs/decisions/0020). */
const LABELS = '/planner/:departmentId/labels/:orderLabelId';
const SHIPMENTS = '/planner/:departmentId/shipments/*';
const COURIER = '/courier/*';
/** The unconfirmed orders of the department, under the shipments rule (docs/decisions/0015). */
const UNCONFIRMED = '/planner/:departmentId/shipments/unconfirmed';

/** The planning rule (spec §2 `/planning/…`) and the board's two routes under it. */
const PLANNING = '/planner/:departmentId/planning/*';
const PLANNING_DATE = '/planner/:departmentId/planning/:date?';
const PLANNING_SLOT = '/planner/:departmentId/planning/slots/:date/:slotId?';
const DISPATCH = '/planner/:departmentId/dispatch/:date?';
const OPTIMIZING = '/admin/optimizing/:date?';
const LM_EVENTS = '/admin/lmEvents/:shipmentId?';
const PERSONAL_DATA = '/admin/personal-data';

/**
 * The app's own screens, each a lazy chunk: its route, the route rule (contracts' routeRules) that
 * guards it, and whether it follows the socket (`live`). Rules without a screen show NotBuilt.
 */
export const screens: { path: string; rule: string; Page: ComponentType; live?: boolean }[] = [
  ...[...builtPlannerScreens].map((path) => ({ path, rule: path, Page: Shipments, live: true })),
  { path: BOOKING, rule: BOOKING, Page: BookingPage },
  { path: H2_BOOKING, rule: H2_BOOKING, Page: H2BookingPage },
  { path: CONFIRMATION, rule: CONFIRMATION, Page: ConfirmationPage },
  { path: LABELS, rule: LABELS, Page: LabelPage },
  { path: COURIER, rule: COURIER, Page: CourierHome, live: true },
  { path: UNCONFIRMED, rule: SHIPMENTS, Page: UnconfirmedOrders, live: true },
  // The board of a date and of a slot of it (spec §2). The route lists under
  // /planning/slots/{date}/… have literal segments, which React Router ranks above `:slotId?`.
  { path: PLANNING_DATE, rule: PLANNING, Page: PlanningPage, live: true },
  { path: PLANNING_SLOT, rule: PLANNING, Page: PlanningPage, live: true },
  { path: DISPATCH, rule: DISPATCH, Page: DispatchPage, live: true },
  // Runs and their progress are pushed.
  { path: OPTIMIZING, rule: OPTIMIZING, Page: OptimizingAdminPage, live: true },
  { path: LM_EVENTS, rule: LM_EVENTS, Page: AuditReplayPage },
  { path: PERSONAL_DATA, rule: PERSONAL_DATA, Page: PersonalDataPage },
  ...routeListScreens.map(({ path, Page }) => ({ path, rule: path, Page })),
  // Units, vehicles and couriers: their rows are pushed.
  ...resourceScreens.map(({ path, Screen }) => ({ path, rule: path, Page: Screen, live: true })),
  // The live view and the routes overview (ui/src/planner/live): slots and positions are pushed.
  ...liveScreens.map((screen) => ({ ...screen, live: true })),
  // The map of a day's shipments (spec §2 `/map`, `/map2`): its rows and slots are pushed.
  ...mapScreens.map((screen) => ({ ...screen, live: true })),
  // Invoicing, corrections and billing orders (issue 18): runs and invoices are pushed.
  ...invoicingScreens.map((screen) => ({ ...screen, live: true })),
  // Simple and advanced search, pickup orders (docs/decisions/0052-search-screens.md).
  ...searchScreens,
  // Unresolved addresses (docs/decisions/0053): a change of one of their orders is pushed.
  ...unresolvedScreens.map((screen) => ({ ...screen, live: true })),
  // Returns to make and made (docs/decisions/0057): their orders' changes are pushed.
  ...returnsScreens.map((screen) => ({ ...screen, live: true })),
  // The shipments export (docs/decisions/0060).
  ...exportScreens,
  // The productivity dashboard and the planner's reports (docs/decisions/0080).
  ...reportingScreens,
  // The report pages /reports/analytics and /reports/monitoring (docs/decisions/0084).
  ...reportPageScreens,
  // Recurring orders and the result of a date (docs/decisions/0058): their changes are pushed.
  ...recurringScreens.map((screen) => ({ ...screen, live: true })),
  // Spreadsheet import (docs/decisions/0059): a running import's progress is asked again.
  ...importScreens,
  // The address book (docs/decisions/0061): a change of an address is pushed.
  ...addressScreens.map((screen) => ({ ...screen, live: true })),
  // Pre-advice policies and follow-up (docs/decisions/0062): their rows are pushed.
  ...preAdviceScreens.map((screen) => ({ ...screen, live: true })),
  // Webhooks: a customer's hooks (pushed), the delivery log, the day's overview (0070).
  // The scheduled jobs and their switches (docs/decisions/0076): switches are pushed.
  ...jobScreens.map((screen) => ({ ...screen, live: true })),
  ...webhookScreens.map((screen) => ({ ...screen, live: screen.path.includes('/webhook/') })),
];

const screenRules = new Set(screens.map((s) => s.rule));
/** Rules whose screens are the react-admin resources (their routes come from <Resource>). */
const adminResourcePaths = new Set<string>(adminResources.map((r) => r.rule));

/**
 * The routes of the screens whose path passes `inShell`, each guarded by its rule (a route the
 * user may not open shows the not-found page), and a NotBuilt page for every other rule of the
 * shell without a screen yet: children of a `<Routes>` (or react-admin's `<CustomRoutes>`).
 */
export function screenRoutes(user: AuthUser, inShell: (path: string) => boolean) {
  const can = (rule: string) => canOpen(user, rule);
  return [
    ...screens
      .filter(({ path }) => inShell(path))
      .map(({ path, rule, Page, live }) => {
        const page = (
          <Lazy>
            <Page />
          </Lazy>
        );
        return (
          <Route
            key={path}
            path={path}
            element={!can(rule) ? <NotFound /> : live ? <LiveProvider>{page}</LiveProvider> : page}
          />
        );
      }),
    ...routeRules
      .filter((r) => inShell(r.path) && !screenRules.has(r.path) && !adminResourcePaths.has(r.path))
      .map((r) => (
        <Route key={r.path} path={r.path} element={can(r.path) ? <NotBuilt /> : <NotFound />} />
      )),
  ];
}

const mainPages: Record<MainPage, { preload: () => Promise<unknown> }> = {
  shipments: Shipments,
  planning: PlanningPage,
  live: LivePage,
};

/**
 * The chunk of the main page at `path` (if it is one), loaded: awaited before the app's first
 * render, so that the page is drawn in it rather than after a suspended render (lazyPage).
 */
export function preloadPage(path: string): Promise<unknown> {
  const page = mainPageOf(path);
  return page ? mainPages[page].preload() : Promise.resolve();
}

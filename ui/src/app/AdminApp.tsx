import type { AuthUser, CommandName } from '@nordlog/contracts';
import { routeRules } from '@nordlog/contracts';
import { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { Admin, CustomRoutes, Loading, Resource, localStorageStore } from 'react-admin';
import { BrowserRouter, Navigate, Route, useParams } from 'react-router-dom';
import { builtPlannerScreens, canOpen } from '../access/routes';
import { createDataProvider } from '../data/dataProvider';
import { createI18nProvider } from '../i18n/i18nProvider';
import type { Messages } from '../i18n/messages/en';
import { AppLayout } from '../layout/AppLayout';
import { NotBuilt, NotFound } from '../layout/NotFound';
import { Toasts } from '../layout/Toasts';
import { departmentOptionsQuery } from '../layout/useDepartments';
import { LiveProvider } from '../live/LiveProvider';
import { DepartmentSelect } from '../planner/DepartmentSelect';
import { resourceScreens } from '../planner/resources/screens';
import { routeListScreens } from '../planner/routeLists/routes';
import { liveScreens } from '../planner/live/routes';
import { mapScreens } from '../planner/map/routes';
import { prefetchMapData } from '../planner/map/prefetch';
import { invoicingScreens } from '../planner/invoicing/routes';
import { adminPages, adminResources } from '../resources/admin';
import { mayRun } from '../access/commands';
import { fetchRevision, watchRevision } from '../shell/revision';
import { loadWithRetry } from '../shell/staleCode';
import { setUnauthorizedHandler } from '../shell/api';
import { fetchRetries } from '../shell/timeouts';
import { muiTheme, siteNameKey, type ThemeName } from '../theme/themes';
import { createAuthProvider, loginRedirect } from './authProvider';
import { ShellContext } from './UserContext';

// The booking screens are chunks of their own, so the planner's first page stays small
// (docs/decisions/0015-booking.md; `npm run bench:ui`).
const BookingPage = lazy(() => loadWithRetry(() => import('../booking/BookingPage')));
const ConfirmationPage = lazy(() => loadWithRetry(() => import('../booking/ConfirmationPage')));
const LabelPage = lazy(() => loadWithRetry(() => import('../labels/LabelPage')));
const CourierHome = lazy(() => loadWithRetry(() => import('../courier/CourierHome')));
const UnconfirmedOrders = lazy(() => loadWithRetry(() => import('../booking/UnconfirmedOrders')));
// The planning board (dnd-kit, the grid) and dispatch (docs/decisions/0021-planning.md).
const PlanningPage = lazy(() => loadWithRetry(() => import('../planner/planning/PlanningPage')));
const DispatchPage = lazy(() => loadWithRetry(() => import('../planner/planning/DispatchPage')));
// The optimising runs of a day (spec §2 `/admin/optimizing/{date?}`).
const OptimizingAdminPage = lazy(() =>
  loadWithRetry(() => import('../planner/optimizing/OptimizingAdminPage')),
);
// The audit replay (spec §2 `/admin/lmEvents/{shipmentId?}`, docs/decisions/0029).
const AuditReplayPage = lazy(() => loadWithRetry(() => import('../audit/AuditReplayPage')));
// A person's data: find, export, erase (docs/decisions/0050-personal-data.md).
const PersonalDataPage = lazy(() => loadWithRetry(() => import('../privacy/PersonalDataPage')));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

/**
 * The shipments page with its grid (TanStack Table and Virtual) is a chunk of its own, loaded
 * when a planner opens it (spec §8: retried 3 times, then a reload).
 */
const Shipments = lazy(() => loadWithRetry(() => import('../planner/Shipments')));

/** Spec §2: /planner/{departmentId} goes to shipments-search. */
function PlannerHome() {
  const { departmentId } = useParams();
  return <Navigate to={`/planner/${departmentId}/shipments-search`} replace />;
}

/**
 * The logged-in app: react-admin for the admin resources, custom routes for the planner. Every
 * route of spec §2 is registered with its access rule (contracts' routeRules); a route the user
 * may not open, and any unknown path, shows the not-found page.
 */
export default function AdminApp({
  user,
  themeName,
  features,
  development = false,
  messages,
}: {
  user: AuthUser;
  /** The app's messages of the stored language, loaded at start-up. */
  messages: Messages;
  themeName: ThemeName;
  features: ReadonlySet<string>;
  development?: boolean;
}) {
  const providers = useMemo(() => {
    const theme = muiTheme(themeName, messages.app.loading) as ReturnType<typeof muiTheme> & {
      sidebar?: unknown;
    };
    // Spec §2 planner menu widths.
    theme.sidebar = { width: 256, closedWidth: 72 };
    const queryClient = new QueryClient({
      defaultOptions: {
        queries: { retry: fetchRetries, staleTime: 10_000, refetchOnWindowFocus: false },
      },
    });
    // The map's data, asked for now if the app opens on a map, not once its chunk has loaded.
    prefetchMapData(queryClient, window.location, (rule) => canOpen(user, rule));
    // Every planner page and its frame start from the departments: asked for now, while the
    // page's chunk loads, not once the frame has rendered (docs/decisions/0046-web-start-up.md).
    if (/^\/planner\/[^/]+\//.test(window.location.pathname))
      void queryClient.prefetchQuery(departmentOptionsQuery);
    return {
      dataProvider: createDataProvider(),
      authProvider: createAuthProvider(user),
      i18nProvider: createI18nProvider(messages),
      queryClient,
      store: localStorageStore(undefined, 'nordlog'),
      theme,
    };
  }, [user, themeName, messages]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      const to = loginRedirect(window.location);
      if (to) window.location.assign(to);
    });
    return watchRevision({ fetchRevision, onNewVersion: () => window.location.reload() });
  }, []);

  const can = (rule: string) => canOpen(user, rule);
  /** A create or edit page only for users the server lets run its command (spec §6). */
  const ifAllowed = (command: CommandName | undefined, page: ComponentType | undefined) =>
    command && page && mayRun(user, command) ? page : undefined;
  const adminHome = can('/admin/departments/*') ? '/admin/departments' : '/admin/users';
  return (
    <ShellContext.Provider value={{ user, themeName, features, development }}>
      <BrowserRouter>
        <Admin
          disableTelemetry
          requireAuth={false}
          loginPage={false}
          title={siteNameKey(themeName)}
          layout={AppLayout}
          catchAll={NotFound}
          notification={Toasts}
          {...providers}
        >
          {adminResources
            .filter((r) => can(r.rule))
            .map((r) => (
              <Resource
                key={r.name}
                name={r.name}
                list={adminPages[r.name].list}
                create={ifAllowed(r.create, adminPages[r.name].create)}
                edit={ifAllowed(r.update, adminPages[r.name].edit)}
                recordRepresentation="name"
              />
            ))}
          <CustomRoutes>
            <Route path="/admin" element={<Navigate to={adminHome} replace />} />
            <Route path="/planner" element={<DepartmentSelect />} />
            <Route path="/planner/:departmentId" element={<PlannerHome />} />
            {screens.map(({ path, rule, Page, live }) => {
              const page = (
                <Lazy>
                  <Page />
                </Lazy>
              );
              return (
                <Route
                  key={path}
                  path={path}
                  element={
                    !can(rule) ? <NotFound /> : live ? <LiveProvider>{page}</LiveProvider> : page
                  }
                />
              );
            })}
            {routeRules
              .filter((r) => !screenRules.has(r.path) && !adminResourcePaths.has(r.path))
              .map((r) => (
                <Route
                  key={r.path}
                  path={r.path}
                  element={can(r.path) ? <NotBuilt /> : <NotFound />}
                />
              ))}
          </CustomRoutes>
        </Admin>
      </BrowserRouter>
    </ShellContext.Provider>
  );
}

const BOOKING = '/planner/:departmentId/booking/*';
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
const screens: { path: string; rule: string; Page: ComponentType; live?: boolean }[] = [
  ...[...builtPlannerScreens].map((path) => ({ path, rule: path, Page: Shipments, live: true })),
  { path: BOOKING, rule: BOOKING, Page: BookingPage },
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
];
const screenRules = new Set(screens.map((s) => s.rule));

/** Rules whose screens are the react-admin resources above (their routes come from <Resource>). */
const adminResourcePaths = new Set<string>(adminResources.map((r) => r.rule));

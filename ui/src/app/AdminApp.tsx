import type { AuthUser, CommandName } from '@nordlog/contracts';
import { routeRules } from '@nordlog/contracts';
import { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { Admin, CustomRoutes, Loading, Resource, localStorageStore } from 'react-admin';
import { BrowserRouter, Navigate, Route, useParams } from 'react-router-dom';
import { builtPlannerScreens, canOpen } from '../access/routes';
import { createDataProvider } from '../data/dataProvider';
import { appMessages } from '../i18n/appMessages';
import { createI18nProvider } from '../i18n/i18nProvider';
import { storedLocale } from '../i18n/locales';
import { AppLayout } from '../layout/AppLayout';
import { NotBuilt, NotFound } from '../layout/NotFound';
import { Toasts } from '../layout/Toasts';
import { LiveProvider } from '../live/LiveProvider';
import { DepartmentSelect } from '../planner/DepartmentSelect';
import { resourceScreenPaths, resourceScreens } from '../planner/resources/screens';
import { routeListPaths, routeListScreens } from '../planner/routeLists/routes';
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
}: {
  user: AuthUser;
  themeName: ThemeName;
  features: ReadonlySet<string>;
  development?: boolean;
}) {
  const providers = useMemo(() => {
    const theme = muiTheme(themeName, appMessages[storedLocale()].app.loading) as ReturnType<
      typeof muiTheme
    > & { sidebar?: unknown };
    // Spec §2 planner menu widths.
    theme.sidebar = { width: 256, closedWidth: 72 };
    return {
      dataProvider: createDataProvider(),
      authProvider: createAuthProvider(user),
      i18nProvider: createI18nProvider(),
      queryClient: new QueryClient({
        defaultOptions: {
          queries: { retry: fetchRetries, staleTime: 10_000, refetchOnWindowFocus: false },
        },
      }),
      store: localStorageStore(undefined, 'nordlog'),
      theme,
    };
  }, [user, themeName]);

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
  const guarded = routeRules.filter(
    (r) =>
      !builtPlannerScreens.has(r.path) &&
      r.path !== BOOKING &&
      r.path !== CONFIRMATION &&
      r.path !== LABELS &&
      r.path !== COURIER &&
      r.path !== PLANNING &&
      r.path !== DISPATCH &&
      !routeListPaths.has(r.path) &&
      !resourceScreenPaths.has(r.path),
  );

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
            {[...builtPlannerScreens].map((path) => (
              <Route
                key={path}
                path={path}
                element={
                  can(path) ? (
                    <LiveProvider>
                      <Suspense fallback={<Loading />}>
                        <Shipments />
                      </Suspense>
                    </LiveProvider>
                  ) : (
                    <NotFound />
                  )
                }
              />
            ))}
            <Route
              path={BOOKING}
              element={
                can(BOOKING) ? (
                  <Lazy>
                    <BookingPage />
                  </Lazy>
                ) : (
                  <NotFound />
                )
              }
            />
            <Route
              path={CONFIRMATION}
              element={
                can(CONFIRMATION) ? (
                  <Lazy>
                    <ConfirmationPage />
                  </Lazy>
                ) : (
                  <NotFound />
                )
              }
            />
            <Route
              path={LABELS}
              element={
                can(LABELS) ? (
                  <Lazy>
                    <LabelPage />
                  </Lazy>
                ) : (
                  <NotFound />
                )
              }
            />
            <Route
              path={COURIER}
              element={
                can(COURIER) ? (
                  <LiveProvider>
                    <Lazy>
                      <CourierHome />
                    </Lazy>
                  </LiveProvider>
                ) : (
                  <NotFound />
                )
              }
            />
            {/*
              The planning board of a date, and of a slot of it (spec §2). The route lists under
              /planning/slots/{date}/… have literal segments, which React Router ranks above
              `:slotId?`; the board itself refuses a slot id that is not a number.
            */}
            {[PLANNING_DATE, PLANNING_SLOT].map((path) => (
              <Route
                key={path}
                path={path}
                element={
                  can(PLANNING) ? (
                    <LiveProvider>
                      <Lazy>
                        <PlanningPage />
                      </Lazy>
                    </LiveProvider>
                  ) : (
                    <NotFound />
                  )
                }
              />
            ))}
            <Route
              path={DISPATCH}
              element={
                can(DISPATCH) ? (
                  <LiveProvider>
                    <Lazy>
                      <DispatchPage />
                    </Lazy>
                  </LiveProvider>
                ) : (
                  <NotFound />
                )
              }
            />
            <Route
              path={UNCONFIRMED}
              element={
                can(SHIPMENTS) ? (
                  <LiveProvider>
                    <Lazy>
                      <UnconfirmedOrders />
                    </Lazy>
                  </LiveProvider>
                ) : (
                  <NotFound />
                )
              }
            />
            {/* Route lists (docs/decisions/0021): their literal segments rank above `:slotId`. */}
            {routeListScreens.map(({ path, Page }) => (
              <Route
                key={path}
                path={path}
                element={
                  can(path) ? (
                    <Lazy>
                      <Page />
                    </Lazy>
                  ) : (
                    <NotFound />
                  )
                }
              />
            ))}
            {/* Units, vehicles and couriers (planner/resources), live: their rows are pushed. */}
            {resourceScreens.map(({ path, Screen }) => (
              <Route
                key={path}
                path={path}
                element={
                  can(path) ? (
                    <LiveProvider>
                      <Lazy>
                        <Screen />
                      </Lazy>
                    </LiveProvider>
                  ) : (
                    <NotFound />
                  )
                }
              />
            ))}
            {guarded
              .filter((r) => !r.path.startsWith('/admin/') || !adminResourcePaths.has(r.path))
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

/** Rules whose screens are the react-admin resources above (their routes come from <Resource>). */
const adminResourcePaths = new Set<string>(adminResources.map((r) => r.rule));

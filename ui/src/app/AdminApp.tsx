import type { AuthUser } from '@nordlog/contracts';
import { routeRules } from '@nordlog/contracts';
import { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { Admin, CustomRoutes, Loading, Resource, localStorageStore } from 'react-admin';
import { BrowserRouter, Navigate, Route, useParams } from 'react-router-dom';
import { builtPlannerScreens, canOpen } from '../access/routes';
import { createDataProvider } from '../data/dataProvider';
import { createI18nProvider } from '../i18n/i18nProvider';
import { AppLayout } from '../layout/AppLayout';
import { NotBuilt, NotFound } from '../layout/NotFound';
import { Toasts } from '../layout/Toasts';
import { LiveProvider } from '../live/LiveProvider';
import { DepartmentSelect } from '../planner/DepartmentSelect';
import * as admin from '../resources/admin';
import { fetchRevision, watchRevision } from '../shell/revision';
import { loadWithRetry } from '../shell/staleCode';
import { setUnauthorizedHandler } from '../shell/api';
import { fetchRetries } from '../shell/timeouts';
import { muiTheme, type ThemeName } from '../theme/themes';
import { createAuthProvider, loginRedirect } from './authProvider';
import { ShellContext } from './UserContext';

// The booking screens are chunks of their own, so the planner's first page stays small
// (docs/decisions/0015-booking.md; `npm run bench:ui`).
const BookingPage = lazy(() => loadWithRetry(() => import('../booking/BookingPage')));
const ConfirmationPage = lazy(() => loadWithRetry(() => import('../booking/ConfirmationPage')));
const UnconfirmedOrders = lazy(() => loadWithRetry(() => import('../booking/UnconfirmedOrders')));

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
    const theme = muiTheme(themeName) as ReturnType<typeof muiTheme> & { sidebar?: unknown };
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
  const adminHome = can('/admin/departments/*') ? '/admin/departments' : '/admin/users';
  const guarded = routeRules.filter(
    (r) => !builtPlannerScreens.has(r.path) && r.path !== BOOKING && r.path !== CONFIRMATION,
  );

  return (
    <ShellContext.Provider value={{ user, themeName, features, development }}>
      <BrowserRouter>
        <Admin
          disableTelemetry
          requireAuth={false}
          loginPage={false}
          title="Nordlog"
          layout={AppLayout}
          catchAll={NotFound}
          notification={Toasts}
          {...providers}
        >
          {can('/admin/departments/*') ? (
            <Resource
              name="admin/departments/groups"
              list={admin.DepartmentGroupList}
              create={admin.DepartmentGroupCreate}
              edit={admin.DepartmentGroupEdit}
              recordRepresentation="name"
            />
          ) : null}
          {can('/admin/departments/*') ? (
            <Resource
              name="admin/departments"
              list={admin.DepartmentList}
              create={admin.DepartmentCreate}
              edit={admin.DepartmentEdit}
              recordRepresentation="name"
            />
          ) : null}
          {can('/admin/customers/:customerId?') ? (
            <Resource
              name="admin/customers"
              list={admin.CustomerList}
              create={admin.CustomerCreate}
              edit={admin.CustomerEdit}
              recordRepresentation="name"
            />
          ) : null}
          {can('/admin/customerGroups') ? (
            <Resource
              name="admin/customerGroups"
              list={admin.CustomerGroupList}
              create={admin.CustomerGroupCreate}
              edit={admin.CustomerGroupEdit}
              recordRepresentation="name"
            />
          ) : null}
          {can('/admin/users/*') ? (
            <Resource
              name="admin/users"
              list={admin.UserList}
              create={admin.UserCreate}
              edit={admin.UserEdit}
              recordRepresentation="name"
            />
          ) : null}
          {can('/admin/user-roles/*') ? (
            <Resource
              name="admin/user-roles"
              list={admin.RoleList}
              create={admin.RoleCreate}
              edit={admin.RoleEdit}
              recordRepresentation="name"
            />
          ) : null}
          {can('/admin/holidays') ? (
            <Resource name="admin/holidays" list={admin.HolidayList} create={admin.HolidayCreate} />
          ) : null}
          {can('/admin/numberSeries') ? (
            <Resource
              name="admin/numberSeries"
              list={admin.NumberSeriesList}
              create={admin.NumberSeriesCreate}
            />
          ) : null}
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
const SHIPMENTS = '/planner/:departmentId/shipments/*';
/** The unconfirmed orders of the department, under the shipments rule (docs/decisions/0015). */
const UNCONFIRMED = '/planner/:departmentId/shipments/unconfirmed';

/** Rules whose screens are the react-admin resources above (their routes come from <Resource>). */
const adminResourcePaths = new Set([
  '/admin/departments/*',
  '/admin/customers/:customerId?',
  '/admin/customerGroups',
  '/admin/users/*',
  '/admin/user-roles/*',
  '/admin/holidays',
  '/admin/numberSeries',
]);

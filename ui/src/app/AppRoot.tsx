import { isCustomerPortalPath, type AuthUser } from '@nordlog/contracts';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import {
  I18nContextProvider,
  Loading,
  localStorageStore,
  NotificationContextProvider,
  StoreContextProvider,
} from 'react-admin';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { canOpen } from '../access/routes';
import { createI18nProvider } from '../i18n/i18nProvider';
import type { Messages } from '../i18n/messages/en';
import { LightFrame } from '../layout/LightFrame';
import { NotFound } from '../layout/NotFound';
import { departmentOptionsQuery } from '../layout/useDepartments';
import { DepartmentSelect } from '../planner/DepartmentSelect';
import { prefetchMapData } from '../planner/map/prefetch';
import { opensOnPortal, portalCustomerQuery, portalCustomersQuery } from '../portal/portalQueries';
import { setUnauthorizedHandler } from '../shell/api';
import { fetchRevision, watchRevision } from '../shell/revision';
import { loadWithRetry } from '../shell/staleCode';
import { fetchRetries } from '../shell/timeouts';
import { muiTheme, type ThemeName } from '../theme/themes';
import type { AppProviders } from './AdminApp';
import { loginRedirect } from './authProvider';
import { isPlannerPath, PlannerHome, screenRoutes } from './screens';

export { preloadPage } from './screens';
import { ShellContext } from './UserContext';

/** react-admin's `<Admin>` and the admin screens: loaded when a path outside /planner opens. */
const AdminApp = lazy(() => loadWithRetry(() => import('./AdminApp')));
/** The customer portal (/customer/…, docs/decisions/0074): the light frame, the portal's menu. */
const CustomerShell = lazy(() => loadWithRetry(() => import('../portal/CustomerShell')));

/**
 * The logged-in app (docs/decisions/0046-web-start-up.md): the session, the query client, the
 * store, i18n and the theme for both of its shells, and the router. A path under /planner (the
 * shipments pages, the board, the live view, …) draws the planner's light shell: its routes in
 * LightFrame, with none of react-admin's `<Admin>` (providers, resources, routes) or UI. Any
 * other path (the admin screens, the courier's page, the not-built and not-found pages) draws
 * AdminApp, react-admin's `<Admin>`, loaded then. Both take the same providers, so the cache, the
 * language and the menu's state carry over from one to the other.
 */
export default function AppRoot({
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
  const providers = useMemo((): AppProviders => {
    const theme = muiTheme(themeName, messages.app.loading) as AppProviders['theme'];
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
    // page's chunk loads, not once the frame has rendered.
    if (/^\/planner\/[^/]+\//.test(window.location.pathname))
      void queryClient.prefetchQuery(departmentOptionsQuery);
    // The portal's screens start from the customer (its department) and its sub-customers.
    if (opensOnPortal(window.location.pathname, user)) {
      void queryClient.prefetchQuery(portalCustomerQuery(user.customerId));
      void queryClient.prefetchQuery(portalCustomersQuery);
    }
    const i18nProvider = createI18nProvider(messages);
    const store = localStorageStore(undefined, 'nordlog');
    // The language the app starts in is the stored one (i18n/locales, also set by the public
    // pages' menu); react-admin's store follows it, so that its i18n context draws the app in the
    // first render instead of after an empty one (it waits while the two differ or the store
    // has none).
    store.setItem('locale', i18nProvider.getLocale());
    return { i18nProvider, queryClient, store, theme };
  }, [user, themeName, messages]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      const to = loginRedirect(window.location);
      if (to) window.location.assign(to);
    });
    return watchRevision({ fetchRevision, onNewVersion: () => window.location.reload() });
  }, []);

  return (
    <ShellContext.Provider value={{ user, themeName, features, development }}>
      <StoreContextProvider value={providers.store}>
        <QueryClientProvider client={providers.queryClient}>
          <NotificationContextProvider>
            <I18nContextProvider value={providers.i18nProvider}>
              <ThemeProvider theme={providers.theme}>
                <CssBaseline enableColorScheme />
                <BrowserRouter>
                  <Shells user={user} providers={providers} />
                </BrowserRouter>
              </ThemeProvider>
            </I18nContextProvider>
          </NotificationContextProvider>
        </QueryClientProvider>
      </StoreContextProvider>
    </ShellContext.Provider>
  );
}

/** The planner's light shell on /planner paths, react-admin's on the others. */
function Shells({ user, providers }: { user: AuthUser; providers: AppProviders }) {
  const { pathname } = useLocation();
  if (isCustomerPortalPath(pathname))
    return (
      <Suspense fallback={<Loading />}>
        <CustomerShell />
      </Suspense>
    );
  if (!isPlannerPath(pathname))
    return (
      <Suspense fallback={<Loading />}>
        <AdminApp user={user} providers={providers} />
      </Suspense>
    );
  return (
    <LightFrame>
      <Routes>
        <Route path="/planner" element={<DepartmentSelect />} />
        <Route path="/planner/:departmentId" element={<PlannerHome />} />
        {screenRoutes(user, isPlannerPath)}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </LightFrame>
  );
}

import type { AuthUser, CommandName } from '@nordlog/contracts';
import type { Theme } from '@mui/material/styles';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo, type ComponentType } from 'react';
import { Admin, CustomRoutes, Resource, type I18nProvider, type Store } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { canOpen, canOpenResource } from '../access/routes';
import { mayRun } from '../access/commands';
import { createDataProvider } from '../data/dataProvider';
import { AppLayout } from '../layout/AppLayout';
import { NotFound } from '../layout/NotFound';
import { Toasts } from '../layout/Toasts';
import { adminPages, adminResources } from '../resources/admin';
import { siteNameKey } from '../theme/themes';
import { useShell } from './UserContext';
import { createAuthProvider } from './authProvider';
import { isPlannerPath, screenRoutes } from './screens';

/** What AppRoot creates once for both of the app's shells. */
export interface AppProviders {
  i18nProvider: I18nProvider;
  queryClient: QueryClient;
  store: Store;
  theme: Theme & { sidebar?: { width: number; closedWidth: number } };
}

/**
 * The app's react-admin shell (docs/decisions/0046-web-start-up.md): the admin resources, the
 * admin screens (optimising runs, the audit replay), the courier's page and every other app path
 * outside /planner, in react-admin's `<Admin>` and its layout (AppLayout), inside AppRoot's router
 * and with its providers. Every route of spec §2 is registered with its access rule (contracts'
 * routeRules); a route the user may not open, and any unknown path, shows the not-found page. The
 * planner's pages (/planner/…) are the light shell's (AppRoot).
 */
export default function AdminApp({ user, providers }: { user: AuthUser; providers: AppProviders }) {
  const { themeName } = useShell();
  const admin = useMemo(
    () => ({
      dataProvider: createDataProvider(),
      authProvider: createAuthProvider(user),
      i18nProvider: providers.i18nProvider,
      queryClient: providers.queryClient,
      // AppRoot's store is set up (and torn down) once, by AppRoot.
      store: { ...providers.store, setup: () => undefined, teardown: () => undefined },
      theme: providers.theme,
    }),
    [user, providers],
  );
  const can = (rule: string) => canOpen(user, rule);
  /** A create or edit page only for users the server lets run its command (spec §6). */
  const ifAllowed = (command: CommandName | undefined, page: ComponentType | undefined) =>
    command && page && mayRun(user, command) ? page : undefined;
  const adminHome = can('/admin/departments/*') ? '/admin/departments' : '/admin/users';
  const resources = adminResources.filter((r) => canOpenResource(user, r));
  // `/admin/cms` (spec §2 `/admin/cms/*`): the first content list the user keeps.
  const cmsHome = resources.find((r) => r.rule === '/admin/cms/*');
  return (
    <Admin
      disableTelemetry
      requireAuth={false}
      loginPage={false}
      title={siteNameKey(themeName)}
      layout={AppLayout}
      catchAll={NotFound}
      notification={Toasts}
      {...admin}
    >
      {resources.map((r) => (
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
        {cmsHome ? (
          <Route path="/admin/cms" element={<Navigate to={`/${cmsHome.name}`} replace />} />
        ) : null}
        {screenRoutes(user, (path) => !isPlannerPath(path))}
      </CustomRoutes>
    </Admin>
  );
}

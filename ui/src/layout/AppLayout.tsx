import { useEffect, type ReactNode } from 'react';
import {
  AppBar,
  Layout,
  LoadingIndicator,
  type ErrorProps,
  LocalesMenuButton,
  Logout,
  Menu,
  TitlePortal,
  UserMenu,
  useSidebarState,
  useTranslate,
} from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useShell } from '../app/UserContext';
import { BannerStrip } from '../content/BannerStrip';
import { HelpButton } from '../content/HelpButton';
import { NewsButton } from '../content/NewsButton';
import { NetworkNotice } from '../live/LiveProvider';
import { shouldReloadForStaleCode } from '../shell/staleCode';
import { FallbackScreen } from './ErrorFallback';
import { DepartmentPicker } from './DepartmentPicker';
import { menuEntries } from './menuEntries';
import { usePlannerDepartment } from './plannerDepartment';
import { ProfileMenuItem } from './ProfileMenuItem';
import { MenuHeading } from './MenuHeading';

/** Spec §2 planner menu (256 wide, 72 collapsed: the theme's sidebar sizes), grouped as UI.md says. */
export function AppMenu() {
  const translate = useTranslate();
  const { user } = useShell();
  const department = usePlannerDepartment();
  const { pathname } = useLocation();
  const [open] = useSidebarState();
  return (
    <Menu aria-label={translate('menu.label')}>
      {menuEntries(user, pathname, department).map((entry, i) =>
        entry.kind === 'heading' ? (
          open ? (
            <MenuHeading key={`${entry.key}-${i}`}>{translate(entry.key)}</MenuHeading>
          ) : null
        ) : (
          <Menu.Item
            key={`${entry.to}-${i}`}
            to={entry.to}
            primaryText={translate(entry.label)}
            leftIcon={entry.icon}
          />
        ),
      )}
    </Menu>
  );
}

/** Top bar: department (or group) picker on planner pages, language, user menu (UI.md frame). */
export function AppTopBar() {
  const { user } = useShell();
  return (
    <AppBar
      color="secondary"
      userMenu={
        <UserMenu label={user.name}>
          <ProfileMenuItem />
          <Logout />
        </UserMenu>
      }
      toolbar={
        <>
          <DepartmentPicker />
          <HelpButton />
          <NewsButton />
          <LocalesMenuButton />
          <LoadingIndicator />
        </>
      }
    >
      <TitlePortal />
    </AppBar>
  );
}

/**
 * A page that fails to render inside the layout shows the spec's fallback screen (react-admin's
 * own error page has a "go back" button and no reload), with the same stale-code reload rule as
 * the top-level boundary (spec §4).
 */
function LayoutError({ error: thrown, errorInfo }: ErrorProps) {
  const error: unknown = thrown;
  const translate = useTranslate();
  const { development } = useShell();
  useEffect(() => {
    const message = String((error as Error | undefined)?.message ?? error);
    if (shouldReloadForStaleCode(message, window.sessionStorage, Date.now()))
      window.location.reload();
  }, [error]);
  return (
    <FallbackScreen
      error={error}
      stack={errorInfo?.componentStack ?? null}
      texts={{
        title: translate('fallback.title'),
        text: translate('fallback.text'),
        button: translate('fallback.button'),
      }}
      showDetails={development}
    />
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout
      menu={AppMenu}
      appBar={AppTopBar}
      error={LayoutError}
      sx={{
        // A page is never wider than the window (issue 13): the layout and its content column
        // may shrink below their widest child (react-admin makes the layout `fit-content`), and
        // wide grids and tables scroll inside themselves.
        minWidth: 0,
        '& .RaLayout-content': { minWidth: 0 },
        '& .RaList-main, & .RaList-content': { minWidth: 0 },
        '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
      }}
    >
      <BannerStrip />
      {children}
      <NetworkNotice />
    </Layout>
  );
}

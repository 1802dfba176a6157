import AddBoxIcon from '@mui/icons-material/AddBox';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AltRouteIcon from '@mui/icons-material/AltRoute';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import HistoryIcon from '@mui/icons-material/History';
import AutoModeIcon from '@mui/icons-material/AutoMode';
import BadgeIcon from '@mui/icons-material/Badge';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import MapIcon from '@mui/icons-material/Map';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import RuleIcon from '@mui/icons-material/Rule';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TableRowsIcon from '@mui/icons-material/TableRows';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
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
import { useLocation, useNavigate } from 'react-router-dom';
import { canOpen } from '../access/routes';
import { adminPages, adminResources, resourcePath } from '../resources/admin';
import { useShell } from '../app/UserContext';
import { NetworkNotice } from '../live/LiveProvider';
import { shouldReloadForStaleCode } from '../shell/staleCode';
import { FallbackScreen } from './ErrorFallback';
import { usePlannerDepartment } from './plannerDepartment';
import { ProfileMenuItem } from './ProfileMenuItem';
import { useDepartmentOptions } from './useDepartments';

interface Item {
  to: string;
  label: string;
  icon: ReactNode;
  rule: string;
}

/** The admin menu: one entry per admin resource, in the registry's order (resources/admin). */
const adminItems: Item[] = adminResources.map((r) => ({
  to: resourcePath(r),
  label: `pages.${r.page}`,
  icon: adminPages[r.name].icon,
  rule: r.rule,
}));

/** A planner screen of the menu: its route rule and its path below `/planner/{department}/`. */
interface PlannerItem {
  rule: string;
  segment: string;
  label: string;
  icon: ReactNode;
}

/**
 * The live screens: the live map and the routes overview (planner/live), and the map of the day's
 * shipments (planner/map).
 */
const liveItems: PlannerItem[] = [
  {
    rule: '/planner/:departmentId/live/*',
    segment: 'live',
    label: 'live.menu',
    icon: <MyLocationIcon />,
  },
  {
    rule: '/planner/:departmentId/routes-overview/*',
    segment: 'routes-overview',
    label: 'routesOverview.menu',
    icon: <TableRowsIcon />,
  },
  {
    rule: '/planner/:departmentId/map',
    segment: 'map',
    label: 'menu.map',
    icon: <MapIcon />,
  },
];

/** The planner's resource screens (planner/resources): units, vehicles, couriers. */
const resourceItems: PlannerItem[] = [
  {
    rule: '/planner/:departmentId/units/*',
    segment: 'units',
    label: 'menu.units',
    icon: <Inventory2Icon />,
  },
  {
    rule: '/planner/:departmentId/vehicles/*',
    segment: 'vehicles',
    label: 'menu.vehicles',
    icon: <DirectionsCarIcon />,
  },
  {
    rule: '/planner/:departmentId/couriers/*',
    segment: 'couriers',
    label: 'menu.couriers',
    icon: <BadgeIcon />,
  },
];

/** Invoicing (planner/invoicing): the orders to invoice and the runs, corrections, billing orders. */
const invoicingItems: PlannerItem[] = [
  {
    rule: '/planner/:departmentId/invoicing/*',
    segment: 'invoicing',
    label: 'invoicingScreen.menu',
    icon: <ReceiptLongIcon />,
  },
  {
    rule: '/planner/:departmentId/corrections/:date?',
    segment: 'corrections',
    label: 'invoicingScreen.corrections.menu',
    icon: <RuleIcon />,
  },
  {
    rule: '/planner/:departmentId/billing-order/*',
    segment: 'billing-order',
    label: 'invoicingScreen.billing.menu',
    icon: <RequestQuoteIcon />,
  },
];

/** A person's data (docs/decisions/0050-personal-data.md). */
const PERSONAL_DATA = '/admin/personal-data';

/** The audit replay's menu entry (docs/decisions/0029-audit-replay.md). */
const LM_EVENTS = '/admin/lmEvents/:shipmentId?';
function AuditMenuItem() {
  const translate = useTranslate();
  return (
    <Menu.Item
      to="/admin/lmEvents"
      primaryText={translate('audit.menu')}
      leftIcon={<HistoryIcon />}
    />
  );
}

/** Spec §2 planner menu (256 wide, 72 collapsed: the theme's sidebar sizes), grouped as UI.md says. */
export function AppMenu() {
  const translate = useTranslate();
  const { user } = useShell();
  const department = usePlannerDepartment();
  const { pathname } = useLocation();
  const [open] = useSidebarState();
  const inAdmin = pathname.startsWith('/admin');
  const admin = adminItems.filter((i) => canOpen(user, i.rule));
  const plannerType = [
    'PLANNER',
    'PLUS_PLANNER',
    'PARTNER',
    'READ_ONLY_PLANNER',
    'ADMIN',
    'ACCOUNTING',
  ].includes(user.role);
  const heading = (key: string) =>
    open ? (
      <ListSubheader
        component="div"
        role="presentation"
        disableSticky
        sx={{
          lineHeight: '32px',
          bgcolor: 'transparent',
        }}
      >
        {translate(key)}
      </ListSubheader>
    ) : null;
  /** A group of planner screens: its heading and the entries the user may open. */
  const group = (key: string, items: readonly PlannerItem[]) => {
    const allowed = items.filter((i) => canOpen(user, i.rule));
    return allowed.length === 0 ? null : (
      <>
        {heading(key)}
        {allowed.map((i) => (
          <Menu.Item
            key={i.rule}
            to={`/planner/${department}/${i.segment}`}
            primaryText={translate(i.label)}
            leftIcon={i.icon}
          />
        ))}
      </>
    );
  };
  return (
    <Menu aria-label={translate('menu.label')}>
      {!inAdmin && department ? (
        <>
          {heading('menu.groups.shipments')}
          {canOpen(user, '/planner/:departmentId/shipments-search/*') ? (
            <Menu.Item
              to={`/planner/${department}/shipments-search`}
              primaryText={translate('menu.shipments')}
              leftIcon={<LocalShippingIcon />}
            />
          ) : null}
          {canOpen(user, '/planner/:departmentId/booking/*') ? (
            <Menu.Item
              to={`/planner/${department}/booking/create`}
              primaryText={translate('menu.booking')}
              leftIcon={<AddBoxIcon />}
            />
          ) : null}
          {canOpen(user, '/planner/:departmentId/shipments/*') ? (
            <Menu.Item
              to={`/planner/${department}/shipments/unconfirmed`}
              primaryText={translate('menu.unconfirmed')}
              leftIcon={<PendingActionsIcon />}
            />
          ) : null}
          <Menu.Item
            to="/planner"
            primaryText={translate('menu.chooseDepartment')}
            leftIcon={<SwapHorizIcon />}
          />
          {canOpen(user, '/planner/:departmentId/planning/*') ||
          canOpen(user, '/planner/:departmentId/dispatch/:date?')
            ? heading('menu.groups.planning')
            : null}
          {canOpen(user, '/planner/:departmentId/planning/*') ? (
            <Menu.Item
              to={`/planner/${department}/planning`}
              primaryText={translate('menu.planning')}
              leftIcon={<ViewKanbanIcon />}
            />
          ) : null}
          {canOpen(user, '/planner/:departmentId/dispatch/:date?') ? (
            <Menu.Item
              to={`/planner/${department}/dispatch`}
              primaryText={translate('menu.dispatch')}
              leftIcon={<AltRouteIcon />}
            />
          ) : null}
          {group('menu.groups.live', liveItems)}
          {group('menu.groups.resources', resourceItems)}
          {group('menu.groups.invoicing', invoicingItems)}
        </>
      ) : null}
      {canOpen(user, '/courier/*') ? (
        <Menu.Item
          to="/courier"
          primaryText={translate('menu.courier')}
          leftIcon={<LocalShippingIcon />}
        />
      ) : null}
      {!inAdmin && !department && plannerType ? (
        <Menu.Item
          to="/planner"
          primaryText={translate('menu.planner')}
          leftIcon={<LocalShippingIcon />}
        />
      ) : null}
      {inAdmin ? (
        <>
          {heading('menu.groups.admin')}
          {admin.map((i) => (
            <Menu.Item key={i.to} to={i.to} primaryText={translate(i.label)} leftIcon={i.icon} />
          ))}
          {canOpen(user, '/admin/optimizing/:date?') ? (
            <Menu.Item
              to="/admin/optimizing"
              primaryText={translate('menu.optimizing')}
              leftIcon={<AutoModeIcon />}
            />
          ) : null}
          {canOpen(user, LM_EVENTS) ? <AuditMenuItem /> : null}
          {canOpen(user, PERSONAL_DATA) ? (
            <Menu.Item
              to={PERSONAL_DATA}
              primaryText={translate('personalData.menu')}
              leftIcon={<PrivacyTipIcon />}
            />
          ) : null}
          {plannerType ? (
            <Menu.Item
              to="/planner"
              primaryText={translate('menu.planner')}
              leftIcon={<LocalShippingIcon />}
            />
          ) : null}
        </>
      ) : admin.length > 0 ? (
        <Menu.Item
          to={admin[0]!.to}
          primaryText={translate('menu.admin')}
          leftIcon={<AdminPanelSettingsIcon />}
        />
      ) : canOpen(user, LM_EVENTS) ? (
        // ACCOUNTING has no admin resources: the audit replay is its one admin screen (0029).
        <AuditMenuItem />
      ) : null}
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
          <LocalesMenuButton />
          <LoadingIndicator />
        </>
      }
    >
      <TitlePortal />
    </AppBar>
  );
}

function DepartmentPicker() {
  const translate = useTranslate();
  const department = usePlannerDepartment();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data } = useDepartmentOptions();
  if (!department || !data) return null;
  const groups = data.filter((d) => d.group);
  const plain = data.filter((d) => !d.group);
  const change = (id: string) => {
    const rest = pathname.split('/').slice(3, 4).join('/') || 'shipments-search';
    void navigate(`/planner/${id}/${rest}`);
  };
  return (
    <TextField
      select
      size="small"
      value={data.some((d) => d.id === department) ? department : ''}
      onChange={(e) => change(e.target.value)}
      slotProps={{
        select: { SelectDisplayProps: { 'aria-label': translate('app.department') } },
      }}
      sx={{ minWidth: 220, mr: 1, bgcolor: 'background.paper', borderRadius: 1 }}
    >
      {groups.length > 0 ? <ListSubheader>{translate('planner.groups')}</ListSubheader> : null}
      {groups.map((d) => (
        <MenuItem key={d.id} value={d.id}>
          {d.name}
        </MenuItem>
      ))}
      {groups.length > 0 ? <ListSubheader>{translate('planner.departments')}</ListSubheader> : null}
      {plain.map((d) => (
        <MenuItem key={d.id} value={d.id}>
          {d.name}
        </MenuItem>
      ))}
    </TextField>
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
      {children}
      <NetworkNotice />
    </Layout>
  );
}

import ScheduleIcon from '@mui/icons-material/Schedule';
import AddBoxIcon from '@mui/icons-material/AddBox';
import PostAddIcon from '@mui/icons-material/PostAdd';
import AssessmentIcon from '@mui/icons-material/Assessment';
import InsightsIcon from '@mui/icons-material/Insights';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AltRouteIcon from '@mui/icons-material/AltRoute';
import AutoModeIcon from '@mui/icons-material/AutoMode';
import BadgeIcon from '@mui/icons-material/Badge';
import ContactsIcon from '@mui/icons-material/Contacts';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import SmsIcon from '@mui/icons-material/Sms';
import WebhookIcon from '@mui/icons-material/Webhook';
import SmsFailedIcon from '@mui/icons-material/SmsFailed';
import HistoryIcon from '@mui/icons-material/History';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import MapIcon from '@mui/icons-material/Map';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import SearchIcon from '@mui/icons-material/Search';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import RuleIcon from '@mui/icons-material/Rule';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TableRowsIcon from '@mui/icons-material/TableRows';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import type { AuthUser } from '@nordlog/contracts';
import type { ReactElement } from 'react';
import { canOpen, canOpenResource } from '../access/routes';
import { adminIcons } from '../resources/admin/icons';
import { adminResources, resourcePath } from '../resources/admin/resources';

/**
 * The app's menu (spec §2, grouped as UI.md says) as a list of headings and entries, computed
 * from the user and the path alone: react-admin's frame (AppLayout, admin screens) and the
 * planner's light frame (LightFrame, docs/decisions/0046-web-start-up.md) draw the same list.
 */
export type MenuEntry =
  | { kind: 'heading'; key: string }
  | { kind: 'item'; to: string; label: string; icon: ReactElement };

/** A planner screen of the menu: its route rule and its path below `/planner/{department}/`. */
interface PlannerItem {
  rule: string;
  segment: string;
  label: string;
  icon: ReactElement;
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
  { rule: '/planner/:departmentId/map', segment: 'map', label: 'menu.map', icon: <MapIcon /> },
];

/** The planner's resource screens: units, vehicles, couriers (planner/resources), the address book. */
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
  // The address book (docs/decisions/0061-address-book.md).
  {
    rule: '/planner/:departmentId/addresses/*',
    segment: 'addresses',
    label: 'addressBook.menu',
    icon: <ContactsIcon />,
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

/** Volume work (issue 40): spreadsheet import (0059) and the shipments export (0060). */
/** The productivity dashboard and the planner's reports (docs/decisions/0080-reporting.md). */
const reportItems: PlannerItem[] = [
  {
    rule: '/planner/:departmentId/dashboards/productivity/*',
    segment: 'dashboards/productivity',
    label: 'reporting.dashboardMenu',
    icon: <InsightsIcon />,
  },
  {
    rule: '/planner/:departmentId/reports/*',
    segment: 'reports',
    label: 'reporting.reportsMenu',
    icon: <AssessmentIcon />,
  },
];

const volumeItems: PlannerItem[] = [
  {
    rule: '/planner/:departmentId/import',
    segment: 'import',
    label: 'importing.menu',
    icon: <UploadFileIcon />,
  },
  {
    rule: '/planner/:departmentId/export',
    segment: 'export',
    label: 'exports.menu',
    icon: <FileDownloadIcon />,
  },
];

/** The audit replay (docs/decisions/0029-audit-replay.md). */
const LM_EVENTS = '/admin/lmEvents/:shipmentId?';
/** A person's data (docs/decisions/0050-personal-data.md). */
const PERSONAL_DATA = '/admin/personal-data';
const ADMIN_REPORT = '/admin/report/:fromDate?/:toDate?/:type?';
const PLANNER_ROLES = [
  'PLANNER',
  'PLUS_PLANNER',
  'PARTNER',
  'READ_ONLY_PLANNER',
  'ADMIN',
  'ACCOUNTING',
];

/**
 * The menu of `user` at `pathname`, with `department` the planner URL's department (or group),
 * if any. Headings are drawn only while the menu is open.
 */
export function menuEntries(
  user: AuthUser,
  pathname: string,
  department: string | null,
): MenuEntry[] {
  const can = (rule: string) => canOpen(user, rule);
  const out: MenuEntry[] = [];
  const heading = (key: string) => out.push({ kind: 'heading', key });
  const item = (to: string, label: string, icon: ReactElement) =>
    out.push({ kind: 'item', to, label, icon });
  // The customer portal's short menu (docs/decisions/0074): its screens, nothing else; the
  // customer's own webhooks and API keys (0085).
  if (user.role === 'CUSTOMER') {
    heading('portal.menu');
    if (can('/customer/shipments'))
      item('/customer/shipments', 'portal.shipments', <LocalShippingIcon />);
    if (can('/customer/booking/*')) item('/customer/booking/create', 'portal.book', <AddBoxIcon />);
    if (can('/customer/addresses/*'))
      item('/customer/addresses', 'addressBook.menu', <ContactsIcon />);
    if (can('/customer/invoices'))
      item('/customer/invoices', 'portal.invoices', <ReceiptLongIcon />);
    if (can('/customer/webhooks'))
      item('/customer/webhooks', 'portalIntegrations.webhooks', <WebhookIcon />);
    if (can('/customer/api-keys'))
      item('/customer/api-keys', 'portalIntegrations.apiKeys', <VpnKeyIcon />);
    return out;
  }
  // The report pages (0084) are the admin's too: shown with the admin menu.
  const inAdmin = pathname.startsWith('/admin') || pathname.startsWith('/reports/');
  const admin = adminResources.filter((r) => canOpenResource(user, r));
  const plannerType = PLANNER_ROLES.includes(user.role);
  const group = (key: string, items: readonly PlannerItem[]) => {
    const allowed = items.filter((i) => can(i.rule));
    if (allowed.length === 0) return;
    heading(key);
    for (const i of allowed) item(`/planner/${department}/${i.segment}`, i.label, i.icon);
  };
  if (!inAdmin && department) {
    heading('menu.groups.shipments');
    if (can('/planner/:departmentId/shipments-search/*'))
      item(`/planner/${department}/shipments-search`, 'menu.shipments', <LocalShippingIcon />);
    if (can('/planner/:departmentId/booking/*'))
      item(`/planner/${department}/booking/create`, 'menu.booking', <AddBoxIcon />);
    // The h2 booking's quick form (docs/decisions/0086).
    if (can('/planner/:departmentId/h2-booking/create'))
      item(`/planner/${department}/h2-booking/create`, 'h2Booking.menu', <PostAddIcon />);
    if (can('/planner/:departmentId/shipments/*'))
      item(
        `/planner/${department}/shipments/unconfirmed`,
        'menu.unconfirmed',
        <PendingActionsIcon />,
      );
    // Pickup orders and the search screens (docs/decisions/0052-search-screens.md).
    if (can('/planner/:departmentId/pickup-orders/*'))
      item(`/planner/${department}/pickup-orders`, 'search.pickupMenu', <UnarchiveIcon />);
    // Returns to make and made (docs/decisions/0057-returns.md).
    if (can('/planner/:departmentId/manage-returns/*'))
      item(`/planner/${department}/manage-returns`, 'returns.menu', <AssignmentReturnIcon />);
    // Recurring orders (docs/decisions/0058-recurring-orders.md).
    if (can('/planner/:departmentId/recurring/*'))
      item(`/planner/${department}/recurring`, 'recurring.menu', <EventRepeatIcon />);
    // Pre-advice follow-up (docs/decisions/0062-pre-advice.md).
    if (can('/planner/:departmentId/preadvice-followup/*'))
      item(
        `/planner/${department}/preadvice-followup`,
        'preAdvice.followUp.menu',
        <SmsFailedIcon />,
      );
    if (can('/planner/simple-search/:shipmentId?'))
      item('/planner/simple-search', 'search.simpleMenu', <SearchIcon />);
    if (can('/planner/advanced-search/:searchPhrase?'))
      item('/planner/advanced-search', 'search.advancedMenu', <ManageSearchIcon />);
    item('/planner', 'menu.chooseDepartment', <SwapHorizIcon />);
    const planning = can('/planner/:departmentId/planning/*');
    const dispatch = can('/planner/:departmentId/dispatch/:date?');
    if (planning || dispatch) heading('menu.groups.planning');
    if (planning) item(`/planner/${department}/planning`, 'menu.planning', <ViewKanbanIcon />);
    if (dispatch) item(`/planner/${department}/dispatch`, 'menu.dispatch', <AltRouteIcon />);
    group('menu.groups.live', liveItems);
    group('menu.groups.resources', resourceItems);
    group('menu.groups.invoicing', invoicingItems);
    group('menu.groups.reports', reportItems);
    group('menu.groups.volume', volumeItems);
  }
  if (can('/courier/*')) item('/courier', 'menu.courier', <LocalShippingIcon />);
  if (!inAdmin && !department && plannerType)
    item('/planner', 'menu.planner', <LocalShippingIcon />);
  if (inAdmin) {
    heading('menu.groups.admin');
    for (const r of admin) item(resourcePath(r), `pages.${r.page}`, adminIcons[r.name]);
    if (can('/admin/optimizing/:date?'))
      item('/admin/optimizing', 'menu.optimizing', <AutoModeIcon />);
    if (can(LM_EVENTS)) item('/admin/lmEvents', 'audit.menu', <HistoryIcon />);
    if (can(PERSONAL_DATA)) item(PERSONAL_DATA, 'personalData.menu', <PrivacyTipIcon />);
    // The company's report (docs/decisions/0082-admin-report.md).
    if (can(ADMIN_REPORT)) item('/admin/report', 'adminReport.menu', <AssessmentIcon />);
    // The report pages /reports/analytics and /reports/monitoring (docs/decisions/0084).
    if (can('/reports/analytics/*'))
      item('/reports/analytics', 'reportPages.analyticsMenu', <InsightsIcon />);
    if (can('/reports/monitoring'))
      item('/reports/monitoring', 'reportPages.monitoringMenu', <MonitorHeartIcon />);
    if (can('/admin/jobs')) item('/admin/jobs', 'jobs.menu', <ScheduleIcon />);
    if (can('/admin/preadvice/*')) item('/admin/preadvice', 'preAdvice.menu', <SmsIcon />);
    if (can('/admin/integrations/:date?'))
      item('/admin/integrations', 'webhooks.integrationsMenu', <WebhookIcon />);
    if (can('/webhook-messages/*'))
      item('/webhook-messages', 'webhooks.messagesMenu', <WebhookIcon />);
    if (plannerType) item('/planner', 'menu.planner', <LocalShippingIcon />);
  } else if (admin.length > 0) {
    item(resourcePath(admin[0]!), 'menu.admin', <AdminPanelSettingsIcon />);
  } else if (can(LM_EVENTS)) {
    // ACCOUNTING has no admin resources: the audit replay is its one admin screen (0029).
    item('/admin/lmEvents', 'audit.menu', <HistoryIcon />);
  }
  return out;
}

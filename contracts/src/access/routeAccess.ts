import type { CommandName } from '../registry.js';
import type { AccessFlag } from './flags.js';
import type { Role } from './roles.js';

/**
 * Who may open a screen (spec §6): a route allows a user holding any one of its flags; if roles
 * are listed too, the user's role must be among them; a route with roles and no flags is checked by
 * role alone. Otherwise the UI shows the not-found page. Flag-to-route mapping follows the flag
 * names (the spec does not give it; docs/decisions/0008-roles-and-access.md).
 */
export interface RouteRule {
  /** Path pattern; planner paths are below `/planner/{departmentId}`. */
  path: string;
  flags: readonly AccessFlag[];
  roles?: readonly Role[];
  /**
   * A screen for doing one of these commands: offered only to users the command table lets send
   * one of them (a read-only planner is not offered the booking form), `mayOpen` in permissions.
   */
  commands?: readonly CommandName[];
}

const P = '/planner/:departmentId';

export const routeRules: readonly RouteRule[] = [
  { path: '/admin/users/*', flags: ['ADMIN_USERS'] },
  { path: '/admin/vendors/*', flags: ['ADMIN_VENDORS'] },
  { path: '/admin/customers/:customerId?', flags: ['ADMIN_CUSTOMER', 'ADMIN_CUSTOMER_ALL'] },
  {
    path: '/admin/customers/:customerId/webhook/*',
    flags: ['ADMIN_CUSTOMER', 'ADMIN_CUSTOMER_ALL'],
  },
  { path: '/webhook-messages/*', flags: ['ADMIN_CUSTOMER', 'ADMIN_CUSTOMER_ALL'] },
  { path: '/admin/customerGroups', flags: ['ADMIN_CUSTOMER_GROUP'] },
  // Prices (docs/decisions/0030): kept by invoicing users.
  { path: '/admin/articles', flags: ['PLANNER_INVOICING'] },
  { path: '/admin/priceLists', flags: ['PLANNER_INVOICING'] },
  { path: '/admin/departments/*', flags: ['ADMIN_DEPARTMENT', 'ADMIN_DEPARTMENT_GROUP'] },
  { path: '/admin/optimizing/:date?', flags: ['ADMIN_OPTIMIZING'] },
  { path: '/admin/numberSeries', flags: ['ADMIN_NUMBER_SERIES'] },
  { path: '/admin/services-and-texts/*', flags: ['ADMIN_TEXTS'] },
  { path: '/admin/production-time-window/*', flags: ['ADMIN_PRODUCTION_TIME_WINDOW'] },
  { path: '/admin/matrix/*', flags: ['ADMIN_MATRIX'] },
  { path: '/admin/jobs', flags: ['ADMIN_JOBS'] },
  { path: '/admin/holidays', flags: ['ADMIN_HOLIDAYS'] },
  { path: '/admin/shd', flags: ['ADMIN_SHD'] },
  { path: '/admin/preadvice/*', flags: ['ADMIN_PRE_ADVICE'] },
  // The audit replay: the flag, and only ADMIN and ACCOUNTING (docs/decisions/0029).
  {
    path: '/admin/lmEvents/:shipmentId?',
    flags: ['ADMIN_LM_EVENTS'],
    roles: ['ADMIN', 'ACCOUNTING'],
  },
  { path: '/admin/cms/*', flags: ['ADMIN_CMS_BANNERS', 'ADMIN_CMS_WHATS_THIS_MODALS'] },
  { path: '/admin/user-roles/*', flags: ['ADMIN_ROLE'] },
  { path: '/admin/integrations/:date?', flags: ['ADMIN_INTEGRATIONS'] },
  { path: '/admin/report/:fromDate?/:toDate?/:type?', flags: [], roles: ['ADMIN'] },
  // A person's data: find, export, erase (docs/decisions/0050).
  { path: '/admin/personal-data', flags: ['ADMIN_PERSONAL_DATA'], roles: ['ADMIN'] },
  { path: `${P}/live/*`, flags: ['PLANNER_LIVE'] },
  // The planner's maps (spec §2 /map, /map2): read by who plans, dispatches or follows routes.
  { path: `${P}/map`, flags: ['PLANNER_ROUTE_PLANNING', 'PLANNER_DISPATCHING', 'PLANNER_LIVE'] },
  { path: `${P}/map2`, flags: ['PLANNER_ROUTE_PLANNING', 'PLANNER_DISPATCHING', 'PLANNER_LIVE'] },
  { path: `${P}/live2/:date?`, flags: ['PLANNER_LIVE'] },
  { path: `${P}/units/*`, flags: ['PLANNER_UNITS'] },
  { path: `${P}/units-new/*`, flags: ['PLANNER_UNITS'] },
  { path: `${P}/couriers/*`, flags: ['PLANNER_COURIERS'] },
  { path: `${P}/couriers-old/*`, flags: ['PLANNER_COURIERS'] },
  { path: `${P}/import`, flags: ['PLANNER_IMPORT_EXPORT', 'PLANNER_IMPORT_EXPORT_EXTENDED'] },
  {
    path: `${P}/import/:importId`,
    flags: ['PLANNER_IMPORT_EXPORT', 'PLANNER_IMPORT_EXPORT_EXTENDED'],
  },
  { path: `${P}/export`, flags: ['PLANNER_IMPORT_EXPORT', 'PLANNER_IMPORT_EXPORT_EXTENDED'] },
  { path: `${P}/unresolved`, flags: ['PLANNER_UNRESOLVED'] },
  { path: `${P}/coordinates`, flags: ['PLANNER_UNRESOLVED'] },
  { path: `${P}/reports/*`, flags: ['PLANNER_REPORTS'] },
  // Spec §2 `/{departmentId}/dashboards/productivity/*`: the reports' flag (docs/decisions/0080).
  { path: `${P}/dashboards/productivity/*`, flags: ['PLANNER_REPORTS'] },
  { path: `${P}/shipments/*`, flags: ['PLANNER_SHIPMENTS'] },
  { path: `${P}/shipments-search/*`, flags: ['PLANNER_SHIPMENTS'] },
  { path: `${P}/billing-order/*`, flags: ['PLANNER_INVOICING'] },
  { path: `${P}/invoicing/*`, flags: ['PLANNER_INVOICING'] },
  { path: `${P}/invoicing-new/*`, flags: ['PLANNER_INVOICING'] },
  // Order corrections (docs/decisions/0032): invoicing, and shipment planners who check them.
  { path: `${P}/corrections/old/:date?`, flags: ['PLANNER_INVOICING', 'PLANNER_SHIPMENTS'] },
  { path: `${P}/corrections/:date?`, flags: ['PLANNER_INVOICING', 'PLANNER_SHIPMENTS'] },
  { path: `${P}/manage-returns/*`, flags: ['PLANNER_MANAGE_RETURNS'] },
  { path: `${P}/preadvice-followup/*`, flags: ['PLANNER_PRE_ADVICE'] },
  { path: `${P}/routes-overview/*`, flags: ['PLANNER_ROUTE_PLANNING'] },
  { path: `${P}/planning/*`, flags: ['PLANNER_ROUTE_PLANNING'] },
  // Route lists (docs/decisions/0021-planning.md): printed pages of a day's or a slot's route.
  { path: `${P}/planning/slots/:date/receipt-list`, flags: ['PLANNER_ROUTE_PLANNING'] },
  { path: `${P}/planning/slots/:date/load-list`, flags: ['PLANNER_ROUTE_PLANNING'] },
  { path: `${P}/planning/slots/:date/:slotId/hd-route-list`, flags: ['PLANNER_ROUTE_PLANNING'] },
  { path: `${P}/planning/slots/:date/:slotId/load-list`, flags: ['PLANNER_ROUTE_PLANNING'] },
  { path: `${P}/route-receipt-list`, flags: ['PLANNER_ROUTE_PLANNING', 'PLANNER_DISPATCHING'] },
  {
    path: `${P}/waybills/:id`,
    flags: ['PLANNER_ROUTE_PLANNING', 'PLANNER_DISPATCHING', 'PLANNER_SHIPMENTS'],
  },
  {
    path: `${P}/delivery-notes`,
    flags: ['PLANNER_ROUTE_PLANNING', 'PLANNER_DISPATCHING', 'PLANNER_SHIPMENTS'],
  },
  { path: `${P}/vehicles/*`, flags: ['PLANNER_VEHICLES'] },
  {
    path: `${P}/booking/*`,
    flags: ['PLANNER_BOOKING'],
    commands: ['CREATE_ORDER', 'UPDATE_ORDER'],
  },
  { path: `${P}/h2-booking/create`, flags: ['PLANNER_BOOKING'], commands: ['CREATE_ORDER'] },
  { path: `${P}/confirmation/:shipmentId`, flags: ['PLANNER_BOOKING'] },
  { path: `${P}/labels/:orderLabelId`, flags: ['PLANNER_BOOKING', 'PLANNER_SHIPMENTS'] },
  { path: `${P}/dispatch/:date?`, flags: ['PLANNER_DISPATCHING'] },
  { path: `${P}/recurring/*`, flags: ['PLANNER_RECURRING_ORDERS'] },
  { path: `${P}/addresses/*`, flags: ['PLANNER_ADDRESSES'] },
  { path: `${P}/pickup-orders/*`, flags: ['PLANNER_PICKUP_ORDERS'] },
  { path: '/planner/simple-search/:shipmentId?', flags: [], roles: ['ADMIN'] },
  { path: '/planner/advanced-search/:searchPhrase?', flags: [], roles: ['ADMIN'] },
  { path: '/reports/*', flags: [], roles: ['ADMIN'] },
  // Spec §2 `/reports/{analytics service}`, `/reports/{monitoring service}`: the services are not
  // named (S2-ROUTE-006); ours are `analytics` and `monitoring` (docs/decisions/0084), each a rule
  // of its own (the rule above's access) so the walk opens both; `/reports` leads to analytics.
  { path: '/reports/analytics/*', flags: [], roles: ['ADMIN'] },
  { path: '/reports/monitoring', flags: [], roles: ['ADMIN'] },
  // Not in spec §2: the courier's own start page (docs/decisions/0019-every-screen-walked.md).
  { path: '/courier/*', flags: [], roles: ['COURIER'] },
  // The customer portal in the product (docs/decisions/0074-customer-portal.md): the planner's
  // screens, scoped to the customer user's customer and sub-customers on the server.
  ...customerPortalRules(),
];

/** The customer portal's routes (spec §2 `/customer/*`; docs/decisions/0074): CUSTOMER only. */
function customerPortalRules(): RouteRule[] {
  const C = '/customer';
  const customer = { flags: [], roles: ['CUSTOMER'] } as const;
  return [
    { path: `${C}/shipments`, ...customer },
    { path: `${C}/shipments/:shipmentId`, ...customer },
    { path: `${C}/booking/*`, ...customer, commands: ['CREATE_ORDER', 'UPDATE_ORDER'] },
    { path: `${C}/confirmation/:shipmentId`, ...customer },
    { path: `${C}/labels/:orderLabelId`, ...customer },
    { path: `${C}/addresses/*`, ...customer },
    { path: `${C}/invoices`, ...customer },
    // The customer's own webhooks, their delivery log, and its API keys (docs/decisions/0085).
    { path: `${C}/webhooks`, ...customer },
    { path: `${C}/webhook-messages/*`, ...customer },
    { path: `${C}/api-keys`, ...customer },
  ];
}

/** A path of the customer portal (spec §2 `/customer/*`). */
export const isCustomerPortalPath = (path: string): boolean => /^\/customer(\/|$)/.test(path);

/** Spec §6 route rule for one user. */
export function allows(
  rule: Pick<RouteRule, 'flags' | 'roles'>,
  user: { role: string; access: readonly string[] },
): boolean {
  const flagOk = rule.flags.length === 0 || rule.flags.some((f) => user.access.includes(f));
  const roleOk =
    !rule.roles || rule.roles.length === 0 || (rule.roles as readonly string[]).includes(user.role);
  return flagOk && roleOk;
}

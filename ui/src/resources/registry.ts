import { restResources } from '@nordlog/contracts';

/**
 * The admin resources of the web app: the react-admin resource name (its route under /admin,
 * spec §2), the REST resource of the query service that reads it, the read-model entity whose
 * socket changes update it, and the commands that write it (contracts' `restResources`; writes
 * never go through REST).
 */
export interface AdminResource {
  rest: string;
  entity: string;
  create: string | null;
  update: string | null;
  delete: string | null;
  /**
   * The form holds every field its commands can refuse: a refusal's fields are shown on them
   * (react-admin's `body.errors`) instead of a toast. Content's forms (0077), the department
   * matrix's (0079), the texts' (0081).
   */
  fieldErrors: boolean;
}

const routes = {
  'admin/departments': 'departments',
  'admin/departments/groups': 'departmentGroups',
  'admin/customers': 'customers',
  'admin/customerGroups': 'customerGroups',
  'admin/users': 'users',
  'admin/user-roles': 'roles',
  'admin/holidays': 'holidays',
  'admin/numberSeries': 'numberSeries',
  'admin/articles': 'articles',
  'admin/priceLists': 'priceLists',
  'admin/cms/banners': 'cmsBanners',
  'admin/cms/news': 'cmsNews',
  'admin/cms/helpModals': 'cmsHelpModals',
  'admin/production-time-window/weeks': 'departmentTimeWindows',
  'admin/production-time-window': 'productionTimeWindows',
  'admin/matrix': 'departmentMatrix',
  // Services and texts (docs/decisions/0081).
  'admin/services-and-texts/mapping': 'serviceMappings',
  // Upsales rules (docs/decisions/0087).
  'admin/services-and-texts/upsales': 'upsalesRules',
  // Vendors (docs/decisions/0091).
  'admin/vendors': 'vendors',
  // Same-day home delivery (docs/decisions/0092).
  'admin/shd': 'shdSettings',
  'admin/services-and-texts': 'texts',
} as const satisfies Record<string, keyof typeof restResources>;

export const adminResources: Record<string, AdminResource> = Object.fromEntries(
  Object.entries(routes).map(([route, rest]) => {
    const r = restResources[rest];
    return [
      route,
      {
        rest,
        entity: r.entity,
        create: r.create,
        update: r.update,
        delete: r.delete,
        fieldErrors:
          route.startsWith('admin/cms/') ||
          route === 'admin/matrix' ||
          route.startsWith('admin/services-and-texts'),
      },
    ];
  }),
);

/**
 * The query-key heads of the planner's own lists per entity: the shipments grid's rows, and the
 * planning screens' slot views (refetched, see planning/planningData `viewConcerned`), templates,
 * units, couriers and the couriers' positions.
 */
const plannerLists: Record<string, string[]> = {
  // The unresolved-address screen's list is fetched again (planner/unresolved/queries).
  // So is the manage-returns screen's (planner/returns/queries).
  consignments: ['consignments', 'slotViews', 'unresolvedAddresses', 'manageReturns'],
  slots: ['slotViews'],
  templates: ['templates'],
  units: ['units', 'vehicles', 'slotViews'],
  couriers: ['couriers'],
  optimizingRuns: ['optimizingRuns'],
  routeSuggestions: ['routeSuggestions'],
  // The live view's courier markers (planner/live/queries): each report replaces the row.
  courierLocations: ['courierLocations'],
  // Invoicing (planner/invoicing/queries): runs as they go, their invoices, billing orders.
  invoicingRuns: ['invoicingRuns'],
  invoices: ['invoices'],
  billingOrders: ['billingOrders'],
  // An order's deviations in the details panel (deviations/OrderDeviations).
  orderDeviations: ['orderDeviations', 'manageReturns'],
  // Recurring orders, what a date's execution did, the dates executed (planner/recurring/queries).
  recurringOrders: ['recurring'],
  recurringOrderExecutions: ['recurring'],
  recurringOrderRuns: ['recurring'],
  // The address book's lists and pages (planner/addresses/addressModel).
  addresses: ['addresses'],
  // Pre-advice policies and the follow-up list (preAdvice/queries).
  preAdvicePolicies: ['preAdvicePolicies'],
  preAdvice: ['preAdviceFollowUp'],
  // A customer's webhooks (webhooks/queries, docs/decisions/0070).
  webhooks: ['webhooks'],
  // A slot's scans on the courier's page (courier/scans `slotScansKey`), fetched again.
  slotScans: ['slotScans'],
  // The jobs' switches (resources/admin/jobs, docs/decisions/0076).
  jobs: ['jobs'],
  // The booking form's department calendar (booking/calendar, docs/decisions/0078).
  departmentTimeWindows: ['departmentCalendar'],
  productionTimeWindows: ['departmentCalendar'],
  holidays: ['departmentCalendar'],
  // The same-day home delivery page's live count of today's places (admin/shd, 0092).
  shdSettings: ['shdDay'],
  shdCapacity: ['shdDay'],
};

/** The react-admin resources that show an entity (socket changes are applied to each). */
export function resourcesOf(entity: string): string[] {
  const names = Object.entries(adminResources)
    .filter(([, r]) => r.entity === entity)
    .map(([name]) => name);
  return [...names, ...(plannerLists[entity] ?? [])];
}

/** The fields of an update: the id and what changed (the command's schema takes partial data). */
export function changedFields(
  data: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = { id: data.id };
  for (const [key, value] of Object.entries(data)) {
    if (key === 'id' || key === 'revision' || key === 'updatedAtEpoch') continue;
    if (!previous || JSON.stringify(previous[key]) !== JSON.stringify(value)) out[key] = value;
  }
  return out;
}

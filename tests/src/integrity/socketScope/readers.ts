import { type EntityName } from '@nordlog/contracts';
import { type Client } from '../../support/system.js';
import { DATE, type Row, type World } from './world.js';

/**
 * How a user reads each entity through its queries (or its REST resource, which shares the
 * query's permission and scoping). Typed by every entity: a new entity needs a reader here.
 * A refused query (403) reads nothing.
 */
export const readers: Record<EntityName, (client: Client, world: World) => Promise<Row[]>> = {
  departments: (c) => list(c.query('departments', {})),
  customers: (c) => list(c.get('/api/rest/customers?range=[0,999]')),
  consignments: (c) => list(c.query('consignments', { fromDate: DATE, toDate: DATE })),
  orders: async (c, w) => list(c.query('orders', { ids: w.orders })),
  orderHistory: async (c, w) => {
    const rows: Row[] = [];
    for (const orderId of w.orders)
      for (const r of await list(c.query('orderHistory', { orderId })))
        rows.push({ ...r, id: `${String(r.orderId)}:${String(r.streamRevision)}` });
    return rows;
  },
  orderDeviations: async (c, w) => {
    const byId = new Map<string, Row>();
    for (const orderId of w.orders)
      for (const r of await list(c.query('orderDeviations', { orderId }))) byId.set(r.id, r);
    return [...byId.values()];
  },
  users: (c) => list(c.query('users', { limit: 1000 })),
  roles: (c) => list(c.query('roles', {})),
  departmentGroups: (c) => list(c.query('departmentGroups', {})),
  customerGroups: (c) => list(c.query('customerGroups', {})),
  holidays: (c) => list(c.query('holiday', {})),
  // The jobs' switches: jobsStatus lists every job; rows exist (and are pushed) once switched.
  cmsBanners: async (c) => [
    ...(await list(c.query('banners', {}))),
    ...(await list(c.query('cmsNews', {}))),
  ],
  cmsHelpModals: (c) => list(c.query('whatsThisModals', {})),
  // A department's week: one answer per department the reader may read (0078).
  departmentTimeWindows: async (c, w) => {
    const rows: Row[] = [];
    for (const departmentId of [w.oslo, w.bergen]) {
      const res = await c.query('departmentTimeWindows', { departmentId });
      if (res.status === 200 && res.body.revision !== null) rows.push(res.body as Row);
    }
    return rows;
  },
  productionTimeWindows: (c) => list(c.query('productionTimeWindows', {})),
  // Same-day home delivery (0092): a department's settings, and its day of DATE's places.
  shdSettings: async (c, w) => {
    const rows: Row[] = [];
    for (const departmentId of [w.oslo, w.bergen]) {
      const res = await c.query('shdSettings', { departmentId });
      if (res.status === 200 && res.body.revision !== null) rows.push(res.body as Row);
    }
    return rows;
  },
  shdCapacity: async (c, w) => {
    const rows: Row[] = [];
    for (const departmentId of [w.oslo, w.bergen]) {
      const res = await c.query('shdSettings', { departmentId, date: DATE });
      if (res.status === 200 && res.body.day) rows.push(res.body.day as Row);
    }
    return rows;
  },
  departmentMatrix: (c) => list(c.query('departmentMatrix', {})),
  // Services and texts (0081): a group's texts; a mapping per transport article.
  texts: async (c) => [
    ...(await list(c.query('texts', { group: 'SERVICE' }))),
    ...(await list(c.query('texts', { group: 'LABEL' }))),
  ],
  serviceMappings: (c) => list(c.query('serviceMappingData', {})),
  upsalesRules: (c) => list(c.query('upsalesRules', {})),
  vendors: (c) => list(c.query('vendors', {})),
  jobs: async (c) => (await list(c.query('jobsStatus', {}))).filter((r) => Number(r.revision) >= 0),
  courierLocations: async (c, w) => {
    const byId = new Map<string, Row>();
    for (const departmentId of [w.oslo, w.bergen])
      for (const r of await list(c.query('courierLocationsByDepartmentId', { departmentId })))
        byId.set(r.id, r);
    return [...byId.values()];
  },
  numberSeries: (c) => list(c.query('numberSeries', {})),
  labelUrls: (c, w) => list(c.query('labelUrls', { orderIds: w.orders })),
  slots: async (c) => {
    const byId = new Map<string, Row>();
    for (const r of [
      ...(await list(c.query('slots', { fromDate: DATE, toDate: DATE, shallowFetch: true }))),
      ...(await list(c.query('courierSlots', { date: DATE }))),
    ])
      byId.set(String(r.id), stripViews(r));
    return [...byId.values()];
  },
  // A slot's scans (0064), by the slots scanned.
  slotScans: async (c, w) => {
    const rows: Row[] = [];
    for (const slotId of w.scanned) rows.push(...(await list(c.query('slotScans', { slotId }))));
    return rows;
  },
  templates: (c) => list(c.query('templatesByDepartmentIds', {})),
  // Units and vehicle records are one entity, read by two queries.
  units: async (c) => [
    ...(await list(c.query('units', { includeInactive: true }))),
    ...(await list(c.query('vehicles', { includeInactive: true }))),
  ],
  couriers: (c) => list(c.query('couriers', {})),
  optimizingRuns: (c) => list(c.query('optimizingRuns', { fromDate: DATE, toDate: DATE })),
  routeSuggestions: async (c) =>
    (await list(c.query('routeSuggestions', { date: DATE }))).map(suggestionRow),
  articles: (c) => list(c.query('articles', { includeInactive: true })),
  priceLists: (c) => list(c.query('priceLists', {})),
  // Invoicing is read per department (docs/decisions/0032); another department's is refused.
  invoicingRuns: (c, w) => perDepartment(c, w, 'invoicingRuns'),
  invoices: (c, w) => perDepartment(c, w, 'invoices'),
  billingOrders: (c, w) => perDepartment(c, w, 'billingOrders'),
  // Recurring orders (docs/decisions/0058): asked per department; another's is refused.
  recurringOrders: (c, w) => perDepartment(c, w, 'recurringOrders', 'department'),
  recurringOrderExecutions: async (c, w) => {
    const rows: Row[] = [];
    for (const department of [w.oslo, w.bergen]) {
      const res = await c.query('recurringOrderResult', { department, date: DATE });
      if (res.status === 200) rows.push(...(res.body as { rows: Row[] }).rows);
    }
    return rows;
  },
  recurringOrderRuns: (c, w) => perDepartment(c, w, 'getRecurringExecutedDates', 'department'),
  addresses: (c) => list(c.query('addresses', { limit: 1000 })),
  // API keys (0069): each customer's, asked for customer by customer (a refusal reads nothing).
  apiKeys: async (c, w) => [
    ...(await list(c.query('apiKeys', { customerId: w.mine }))),
    ...(await list(c.query('apiKeys', { customerId: w.theirs }))),
  ],
  // Pre-advice (docs/decisions/0062): the policies of both departments; each order's pre-advice.
  preAdvicePolicies: (c) => list(c.query('preAdvicePolicies', {})),
  preAdvice: async (c, w) => {
    const rows: Row[] = [];
    for (const orderId of w.orders)
      rows.push(...(await list(c.query('preAdviceForOrder', { orderId }))));
    return rows;
  },
  // Webhooks (docs/decisions/0070): each customer's hooks; another's customer is refused.
  webhooks: async (c, w) => [
    ...(await list(c.query('webhooks', { customerId: w.mine }))),
    ...(await list(c.query('webhooks', { customerId: w.theirs }))),
  ],
};

/** The rows of a department-scoped query, over both departments. */
async function perDepartment(
  c: Client,
  w: World,
  name: string,
  param = 'departmentId',
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const departmentId of [w.oslo, w.bergen])
    rows.push(...(await list(c.query(name, { [param]: departmentId }))));
  return rows;
}

/** A suggestion as its row is (the query adds both schedules and the comparison). */
const suggestionRow = (r: Row): Row => {
  const {
    current: _c,
    suggested: _s,
    difference: _d,
    routePoints: _p,
    load: _l,
    capacity: _k,
    adding: _a,
    leaving: _g,
    ...row
  } = r;
  return row;
};

/** A slot as its row is (the courier's query adds the schedule to it). */
const stripViews = (r: Row): Row => {
  const { load: _l, capacity: _c, routePoints: _p, progress: _g, totals: _t, ...row } = r;
  return row;
};

/** The rows of an answer; a refusal (403) or "not found" (404) reads nothing. */
async function list(answer: Promise<{ status: number; body: unknown }>): Promise<Row[]> {
  const { status, body } = await answer;
  if (status === 403 || status === 404) return [];
  if (status !== 200) throw new Error(`reading failed: ${status} ${JSON.stringify(body)}`);
  return (body as Row[]).map((r) => ({ ...r, id: String(r.id) }));
}

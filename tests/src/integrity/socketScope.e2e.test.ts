import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  entityAccess,
  roles,
  type ChangeMessage,
  type EntityName,
  type Role,
} from '@nordlog/contracts';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { createCourier, createSlot } from '../support/planning.js';
import { startRun, waitForRun } from '../support/optimizing.js';
import { waitForInvoicingRun } from '../support/invoicing.js';
import { connectSocket, type TestSocket } from '../support/socket.js';
import {
  freshPhone,
  startTestSystem,
  type Client,
  type Session,
  type TestSystem,
  storeHead,
} from '../support/system.js';

type Row = Record<string, unknown> & { id: string };
const DATE = bookingDate(1);

/** The world the changes happen in. */
interface World {
  oslo: string;
  bergen: string;
  mine: string; // customer of Oslo
  theirs: string; // customer of Bergen
  orders: string[];
  /** The COURIER user's courier id (its user id). */
  courier: string;
  /** The slots with scans (0064). */
  scanned: string[];
}

/**
 * How a user reads each entity through its queries (or its REST resource, which shares the
 * query's permission and scoping). Typed by every entity: a new entity needs a reader here.
 * A refused query (403) reads nothing.
 */
const readers: Record<EntityName, (client: Client, world: World) => Promise<Row[]>> = {
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

const entities = Object.keys(entityAccess) as EntityName[];

/**
 * Socket scope = query access (docs/decisions/0018): for every role, with contexts with and
 * without department, customer and date filters, what a socket ends up with for each row (its
 * last upsert or delete) is what the user's own queries answer, narrowed by the context: the same
 * rows, with the same data.
 */
describe('socket scope equals query access, for every entity, role and context', () => {
  let sys: TestSystem;
  let world: World;
  const users: { label: string; session: Session }[] = [];
  const sockets: {
    label: string;
    user: string;
    context: Record<string, string[]>;
    socket: TestSocket;
  }[] = [];

  let marker = '0';
  const outboxHead = () => storeHead(sys, 'rm_changes');

  beforeAll(async () => {
    sys = await startTestSystem();
    const dep = async (name: string) =>
      (await sys.command('CREATE_DEPARTMENT', { name, departmentType: 'courier', country: 'NO' }))
        .body.ids[0] as string;
    const oslo = await dep('Oslo');
    const bergen = await dep('Bergen');
    const customer = async (name: string, departmentId: string) =>
      (await sys.command('CREATE_CUSTOMER', { name, departmentId })).body.ids[0] as string;
    world = {
      oslo,
      bergen,
      mine: await customer('Apotek Oslo', oslo),
      theirs: await customer('Bok Bergen', bergen),
      orders: [],
      courier: '',
      scanned: [],
    };
    await configureNumberSeries(sys);
    const group = (
      await sys.command('CREATE_DEPARTMENT_GROUP', { name: 'Oslo group', departmentIds: [oslo] })
    ).body.ids[0] as string;
    await sys.settled();
    // One user of every role, in Oslo (ADMIN: everywhere; CUSTOMER: Oslo's customer), and a
    // planner whose access is the Oslo group.
    for (const role of roles as readonly Role[]) {
      if (role === 'COURIER') {
        const courier = await createCourier(sys, [oslo]);
        world.courier = courier.id;
        await sys.settled();
        users.push({ label: role, session: await sys.signIn(courier.phoneNumber) });
        continue;
      }
      users.push({
        label: role,
        session: await sys.login({
          phoneNumber: freshPhone(),
          role,
          departmentIds: [oslo],
          customerId: role === 'CUSTOMER' ? world.mine : null,
        }),
      });
    }
    users.push({
      label: 'PLANNER of group',
      session: await sys.login({
        phoneNumber: freshPhone(),
        role: 'PLANNER',
        departmentIds: [`group_${group}`],
      }),
    });
    const contexts: Record<string, string[]>[] = [
      {},
      { dates: [DATE] },
      { dates: [DATE], departmentIds: [oslo] },
      { dates: [DATE], customerIds: [world.mine] },
      { dates: [DATE], types: entities },
      { dates: [DATE], departmentIds: [bergen], types: entities },
    ];
    for (const { label, session } of users)
      for (const context of contexts) {
        const query = Object.entries(context)
          .map(([k, v]) => `${k}=${v.join(',')}`)
          .join('&');
        sockets.push({
          label: `${label} ?${query}`,
          user: label,
          context,
          socket: await connectSocket(sys.url, query, { cookie: session.cookie }),
        });
      }
    await new Promise((resolve) => setTimeout(resolve, 300));
    marker = await outboxHead();
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.socket.close();
    await sys.shutdown();
  });

  it('S7-CALL-020 every socket ends with exactly the rows its user reads by query, as its context narrows them', async () => {
    const { oslo, bergen, mine, theirs } = world;
    // Changes of every entity, inside and outside the users' department and customer.
    const block = osloAddress;
    const order = async (departmentId: string, customerId: string) => {
      const res = await sys.command('CREATE_ORDER', {
        departmentId,
        customerId,
        pickupDate: DATE,
        pickup: block,
        delivery: { ...block, name: 'Kari Nordmann', phone: '+4791234567' },
        measurements: [{ weight: 1 }],
      });
      expect(res.status).toBe(200);
      world.orders.push(res.body.ids[0]);
      return res.body.ids[0] as string;
    };
    const a = await order(oslo, mine);
    await order(oslo, theirs);
    await order(bergen, theirs);
    const moved = await order(oslo, mine);
    await sys.command('UPDATE_ORDER', { orderId: a, orderNote: 'ring the bell' });
    await sys.command('MOVE_ORDERS', { orderIds: [moved], departmentId: bergen });
    await sys.command('UPDATE_CUSTOMER', { id: mine, alystraId: 'K-1' });
    await sys.command('CREATE_CUSTOMER', { name: 'Nowhere AS' });
    await sys.command('UPDATE_DEPARTMENT', { id: bergen, alystraId: 'B-1' });
    await sys.command('CREATE_DEPARTMENT_GROUP', { name: 'Both', departmentIds: [oslo, bergen] });
    await sys.command('CREATE_DEPARTMENT_GROUP', { name: 'Bergen', departmentIds: [bergen] });
    await sys.command('CREATE_CUSTOMER_GROUP', { name: 'All', customerIds: [mine, theirs] });
    await sys.command('CREATE_ROLE', { name: 'Night shift', access: ['PLANNER_LIVE'] });
    await sys.command('CREATE_HOLIDAY', { country: 'NO', type: 'NO_PICKUP', date: DATE });
    await sys.command('DISABLE_JOB', { job: 'RETENTION' });
    const content = {
      title: { en: 'Roads closed' },
      body: { en: 'Expect delays.' },
      targetRoles: ['PLANNER'],
      state: 'PUBLISHED',
    };
    await sys.command('CREATE_BANNER', content);
    await sys.command('CREATE_NEWS', content);
    await sys.command('CREATE_WHATS_THIS_MODAL', { ...content, screen: '/admin/holidays' });
    // An article and price lists of Oslo, of Bergen and of a customer (docs/decisions/0030).
    expect(
      (
        await sys.command('CREATE_ARTICLE', {
          code: 'FREIGHT',
          label: 'Freight',
          kind: 'FREIGHT',
          group: 'TRANSPORT',
        })
      ).status,
    ).toBe(200);
    // A text of a service and one of labels, one updated; the service's mapping set (0081).
    const text = await sys.command('CREATE_TEXT', {
      group: 'SERVICE',
      key: 'FREIGHT',
      texts: { en: 'Freight', nb: 'Frakt' },
    });
    expect(text.status).toBe(200);
    expect(
      (await sys.command('UPDATE_TEXT', { id: text.body.ids[0], texts: { en: 'Road freight' } }))
        .status,
    ).toBe(200);
    expect(
      (
        await sys.command('CREATE_TEXT', {
          group: 'LABEL',
          key: 'fragile',
          texts: { en: 'Fragile: {shipmentId}' },
        })
      ).status,
    ).toBe(200);
    await sys.settled();
    const freight = (await sys.query('serviceMappingData', {})).body as { id: string }[];
    expect(freight.length).toBeGreaterThan(0);
    expect(
      (await sys.command('UPDATE_SERVICE_MAPPING', { id: freight[0]!.id, important: true })).status,
    ).toBe(200);
    // An upsales rule offering a value-added service with the freight, switched off (0087).
    const vas = await sys.command('CREATE_ARTICLE', {
      code: 'EVENING',
      label: 'Evening delivery',
      kind: 'SERVICE',
      vasCode: 'EVE',
      group: 'SERVICES',
    });
    expect(vas.status).toBe(200);
    const rule = await sys.command('CREATE_UPSALES_RULE', {
      name: 'Evening with freight',
      articleId: vas.body.ids[0],
      serviceCodes: ['FREIGHT'],
    });
    expect(rule.status).toBe(200);
    expect((await sys.command('DISABLE_UPSALES_RULE', { id: rule.body.ids[0] })).status).toBe(200);
    // A vendor of each department, one renamed and one deleted (0091).
    for (const departmentId of [oslo, bergen]) {
      const vendor = await sys.command('CREATE_VENDOR', {
        departmentId,
        name: `Haulier ${departmentId}`,
        country: 'NO',
        orgNumber: '923609016',
        sites: [{ code: 'D1', name: 'Depot' }],
      });
      expect(vendor.status).toBe(200);
      const id = vendor.body.ids[0] as string;
      const change =
        departmentId === oslo
          ? sys.command('UPDATE_VENDOR', { id, name: 'Oslo haulier' })
          : sys.command('DELETE_VENDOR', { id });
      expect((await change).status).toBe(200);
    }
    for (const owner of [{ departmentId: oslo }, { departmentId: bergen }, { customerId: theirs }])
      expect(
        (
          await sys.command('CREATE_PRICE_LIST', {
            name: `Prices ${JSON.stringify(owner)}`,
            ...owner,
            currency: 'NOK',
            validFrom: DATE,
            lines: [{ articleCode: 'FREIGHT', customerPrice: 25_000 }],
          })
        ).status,
      ).toBe(200);
    // Billing orders of both departments and customers, invoiced by a run of each department;
    // an order's invoicing paused and a correction proposed (events of the order's stream).
    for (const [departmentId, customerId] of [
      [oslo, mine],
      [oslo, theirs],
      [bergen, theirs],
    ] as const)
      expect(
        (
          await sys.command('CREATE_BILLING_ORDER', {
            departmentId,
            customerId,
            deliveryDate: DATE,
            items: [
              { specification: 'Storage', quantity: 1, customerAmount: 99, articleCode: 'STORE' },
            ],
          })
        ).status,
      ).toBe(200);
    for (const departmentId of [oslo, bergen]) {
      const run = await sys.command('START_INVOICING_RUN', {
        departmentId,
        fromDate: DATE,
        toDate: DATE,
      });
      expect(run.status).toBe(200);
      await waitForInvoicingRun(sys, departmentId, run.body.ids[0], 'COMPLETED');
    }
    expect(
      (await sys.command('PAUSE_ORDER_INVOICING', { orderIds: [a], reason: 'Dispute' })).status,
    ).toBe(200);
    expect(
      (
        await sys.command('CREATE_ORDER_CORRECTION', {
          orderId: a,
          numberOfPackages: 2,
          volumeDmq: 30,
          weightKilograms: 4,
        })
      ).status,
    ).toBe(200);
    for (const departmentIds of [[oslo], [bergen], [oslo, bergen]])
      await sys.command('CREATE_USER', {
        name: `Colleague ${departmentIds.join('+')}`,
        phoneNumber: freshPhone(),
        role: 'PLANNER',
        departmentIds,
      });
    await sys.command('CREATE_NUMBER_SERIES', {
      type: 'GSIN',
      companyPrefix: '7090002',
      firstSerial: 1,
      lastSerial: 99,
      departmentId: bergen,
    });
    await sys.command('CREATE_NUMBER_SERIES', {
      type: 'GSIN',
      companyPrefix: '7090003',
      firstSerial: 1,
      lastSerial: 99,
      departmentId: oslo,
      customerId: mine,
    });
    // Label documents of one department, of two, and of two customers of one department.
    const [, osloTheirs, bergenTheirs] = world.orders;
    for (const payload of [
      { orderIds: [a] },
      { orderIds: [a, bergenTheirs!] },
      { orderIds: [a, osloTheirs!] },
    ])
      expect((await sys.command('CREATE_MULTIPLE_LABEL', payload)).status).toBe(200);
    expect((await sys.command('CREATE_LABEL', { orderId: osloTheirs })).status).toBe(200);
    const courier = await sys.login({
      phoneNumber: freshPhone(),
      role: 'COURIER',
      departmentIds: [oslo, bergen],
      courierId: '72',
    });
    expect(
      (
        await sys.as(courier).command('SET_COURIER_LOCATION', {
          courierId: '72',
          latitude: 60.39,
          longitude: 5.32,
          accuracy: 10,
          timestamp: new Date().toISOString(),
        })
      ).status,
    ).toBe(200);
    // Courier users and units of both departments, a vehicle of Bergen lent to Oslo, a courier
    // moved from Oslo to Bergen.
    const courierOf = async (departmentId: string) => {
      const res = await sys.command('CREATE_COURIER_USER', {
        name: 'Bud',
        phoneNumber: freshPhone(),
        departmentId,
      });
      expect(res.status).toBe(200);
      return res.body.ids[0] as string;
    };
    const osloCourier = await courierOf(oslo);
    const bergenCourier = await courierOf(bergen);
    const unit = (departmentId: string, courierUserIds: string[], isUnit = true) => ({
      name: 'Van',
      alystraId: 'U',
      departmentId,
      capacity: 10,
      weightCapacity: 500,
      volumeCapacity: 8,
      vehicleType: 'van',
      fuelType: 'diesel',
      courierUserIds,
      isUnit,
    });
    for (const payload of [unit(oslo, [osloCourier]), unit(bergen, [bergenCourier])])
      expect((await sys.command('CREATE_UNIT', payload)).status).toBe(200);
    const lent = (await sys.command('CREATE_UNIT', unit(bergen, [], false))).body.ids[0];
    expect(
      (await sys.command('ASSIGN_VEHICLE_TO_DEPARTMENT', { vehicleId: lent, departmentId: oslo }))
        .status,
    ).toBe(200);
    expect(
      (await sys.command('UPDATE_COURIER_USER', { id: osloCourier, departmentId: bergen })).status,
    ).toBe(200);
    // Slots of both departments, one the courier drives (started, with a stop), and templates.
    const driven = await createSlot(sys, oslo, DATE, { courierId: world.courier });
    await createSlot(sys, oslo, DATE);
    const away = await createSlot(sys, bergen, DATE);
    expect(
      (await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [a], slotId: driven }))
        .status,
    ).toBe(200);
    expect(
      (await sys.command('CHANGE_SLOT_STATE', { slotId: driven, transition: 'start' })).status,
    ).toBe(200);
    expect((await sys.command('UPDATE_SLOT', { id: away, name: 'Bergen late' })).status).toBe(200);
    // Scans (0064): the courier's on the slot it drives, a planner's on Bergen's.
    const scan = (slotId: string) => ({
      slotId,
      scans: [{ code: '370000000000000017', kind: 'LOADED', scannedAt: new Date().toISOString() }],
    });
    const driver = users.find((u) => u.label === 'COURIER')!.session;
    expect((await sys.as(driver).command('ADD_SCANNED_EVENTS', scan(driven))).status).toBe(200);
    expect((await sys.command('ADD_SCANNED_EVENTS', scan(away))).status).toBe(200);
    world.scanned.push(driven, away);
    // Deviations of both departments and customers, one updated, one deleted, and one whose order
    // then moves to Bergen: its deviation follows the order (docs/decisions/0051).
    const osloSlot = await createSlot(sys, oslo, DATE);
    const deviate = async (orderId: string, slotId: string) => {
      const planned = await sys.command('UPDATE_CONSIGNMENT_SLOT', {
        consignmentIds: [orderId],
        slotId,
      });
      expect(planned.status).toBe(200);
      const res = await sys.command('CREATE_DEVIATION', {
        orderId,
        reason: 'NOT_HOME',
        text: 'Nobody home',
        position: { lat: 59.91, lng: 10.75 },
      });
      expect(res.status).toBe(200);
      return res.body.ids[0] as string;
    };
    const osloMine = await order(oslo, mine);
    const updated = await deviate(osloMine, osloSlot);
    const removed = await deviate(await order(oslo, theirs), osloSlot);
    await deviate(await order(bergen, theirs), away);
    const travelling = await order(oslo, mine);
    await deviate(travelling, osloSlot);
    for (const [name, payload] of [
      ['UPDATE_DEVIATION', { orderId: osloMine, id: updated, text: 'Neighbour has it' }],
      ['DELETE_DEVIATION', { orderId: world.orders.at(-3), id: removed }],
      ['UNASSIGN_CONSIGNMENTS', { consignmentIds: [travelling], force: true }],
      ['MOVE_ORDERS', { orderIds: [travelling], departmentId: bergen }],
    ] as const)
      expect({ name, status: (await sys.command(name, payload)).status }).toEqual({
        name,
        status: 200,
      });
    for (const departmentId of [oslo, bergen])
      expect(
        (
          await sys.command('CREATE_OR_UPDATE_TEMPLATE', {
            departmentId,
            name: 'Weekdays',
            slots: [{ key: 'm', name: 'Morning', timeFrom: '07:00' }],
          })
        ).status,
      ).toBe(200);
    // Recurring orders of both departments, each executed for the day (docs/decisions/0058):
    // its booked orders join the orders read (and take the recipient's answers below).
    const fresh: string[] = [];
    for (const [departmentId, orderId] of [
      [oslo, a],
      [bergen, world.orders[2]!],
    ] as const) {
      const saved = await sys.command('SAVE_RECURRING_ORDER', {
        orderIds: [orderId],
        startDate: DATE,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
      });
      expect(saved.status).toBe(200);
      const run = await sys.command('EXECUTE_RECURRING_ORDERS', {
        date: DATE,
        department: departmentId,
      });
      expect(run.status).toBe(200);
      await sys.settled();
      const booked = await sys.query('orders', { recurringOrderId: saved.body.ids[0] });
      for (const o of booked.body as Row[]) world.orders.push(String(o.id));
      fresh.push(String((booked.body as Row[])[0]!.id));
    }
    // Same-day home delivery on in each department and one such order each (0092): a place
    // taken on each department's day; Oslo's then freed by deleting its order.
    for (const departmentId of [oslo, bergen]) {
      const set = await sys.command('UPSERT_SHD_SETTINGS', {
        departmentId,
        enabled: true,
        serviceIds: ['SHD_HOME'],
        dailyCapacity: 5,
      });
      expect(set.status).toBe(200);
      const res = await sys.command('CREATE_ORDER', {
        departmentId,
        customerId: departmentId === oslo ? mine : theirs,
        pickupDate: DATE,
        serviceId: 'SHD_HOME',
        pickup: block,
        delivery: { ...block, name: 'Kari Nordmann', phone: '+4791234567' },
        measurements: [{ weight: 1 }],
      });
      expect(res.status).toBe(200);
      world.orders.push(res.body.ids[0]);
      if (departmentId === oslo)
        expect((await sys.command('DELETE_ORDERS', { orderIds: [res.body.ids[0]] })).status).toBe(
          200,
        );
    }
    // Each department's week and a production time window of each, far ahead (0078):
    // after the bookings (a week makes the holiday of DATE close Oslo's pickups).
    for (const departmentId of [oslo, bergen]) {
      expect(
        (
          await sys.command('UPSERT_DEPARTMENT_TIME_WINDOW', {
            departmentId,
            minimumLeadMinutes: 30,
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await sys.command('ADD_PRODUCTION_TIME_WINDOW', {
            departmentId,
            name: 'Christmas',
            fromDate: '2031-12-15',
            toDate: '2031-12-23',
          })
        ).status,
      ).toBe(200);
    }
    // A matrix entry of each department, one of them updated (0079).
    for (const departmentId of [oslo, bergen]) {
      const entry = await sys.command('CREATE_MATRIX_ENTRY', {
        departmentId,
        name: 'Sentrum',
        postalCodeFrom: '0150',
        postalCodeTo: '0199',
        serviceCodes: ['EXPRESS'],
      });
      expect(entry.status).toBe(200);
      expect(
        (await sys.command('UPDATE_MATRIX_ENTRY', { id: entry.body.ids[0], leadTimeDays: 2 }))
          .status,
      ).toBe(200);
    }
    // Saved addresses of both departments and customers, one updated, one deleted (0061).
    const saved: string[] = [];
    for (const [departmentId, customerId] of [
      [oslo, mine],
      [oslo, theirs],
      [bergen, theirs],
    ] as const) {
      const res = await sys.command('CREATE_ADDRESS', {
        departmentId,
        customerId,
        block: { ...osloAddress, name: 'Lager' },
      });
      expect(res.status).toBe(200);
      saved.push(res.body.ids[0] as string);
    }
    expect((await sys.command('UPDATE_ADDRESS', { id: saved[0], code: 'L-1' })).status).toBe(200);
    expect((await sys.command('DELETE_ADDRESS', { id: saved[1] })).status).toBe(200);
    // An API key of each customer, one rotated, one revoked (0069).
    for (const [customerId, then] of [
      [mine, 'ROTATE_API_KEY'],
      [theirs, 'REVOKE_API_KEY'],
    ] as const) {
      const key = await sys.command('CREATE_API_KEY', { customerId, label: 'Webshop' });
      expect(key.status).toBe(200);
      expect((await sys.command(then, { id: key.body.apiKey.id })).status).toBe(200);
    }
    // Pre-advice of both departments (docs/decisions/0062): a policy each, an order of each locked
    // and asked for by hand.
    for (const [departmentId, orderId] of [
      [oslo, a],
      [bergen, world.orders[2]!],
    ] as const) {
      const policy = await sys.command('CREATE_PRE_ADVICE_POLICY', {
        name: 'On booking',
        departmentId,
        triggers: ['BOOKED'],
        channel: 'SMS',
        texts: [{ language: 'nb', smsText: 'Pakken kommer: {trackingLink}' }],
      });
      expect(policy.status).toBe(200);
      for (const name of ['LOCK_PRE_ADVICE', 'PRE_ADVICE_MANUAL_ATTEMPT'])
        expect((await sys.command(name, { orderIds: [orderId] })).status).toBe(200);
    }
    // The recipient answers for an order of each department through the public door (0063): the
    // change reaches the order's readers only, as every change of an order does.
    await sys.settled();
    for (const orderId of fresh) {
      const [booked] = (await sys.query('orders', { ids: [orderId] })).body as {
        order: { trackingId: string };
      }[];
      const key = booked!.order.trackingId;
      const res = await fetch(`${sys.url}/openapi/command/RECIPIENT_LEAVE_AT_DOOR`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'RECIPIENT_LEAVE_AT_DOOR',
          payload: { trackingId: key, note: 'Behind the shed' },
        }),
      });
      expect(res.status).toBe(200);
    }
    // The same orders delivered and rated by their recipients (0083): the answer reaches the
    // order's readers only (its history).
    for (const customerId of [mine, theirs])
      expect(
        (await sys.command('UPDATE_CUSTOMER', { id: customerId, npsFromDate: '2020-01-01' }))
          .status,
      ).toBe(200);
    for (const [orderId, slotId] of [
      [fresh[0]!, osloSlot],
      [fresh[1]!, away],
    ] as const) {
      for (const [name, payload] of [
        ['UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [orderId], slotId }],
        ['MANUAL_DELIVER', { consignmentIds: [orderId] }],
      ] as const)
        expect({ name, status: (await sys.command(name, payload)).status }).toEqual({
          name,
          status: 200,
        });
      await sys.settled();
      const [booked] = (await sys.query('orders', { ids: [orderId] })).body as {
        order: { trackingId: string };
      }[];
      const res = await fetch(`${sys.url}/openapi/command/RECIPIENT_RATE_DELIVERY`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'RECIPIENT_RATE_DELIVERY',
          payload: { trackingId: booked!.order.trackingId, score: 8 },
        }),
      });
      expect(res.status).toBe(200);
    }
    // A webhook of each department's customer, one of them changed (docs/decisions/0070).
    const hooks: string[] = [];
    for (const customerId of [mine, theirs]) {
      const res = await sys.command('CREATE_WEBHOOK', {
        customerId,
        url: 'http://127.0.0.1:9/hooks',
        events: ['OrderCreated'],
      });
      expect(res.status).toBe(200);
      hooks.push(res.body.ids[0] as string);
    }
    expect((await sys.command('UPDATE_WEBHOOK', { id: hooks[0], enabled: false })).status).toBe(
      200,
    );
    // Optimising runs of both departments' days, their suggested routes, one of them cancelled.
    for (const departmentId of [oslo, bergen])
      await waitForRun(
        sys,
        await startRun(sys, 'START_OPTIMIZING', { departmentId, date: DATE, seconds: 1 }),
        ['COMPLETED'],
      );
    await sys.settled();
    const suggested = (await sys.query('routeSuggestions', { date: DATE })).body as Row[];
    expect(suggested.length).toBeGreaterThanOrEqual(2);
    expect(
      (await sys.command('CANCEL_SUGGESTED_ROUTE', { slot: String(suggested[0]!.slotId) })).status,
    ).toBe(200);
    await sys.settled();
    await new Promise((resolve) => setTimeout(resolve, 1000));

    // The rows that changed while the sockets were open (the outbox holds every change).
    const changed = new Set(
      (
        await sys.db
          .knex('rm_changes')
          .where('position', '>', marker)
          .select<{ entity: string; entity_id: string }[]>('entity', 'entity_id')
      ).map((c) => `${c.entity}:${c.entity_id}`),
    );
    expect(new Set([...changed].map((k) => k.split(':')[0])).size).toBe(entities.length);
    const mismatches: unknown[] = [];
    let compared = 0;
    for (const { label, session } of users) {
      const client = sys.as(session);
      const readable = new Map<string, Row>();
      for (const entity of entities)
        for (const row of await readers[entity](client, world))
          readable.set(`${entity}:${row.id}`, row);
      for (const { label: socketLabel, user, context, socket } of sockets) {
        if (user !== label) continue;
        // The socket's end state: the last message of each row.
        const last = new Map<string, ChangeMessage>();
        for (const m of socket.received as ChangeMessage[])
          if (typeof m === 'object' && m && 'entity' in m) last.set(`${m.entity}:${m.id}`, m);
        const shown = new Map(
          [...last].filter(([, m]) => m.op === 'upsert').map(([k, m]) => [k, m.data as Row]),
        );
        const expected = new Map(
          [...readable].filter(([key, row]) => last.has(key) || inContext(context, key, row)),
        );
        for (const [key, row] of expected) {
          compared++;
          const message = last.get(key);
          const accepted = inContext(context, key, row);
          if (!accepted) {
            if (message?.op === 'upsert')
              mismatches.push({ socketLabel, key, extra: 'outside its context' });
            continue;
          }
          if (!changed.has(key)) continue; // did not change while the socket was open
          const data = shown.get(key);
          if (!data) mismatches.push({ socketLabel, key, missing: 'the query reads it' });
          else if (!sameData(data, row)) mismatches.push({ socketLabel, key, data, query: row });
        }
        for (const [key] of shown)
          if (!readable.has(key))
            mismatches.push({ socketLabel, key, leaked: 'the query refuses it' });
      }
    }
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(100);
  }, 180_000);
});

/** Whether a context takes this row (its entity type, departments, customer and date). */
function inContext(context: Record<string, string[]>, key: string, row: Row): boolean {
  const entity = key.slice(0, key.indexOf(':')) as EntityName;
  const scope = entityAccess[entity].scope(row as never);
  const types = context.types ?? [];
  const askedByType = types.includes(entity);
  if (types.length > 0 && !askedByType) return false;
  const departments = scope.departmentIds ?? (scope.departmentId ? [scope.departmentId] : []);
  const asked = context.departmentIds ?? [];
  if (
    asked.length > 0 &&
    (departments.length === 0 ? !askedByType : !departments.some((d) => asked.includes(d)))
  )
    return false;
  const customers = context.customerIds ?? [];
  if (
    customers.length > 0 &&
    (scope.customerId === null ? !askedByType : !customers.includes(scope.customerId))
  )
    return false;
  const dates = context.dates ?? [bookingDate(0)];
  return scope.date === null || dates.includes(scope.date);
}

/** The socket's row and the query's agree on every field the socket sent but bookkeeping. */
function sameData(socket: Row, query: Row): boolean {
  const keys = Object.keys(socket).filter((k) => k !== 'id');
  const pick = (row: Row) => JSON.stringify(keys.map((k) => [k, row[k]]));
  return pick(socket) === pick({ ...query, id: socket.id });
}

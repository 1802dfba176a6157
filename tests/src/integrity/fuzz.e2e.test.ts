import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  commandSchemas,
  downloadEndpoints,
  downloadPaths,
  uploadSpecPaths,
  publicCommands,
  publicQueries,
  querySchemas,
  type CommandName,
  type DownloadPath,
  type QueryName,
} from '@nordlog/contracts';
import fc from 'fast-check';
import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import {
  DATE,
  block,
  buildWorld,
  commandBases,
  type Payload,
  type World,
} from '../support/commandBases.js';
import { commandHead, startTestSystem, type TestSystem } from '../support/system.js';
import { multipart, xlsxFile, zipBomb, zipOf } from '../support/importFiles.js';

/** Valid params of every file download (contracts/src/downloads.ts). */
const downloadBases: Record<DownloadPath, (w: World) => Payload> = {
  '/exportLocationListForSlot': (w) => ({ slot: w.slot }),
  '/exportMultilegReturnsList': (w) => ({
    departmentId: w.departments[0],
    fromDate: DATE,
    toDate: DATE,
  }),
  '/query': (w) => ({ department: w.departments[0], fromDate: DATE, toDate: DATE }),
  '/downloadCustomerAddresses': () => ({
    params: { customerNumber: 'C-1', subcustomer: '', language: 'nb' },
  }),
};

/** Valid params of every query (typed by the registry). */
const queryBases: Record<QueryName, (w: World) => Payload> = {
  departments: () => ({}),
  searchCustomers: () => ({ searchPhrase: 'apotek' }),
  subcustomersForAlystraId: () => ({ alystraId: 'C-1' }),
  searchCustomersWithoutSubcustomers: () => ({ searchPhrase: 'apotek' }),
  searchCustomerAllCountries: (w) => ({
    searchPhrase: 'apotek',
    departmentIds: [w.departments[0]],
  }),
  allCustomersByIds: (w) => ({ ids: w.customers }),
  customerExternalCustomerNumbers: (w) => ({ customerId: w.customers[0] }),
  customerMigrationStatus: (w) => ({ customerId: w.customers[0] }),
  consignments: () => ({ fromDate: DATE, toDate: DATE }),
  searchConsignments: () => ({ searchPhrase: 'storgata' }),
  orderHistory: (w) => ({ orderId: w.order }),
  orderDeviations: (w) => ({ customerId: w.customers[0], fromDate: DATE, toDate: DATE }),
  getOrderReturnDetails: (w) => ({ orderId: w.planned }),
  manageReturns: (w) => ({ departmentId: w.departments[0], fromDate: DATE, toDate: DATE }),
  customerReturnAddress: (w) => ({ customerId: w.customers[0] }),
  apolloAuditLogEntries: (w) => ({ id: w.order }),
  apolloAuditLogEntriesDetails: (w) => ({ orderId: w.order, revision: 0 }),
  personalData: () => ({ phoneNumber: '+4791234567' }),
  eventsWithSentLmStatus: (w) => ({ orderId: w.order }),
  roles: () => ({}),
  users: () => ({ searchPhrase: 'user' }),
  departmentGroups: () => ({}),
  customerGroups: () => ({}),
  customerGroupMembers: (w) => ({ groupId: w.customerGroup }),
  holiday: () => ({ country: 'NO' }),
  jobsStatus: () => ({}),
  departmentTimeWindows: (w) => ({ departmentId: w.departments[0] }),
  productionTimeWindows: (w) => ({ departmentId: w.departments[0] }),
  departmentMatrix: (w) => ({ departmentId: w.departments[0] }),
  getCustomersWithTimeMatrix: (w) => ({ departmentIds: [w.departments[0]] }),
  texts: () => ({ group: 'LABEL' }),
  getTextById: (w) => ({ id: w.text }),
  upsalesRules: () => ({}),
  upsalesRuleById: (w) => ({ id: w.upsalesRule }),
  upsalesOffers: (w) => ({ customerId: w.customers[0] }),
  vendors: () => ({}),
  shdSettings: (w) => ({ departmentId: w.departments[0] }),
  vendor: (w) => ({ id: w.vendor }),
  allDepartmentsWithAdminLevelAccess: () => ({}),
  departmentsInSameCountry: (w) => ({ departmentId: w.departments[0] }),
  servicesAndVasesTexts: () => ({}),
  serviceMappingData: () => ({}),
  getServiceMappingDataById: (w) => ({ id: w.transportArticle }),
  npsScores: (w) => ({
    departmentIds: [w.departments[0]],
    fromDate: '2026-11-01',
    toDate: '2026-11-30',
  }),
  productivityReport: (w) => ({
    departmentIds: [w.departments[0]],
    fromDate: '2026-11-01',
    toDate: '2026-11-30',
    groupBy: 'courier',
  }),
  adminReport: () => ({ fromDate: '2026-11-01', toDate: '2026-11-30', type: 'customers' }),
  reportDashboards: () => ({}),
  monitoringSnapshot: () => ({}),
  banners: () => ({}),
  bannerById: (w) => ({ id: w.banner }),
  publishedBanners: () => ({}),
  validateBannerUrl: () => ({ url: 'https://status.example.com/' }),
  cmsNews: () => ({}),
  publishedNews: () => ({}),
  whatsThisModals: () => ({}),
  whatsThisModalById: (w) => ({ id: w.helpModal }),
  publishedWhatsThisModals: () => ({ screen: '/admin/holidays' }),
  courierLocationsByDepartmentId: (w) => ({ departmentId: w.departments[0] }),
  courierLocationsBySlotId: (w) => ({ slotId: w.slot }),
  slotScans: (w) => ({ slotId: w.slot }),
  webhooks: (w) => ({ customerId: w.customers[0] }),
  webhookSecret: (w) => ({ id: w.webhook }),
  webhookMessages: (w) => ({ webhookId: w.webhook }),
  webhookMessage: (w) => ({ id: w.webhookMessage }),
  webhookIntegrations: () => ({ date: '2026-12-03' }),
  stopContact: (w) => ({ slotId: w.slot, consignmentId: w.order, type: 'delivery' }),
  getShipmentDetailsFromTracking: (w) => ({ id: w.tracking }),
  shipmentTracking: (w) => ({ reference: w.shipment }),
  articles: (w) => ({ orderId: w.order }),
  articlesInArticleGroup: () => ({ group: 'TRANSPORT' }),
  priceLists: () => ({}),
  orderPrice: (w) => ({ orderId: w.order }),
  multiStopOrderPrice: (w) => ({ orderIds: [w.order] }),
  invoicedOrderPrice: (w) => ({ orderId: w.order }),
  multilegOrderPrice: (w) => ({ orderIds: [w.order] }),
  invoicingData: (w) => ({ departmentId: w.departments[0], fromDate: DATE, toDate: DATE }),
  orderCorrections: (w) => ({ departmentId: w.departments[0] }),
  invoicingRuns: (w) => ({ departmentId: w.departments[0] }),
  invoices: (w) => ({ departmentId: w.departments[0] }),
  billingOrders: (w) => ({ departmentId: w.departments[0] }),
  customerInvoiceSplit: (w) => ({ customerId: w.customers[0] }),
  numberSeries: () => ({}),
  orders: (w) => ({ ids: [w.order] }),
  searchOrders: () => ({ searchPhrase: 'kari' }),
  searchDeletedOrders: () => ({ searchPhrase: 'storgata' }),
  consignmentsInSameLoadCarrier: (w) => ({ consignmentId: w.order }),
  pickupOrders: () => ({ fromDate: DATE, toDate: DATE }),
  unconfirmedOrders: () => ({}),
  unconfirmedOrdersCount: () => ({}),
  unresolvedAddresses: (w) => ({ departmentIds: [w.departments[0]] }),
  unresolvedAddressCount: (w) => ({ departmentIds: [w.departments[0]] }),
  addressAutocomplete: () => ({ searchPhrase: 'storgata', countryCode: 'NO' }),
  pinnedAddress: (w) => ({ departmentId: w.departments[0], ...block }),
  labelUrls: (w) => ({ orderIds: [w.order] }),
  units: (w) => ({ departmentIds: [w.departments[0]], includeInactive: true }),
  vehicles: (w) => ({ departmentIds: [w.departments[1]] }),
  couriers: (w) => ({ departmentIds: [w.departments[0]] }),
  slots: () => ({ fromDate: DATE, toDate: DATE }),
  slotById: (w) => ({ id: w.slot }),
  routePoints: (w) => ({ slotId: w.slot }),
  courierSlots: () => ({}),
  templatesByDepartmentIds: () => ({}),
  suggestedUnitsForLocation: (w) => ({
    departmentId: w.departments[0],
    date: DATE,
    lat: 59.9,
    lng: 10.7,
  }),
  suggestedUnitsForOrder: (w) => ({ orderId: w.order }),
  waybills: (w) => ({ orderIds: [w.order] }),
  deliveryNotes: (w) => ({ slotId: w.slot, date: DATE, departmentIds: [w.departments[0]] }),
  optimizeRequest: (w) => ({ department: w.departments[0], date: DATE }),
  optimizingRuns: () => ({ fromDate: DATE, toDate: DATE }),
  optimizingData: (w) => ({ id: w.run }),
  optimizingRequest: (w) => ({ id: w.run }),
  optimizingResponse: (w) => ({ id: w.run }),
  optimizingError: (w) => ({ id: w.run }),
  latestOptimizingIdForSlot: (w) => ({ slotId: w.slot }),
  routeSuggestions: () => ({ date: DATE }),
  recurringOrders: (w) => ({ department: w.departments[0] }),
  addresses: (w) => ({ customerIds: [w.customers[0]], searchPhrase: 'storgata', limit: 10 }),
  recurringOrdersForDepartmentIds: (w) => ({ departmentIds: w.departments }),
  getRecurringExecutedDates: (w) => ({ department: w.departments[0] }),
  recurringOrderResult: (w) => ({ department: w.departments[0], date: DATE }),
  recurringOrderCalendar: (w) => ({ recurringOrderId: w.recurring, fromDate: DATE, toDate: DATE }),
  preAdvicePolicies: (w) => ({ departmentId: w.departments[0] }),
  preAdviceServicePolicies: () => ({ serviceId: 'PARCEL' }),
  customerSmsText: (w) => ({ customerId: w.customers[0], smsType: 'DAY_BEFORE' }),
  customerEventEmail: (w) => ({ customerId: w.customers[0] }),
  preAdviceForOrder: (w) => ({ orderId: w.order }),
  preAdviceFollowUp: (w) => ({ departmentId: w.departments[0], fromDate: DATE, toDate: DATE }),
  getImportStatus: (w) => ({ departmentId: w.departments[0] }),
  getImportResults: () => ({ importId: '6f1c1b7e-3d2a-4c1e-9f00-000000000059' }),
  apiKeys: (w) => ({ customerId: w.customers[0] }),
  externalServices: () => ({
    alystraCustomerNo: 'C-1',
    pickupCountryCode: 'NO',
    pickupPostalCode: '0155',
    deliveryCountryCode: 'NO',
    deliveryPostalCode: '0250',
  }),
  hdServices: () => ({
    customerNumber: 'C-1',
    deliveryCountryCode: 'NO',
    deliveryPostalCode: '0250',
  }),
  departmentMatrixServices: () => ({
    departmentExternalId: 'D-1',
    countryCode: 'NO',
    postalCode: '0250',
  }),
  deliveryWindows: (w) => ({ customerId: w.customers[0], postalCode: '0250', serviceCode: 'EXP' }),
};

/** Text meant to break things: NUL, lone surrogates, SQL and LIKE syntax, huge and odd strings. */
const nastyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    "'; drop table es_events; --",
    '%_\\',
    '${x}',
    '<script>alert(1)</script>',
    '1e309',
    '-0',
    '9'.repeat(40),
    'ﬀ'.repeat(5000),
    '2026-02-30',
    '24:61',
    ' ',
    '__proto__',
  ),
);
/** Values of any JSON shape, nasty text included. */
const nastyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nastyText,
    fc.constantFrom(null, true, false, 0, -1, 2 ** 31, 2 ** 53 + 1, 1e308, -1e308, 0.1),
    fc.double(),
    fc.integer(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(nastyText, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Values every field of every payload is tried with, one field at a time. */
const edgeValues: unknown[] = [
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '',
  ' ',
  'x'.repeat(100_000),
  "'; select pg_sleep(1); --",
  '2026-02-30',
  '99999999999999999999',
  -1,
  0,
  2 ** 31,
  2 ** 63,
  1e308,
  0.5,
  null,
  true,
  [],
  ['a\u0000'],
  {},
  JSON.parse('{"__proto__": {"polluted": true}}'),
  { toString: 'x', valueOf: 1 },
];

/** The valid payload with one field (or one field of a nested object) set to each edge value. */
function sweep(base: Payload, keys: string[]): unknown[] {
  const out: unknown[] = [];
  for (const key of [...new Set([...Object.keys(base), ...keys])]) {
    for (const value of edgeValues) out.push({ ...base, [key]: value });
    const inner = base[key];
    if (inner && typeof inner === 'object' && !Array.isArray(inner))
      for (const innerKey of Object.keys(inner))
        for (const value of edgeValues.slice(0, 3))
          out.push({ ...base, [key]: { ...(inner as Payload), [innerKey]: value } });
  }
  return out;
}

/** A payload bent out of shape: fields of the valid one replaced, dropped or added. */
const bent = (base: Payload, shapeKeys: string[]): fc.Arbitrary<unknown> => {
  const keys = [...new Set([...Object.keys(base), ...shapeKeys])];
  const field = keys.length > 0 ? fc.constantFrom(...keys) : nastyText;
  return fc.oneof(
    fc
      .record({ key: field, value: nastyValue })
      .map(({ key, value }) => ({ ...base, [key]: value })),
    fc.record({ key: field }).map(({ key }) => {
      const copy = { ...base };
      delete copy[key];
      return copy;
    }),
    fc.dictionary(nastyText, nastyValue).map((extra) => ({ ...base, ...extra })),
    nastyValue,
  );
};

const shapeKeys = (schema: unknown): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
};

/**
 * Every malformed request is a 4xx with the spec §8 body, never a 5xx, and stores nothing:
 * schema-bent payloads for every command and query of the registry (fast-check), and damage at
 * the transport: character sets, content encodings, sizes, NUL and surrogates, prototype keys,
 * deep nesting, broken JSON, odd paths.
 */
describe('fuzzing every command and query: no 5xx, nothing stored from a refusal', () => {
  let sys: TestSystem;
  let world: World;
  // What commands appended: runs the optimising runner carries append on their own meanwhile.
  const head = () => commandHead(sys);
  const isErrorBody = (body: unknown) =>
    Array.isArray(body) &&
    body.length > 0 &&
    body.every(
      (i: { errorType?: unknown; description?: unknown }) =>
        typeof i.errorType === 'string' && typeof i.description === 'string',
    );
  const problems: unknown[] = [];
  beforeEach(() => void problems.splice(0));
  /** Sends, and notes a 5xx, a 4xx without the §8 body, or an event stored by a refusal. */
  const probe = async (label: string, send: () => Promise<{ status: number; body: unknown }>) => {
    const before = await head();
    const { status, body } = await send();
    if (status >= 500) problems.push({ label, status, body });
    else if (status >= 400) {
      if (!isErrorBody(body)) problems.push({ label, status, body, why: 'not a §8 body' });
      if ((await head()) !== before)
        problems.push({ label, status, why: 'a refusal stored events' });
    }
    return status;
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    world = await buildWorld(sys);
  }, 60_000);
  afterAll(async () => sys.shutdown());

  for (const name of Object.keys(commandSchemas) as CommandName[]) {
    it(`${name}: bent payloads are answered below 500, refusals store nothing`, async () => {
      const base = commandBases[name](world);
      for (const payload of sweep(base, shapeKeys(commandSchemas[name])))
        await probe(`${name} ${JSON.stringify(payload).slice(0, 300)}`, () =>
          sys.command(name, payload),
        );
      await fc.assert(
        fc.asyncProperty(bent(base, shapeKeys(commandSchemas[name])), async (payload) => {
          await probe(`${name} ${JSON.stringify(payload).slice(0, 300)}`, () =>
            sys.command(name, payload),
          );
        }),
        { numRuns: 25, seed: 20261124 },
      );
      expect(problems).toEqual([]);
    }, 120_000);
  }

  for (const name of Object.keys(querySchemas) as QueryName[]) {
    it(`query ${name}: bent params are answered below 500`, async () => {
      const base = queryBases[name](world);
      for (const params of sweep(base, shapeKeys(querySchemas[name])))
        await probe(`${name} ${JSON.stringify(params).slice(0, 300)}`, () =>
          sys.query(name, params),
        );
      await fc.assert(
        fc.asyncProperty(bent(base, shapeKeys(querySchemas[name])), async (params) => {
          await probe(`${name} ${JSON.stringify(params).slice(0, 300)}`, () =>
            sys.query(name, params),
          );
        }),
        { numRuns: 25, seed: 20261124 },
      );
      expect(problems).toEqual([]);
    }, 120_000);
  }

  // The file downloads, at the spec's path (without `/api`) where the gateway serves them too.
  for (const path of downloadPaths) {
    it(`download ${path}: bent params are answered below 500`, async () => {
      const base = downloadBases[path](world);
      const keys = shapeKeys(downloadEndpoints[path].schema);
      const ask = (params: unknown) =>
        raw(sys.url, path, { 'content-type': 'application/json' }, JSON.stringify(params));
      for (const params of sweep(base, keys))
        await probe(`${path} ${JSON.stringify(params).slice(0, 300)}`, () => ask(params));
      await fc.assert(
        fc.asyncProperty(bent(base, keys), async (params) => {
          await probe(`${path} ${JSON.stringify(params).slice(0, 300)}`, () => ask(params));
        }),
        { numRuns: 25, seed: 20261124 },
      );
      expect(problems).toEqual([]);
    }, 120_000);
  }

  // The public queries are fuzzed again where anyone reaches them: without a session.
  for (const name of publicQueries) {
    it(`public query ${name} at /openapi: bent params without a session are answered below 500`, async () => {
      const base = queryBases[name](world);
      const ask = (params: unknown) =>
        raw(
          sys.url,
          `/openapi/query/${name}`,
          { 'content-type': 'application/json' },
          JSON.stringify({ query: name, params }),
          'POST',
          false,
        );
      for (const params of sweep(base, shapeKeys(querySchemas[name])))
        await probe(`open ${name} ${JSON.stringify(params).slice(0, 300)}`, () => ask(params));
      await fc.assert(
        fc.asyncProperty(bent(base, shapeKeys(querySchemas[name])), async (params) => {
          await probe(`open ${name} ${JSON.stringify(params).slice(0, 300)}`, () => ask(params));
        }),
        { numRuns: 25, seed: 20261124 },
      );
      expect(problems).toEqual([]);
    }, 120_000);
  }

  // The public commands (the recipient's answers, 0063) again where anyone reaches them.
  for (const name of publicCommands) {
    it(`public command ${name} at /openapi/command: bent payloads without a session are answered below 500`, async () => {
      const base = commandBases[name](world);
      const ask = (payload: unknown) =>
        raw(
          sys.url,
          `/openapi/command/${name}`,
          { 'content-type': 'application/json' },
          JSON.stringify({ type: name, payload }),
          'POST',
          false,
        );
      for (const payload of sweep(base, shapeKeys(commandSchemas[name])))
        await probe(`open ${name} ${JSON.stringify(payload).slice(0, 300)}`, () => ask(payload));
      await fc.assert(
        fc.asyncProperty(bent(base, shapeKeys(commandSchemas[name])), async (payload) => {
          await probe(`open ${name} ${JSON.stringify(payload).slice(0, 300)}`, () => ask(payload));
        }),
        { numRuns: 25, seed: 20261124 },
      );
      expect(problems).toEqual([]);
    }, 120_000);
  }

  it('transport damage on every command and query route: 4xx with the §8 body, never 5xx', async () => {
    const routes = [
      ...Object.keys(commandSchemas).map((n) => `/api/command/${n}`),
      ...Object.keys(querySchemas).map((n) => `/api/query/${n}`),
      ...publicQueries.map((n) => `/openapi/query/${n}`),
      ...publicCommands.map((n) => `/openapi/command/${n}`),
      ...downloadPaths.flatMap((p) => [p, `/api${p}`]),
      '/auth/request-token',
      '/auth/verify-token',
      '/auth/logout',
      // The customer login's start (docs/decisions/0074).
      '/api/auth/customer-login-initiate',
    ];
    const deep = (n: number): unknown => (n === 0 ? 1 : [deep(n - 1)]);
    const damages: { label: string; headers: Record<string, string>; body: Buffer | string }[] = [
      {
        label: 'utf-16 charset',
        headers: { 'content-type': 'application/json; charset=utf-16' },
        body: '{}',
      },
      {
        label: 'latin1 charset',
        headers: { 'content-type': 'application/json; charset=latin1' },
        body: '{}',
      },
      {
        label: 'unknown charset',
        headers: { 'content-type': 'application/json; charset=klingon' },
        body: '{}',
      },
      { label: 'gzip that is not', headers: { 'content-encoding': 'gzip' }, body: '{"type":"x"}' },
      { label: 'unknown encoding', headers: { 'content-encoding': 'snappy' }, body: '{}' },
      {
        label: 'real gzip',
        headers: { 'content-encoding': 'gzip' },
        body: gzipSync('{"payload":{}}'),
      },
      { label: 'broken JSON', headers: {}, body: '{"type": ' },
      { label: 'JSON null', headers: {}, body: 'null' },
      { label: 'JSON string', headers: {}, body: '"x"' },
      {
        label: 'NUL in text',
        headers: {},
        body: '{"payload":{"name":"a\\u0000b"},"params":{"searchPhrase":"ab\\u0000c"}}',
      },
      {
        label: 'lone surrogate',
        headers: {},
        body: '{"payload":{"name":"\\ud800"},"params":{"searchPhrase":"\\udc00xyz"}}',
      },
      {
        label: 'prototype key',
        headers: {},
        body: '{"payload":{"__proto__":{"admin":true}},"params":{"constructor":{}}}',
      },
      {
        label: 'deep nesting',
        headers: {},
        body: JSON.stringify({ payload: deep(3000), params: deep(3000) }),
      },
      { label: 'too large', headers: {}, body: `{"payload":"${'x'.repeat(6 * 1024 * 1024)}"}` },
      { label: 'not JSON at all', headers: { 'content-type': 'text/plain' }, body: 'hello' },
    ];
    for (const route of routes)
      for (const damage of damages)
        await probe(`${route} ${damage.label}`, () =>
          raw(
            sys.url,
            route,
            { 'content-type': 'application/json', ...damage.headers },
            damage.body,
          ),
        );
    // Query strings and paths.
    const paths = [
      '/api/rest/customers?filter=%7B%22name%22%3A%22a%00b%22%7D',
      '/api/rest/customers?filter=%7B',
      '/api/rest/customers?sort=%5B%22name%22%2C%22SIDEWAYS%22%5D',
      '/api/rest/customers?range=%5B-5%2C1e9%5D',
      '/api/rest/customers?q=%00',
      '/api/rest/users/99999999999999999999',
      '/api/rest/%00',
      '/api/command/%00',
      `/api/command/${'A'.repeat(5000)}`,
    ];
    for (const path of paths)
      await probe(`GET ${path}`, () => raw(sys.url, path, {}, undefined, 'GET'));
    expect(problems).toEqual([]);
    // The projections took every change the fuzzing made.
    await sys.settled();
  }, 300_000);

  // The upload endpoints with hostile files (docs/decisions/0059-import.md): every file is
  // answered below 500 (a refusal with the §8 body), and a refused file stores no import.
  it('uploads: hostile files and multipart damage are answered below 500 at every upload, a refusal stores nothing', async () => {
    // What an upload stores: an import job, or an address of the address book (0061).
    const count = async (q: Promise<{ count: string }[]>) => Number((await q)[0]!.count);
    const jobs = async () =>
      (await count(sys.db.knex('import_jobs').count<{ count: string }[]>('* as count'))) +
      (await count(
        sys.db
          .knex('es_events')
          .where('type', 'AddressCreated')
          .count<{ count: string }[]>('* as count'),
      ));
    const files: { label: string; data: Buffer }[] = [
      { label: 'zip bomb', data: zipBomb(210) },
      { label: 'zip bomb lying about its size', data: zipBomb(210, true) },
      { label: 'truncated zip', data: (await xlsxFile([{ customerId: '1' }])).subarray(0, 300) },
      { label: 'zip of nothing', data: zipOf([]) },
      { label: 'NUL bytes', data: Buffer.alloc(4096) },
      {
        label: 'Excel 97',
        data: Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(64)]),
      },
      { label: 'broken quotes', data: Buffer.from('customerId;deliveryName\r\n"1;"a""\r\n"') },
      {
        label: 'lone surrogates',
        data: Buffer.from('customerId;deliveryName\r\n1;\ud800x\r\n', 'utf16le'),
      },
      {
        label: 'formula text',
        data: Buffer.from('customerId;deliveryName\r\n=1+1;=HYPERLINK("x")\r\n'),
      },
      { label: 'one huge cell', data: Buffer.from(`deliveryName\r\n${'Ø'.repeat(3_000_000)}\r\n`) },
      { label: 'header only', data: Buffer.from('customerId;customerRef\r\n') },
    ];
    const bytes = fc.sample(fc.uint8Array({ minLength: 1, maxLength: 4096 }), {
      numRuns: 25,
      seed: 20261124,
    });
    for (const [i, b] of bytes.entries())
      files.push({ label: `random bytes ${i}`, data: Buffer.from(b) });
    for (const path of uploadSpecPaths)
      for (const file of files) {
        const before = await jobs();
        const { body, contentType } = multipart(
          { departmentId: world.departments[0] },
          { name: 'f.xlsx', data: file.data },
        );
        const status = await probe(`${path} ${file.label}`, () =>
          raw(sys.url, path, { 'content-type': contentType }, body),
        );
        if (status >= 400 && (await jobs()) !== before)
          problems.push({ label: `${path} ${file.label}`, why: 'a refused file stored something' });
      }
    const good = multipart(
      { departmentId: world.departments[0] },
      { name: 'f.csv', data: Buffer.from('customerId\r\n1\r\n') },
    );
    const noDepartment = multipart({}, { name: 'f.csv', data: Buffer.from('customerId\r\n1\r\n') });
    const damages: { label: string; contentType: string; body: Buffer | string }[] = [
      { label: 'no boundary', contentType: 'multipart/form-data', body: good.body },
      {
        label: 'wrong boundary',
        contentType: 'multipart/form-data; boundary=nope',
        body: good.body,
      },
      {
        label: 'cut short',
        contentType: good.contentType,
        body: good.body.subarray(0, good.body.length / 2),
      },
      { label: 'JSON', contentType: 'application/json', body: '{"departmentId":"1"}' },
      { label: 'no department', ...noDepartment },
    ];
    for (const path of uploadSpecPaths)
      for (const d of damages)
        await probe(`${path} ${d.label}`, () =>
          raw(sys.url, `/api${path}`, { 'content-type': d.contentType }, d.body),
        );
    // A fixed row booked again, and a row's person erased (0059 addendum).
    const rowCalls = [
      ['/api/importRow', { values: { deliveryName: 'x' } }],
      ['/api/importRow/erase', {}],
    ] as const;
    for (const [path, extra] of rowCalls)
      for (const params of sweep(
        { importId: '6f1c1b7e-3d2a-4c1e-9f00-000000000059', row: 2, ...extra },
        [],
      ))
        await probe(`${path} ${JSON.stringify(params).slice(0, 200)}`, () =>
          raw(sys.url, path, { 'content-type': 'application/json' }, JSON.stringify(params)),
        );
    expect(problems).toEqual([]);
  }, 300_000);

  /** A request as the admin, with the headers and bytes given (fetch would fix some of them). */
  function raw(
    base: string,
    path: string,
    headers: Record<string, string>,
    body: Buffer | string | undefined,
    method = 'POST',
    session = true,
  ): Promise<{ status: number; body: unknown }> {
    const url = new URL(path, base);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method,
          headers: {
            ...(session ? { cookie: sys.admin.cookie, 'x-csrf-token': sys.admin.csrf } : {}),
            ...headers,
            ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              // not JSON: the check of the §8 body will say so
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
        },
      );
      // A server that answers before reading a too large body may close the connection under
      // the rest of it: the answer counts; a connection closed without one is a failure.
      req.on('error', (err) => {
        if (!answered) reject(err);
      });
      let answered = false;
      req.on('response', () => (answered = true));
      if (body !== undefined) req.write(body);
      req.end();
    });
  }
});

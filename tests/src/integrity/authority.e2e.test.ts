import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  accessFlags,
  commandPermissions,
  plannerFlags,
  type CommandName,
} from '@nordlog/contracts';
import {
  freshPhone,
  startTestSystem,
  type Client,
  type TestSystem,
  storeHead,
} from '../support/system.js';
import { configureNumberSeries } from '../support/booking.js';
import { DATE, block } from '../support/commandBases.js';

type Payload = Record<string, unknown>;

interface World {
  oslo: string;
  bergen: string;
  osloCustomer: string;
  bergenCustomer: string;
  /** An API key of each customer (docs/decisions/0069). */
  osloKey: string;
  bergenKey: string;
  /** The scoped admin itself (a PLUS_PLANNER of Bergen). */
  me: string;
  osloUser: string;
  bergenUser: string;
  bergenUser2: string;
  osloPlanner: string;
  myPlanner: string;
  plainRole: string;
  allRole: string;
  osloGroup: string;
  bergenGroup: string;
  osloSeries: string;
  bergenSeries: string;
  holiday: string;
  customerGroup: string;
  osloPolicy: string;
  bergenPolicy: string;
  /** Webhooks of each department's customer; the second Bergen one is deleted (0070). */
  osloHook: string;
  bergenHook: string;
  /** A delivery queued on each of the two hooks (an order of its customer). */
  osloMessage: string;
  bergenMessage: string;
  bergenHook2: string;
  /** Content of the whole product (docs/decisions/0077). */
  banner: string;
  news: string;
  helpModal: string;
  /** A production time window of each department (docs/decisions/0078). */
  osloWindow: string;
  bergenWindow: string;
  /** A department matrix entry of each department (docs/decisions/0079). */
  osloEntry: string;
  bergenEntry: string;
  /** A text and a transport article (a service, its mapping) of the whole product (0081). */
  text: string;
  service: string;
  /** A value-added service and an upsales rule offering it (0087). */
  extra: string;
  upsalesRule: string;
  /** A vendor of each department, and a second Bergen one to delete (0091). */
  osloVendor: string;
  bergenVendor: string;
  bergenVendor2: string;
  /** A second Bergen customer nothing refers to, to delete (0099). */
  bergenCustomer2: string;
}

/**
 * For every command that needs an ADMIN_* flag: what a scoped admin (Bergen only) does outside its
 * departments or beyond what it holds (refused, 403, nothing changes) and inside them (done).
 * `inside: null`: the command needs every department, so a scoped admin never may.
 * Typed and checked by the permission table: a new admin command needs its cases here.
 */
/** A pre-advice policy of the owner given (docs/decisions/0062). */
const policy = (owner: Payload): Payload => ({
  name: 'On booking',
  triggers: ['BOOKED'],
  channel: 'SMS',
  texts: [{ language: 'nb', smsText: 'Pakken kommer: {trackingLink}' }],
  ...owner,
});

/** Content shown to every department's users (docs/decisions/0077). */
const content = (title: string): Payload => ({
  title: { en: title },
  body: { en: 'Text.' },
  targetRoles: ['PLANNER'],
  state: 'DRAFT',
  publishFrom: '2027-01-01T08:00:00Z',
  publishTo: null,
});

/** A production time window of a department, a week from the date given (0078). */
const window = (departmentId: string, fromDate: string): Payload => ({
  departmentId,
  name: 'Peak',
  fromDate,
  toDate: fromDate.replace(/-01$/, '-07'),
});

/** A department matrix entry of a department for EXPRESS (0079). */
/** A vendor of a department with one site, D1 (0091). */
const vendor = (departmentId: string): Payload => ({
  departmentId,
  name: 'Haulier',
  country: 'NO',
  orgNumber: '923609016',
  sites: [{ code: 'D1', name: 'Depot' }],
});
const entry = (departmentId: string, postalCodeFrom: string): Payload => ({
  departmentId,
  name: 'Sentrum',
  postalCodeFrom,
  postalCodeTo: postalCodeFrom,
  serviceCodes: ['EXPRESS'],
});

/** A webhook of the customer given (docs/decisions/0070). */
const hook = (customerId: string): Payload => ({
  customerId,
  url: 'http://127.0.0.1:9/hooks',
  events: ['OrderCreated'],
});

const cases: Partial<
  Record<
    CommandName,
    { outside: ((w: World) => Payload)[]; inside: ((w: World) => Payload) | null }
  >
> = {
  CREATE_DEPARTMENT: {
    outside: [() => ({ name: 'New', departmentType: 'courier', country: 'NO' })],
    inside: null,
  },
  // A department's policy is its admin's; a customer group's spans departments (0062).
  CREATE_PRE_ADVICE_POLICY: {
    outside: [
      (w) => policy({ departmentId: w.oslo }),
      (w) => policy({ customerId: w.osloCustomer }),
      (w) => policy({ customerGroupId: w.customerGroup }),
    ],
    inside: (w) => policy({ departmentId: w.bergen }),
  },
  DELETE_PRE_ADVICE_POLICY: {
    outside: [(w) => ({ id: w.osloPolicy })],
    inside: (w) => ({ id: w.bergenPolicy }),
  },
  // Webhooks (docs/decisions/0070): a customer's, kept by who administers the customer.
  CREATE_WEBHOOK: {
    outside: [(w) => hook(w.osloCustomer)],
    inside: (w) => hook(w.bergenCustomer),
  },
  UPDATE_WEBHOOK: {
    outside: [(w) => ({ id: w.osloHook, enabled: false })],
    inside: (w) => ({ id: w.bergenHook, enabled: false }),
  },
  ROTATE_WEBHOOK_SECRET: {
    outside: [(w) => ({ id: w.osloHook })],
    inside: (w) => ({ id: w.bergenHook }),
  },
  DELETE_WEBHOOK: {
    outside: [(w) => ({ id: w.osloHook })],
    inside: (w) => ({ id: w.bergenHook2 }),
  },
  REPLAY_WEBHOOK_MESSAGE: {
    outside: [
      (w) => ({ webhookId: w.osloHook, messageId: w.osloMessage }),
      // Another hook's message named on the admin's own hook: not found, as reading it (0070).
      (w) => ({ webhookId: w.bergenHook, messageId: w.osloMessage }),
      (w) => ({ webhookId: w.bergenHook, messageId: '00000000-0000-4000-8000-000000000001' }),
    ],
    inside: (w) => ({ webhookId: w.bergenHook, messageId: w.bergenMessage }),
  },
  UPDATE_DEPARTMENT: {
    outside: [(w) => ({ id: w.oslo, alystraId: 'X' })],
    inside: (w) => ({ id: w.bergen, alystraId: 'B' }),
  },
  CREATE_CUSTOMER: {
    outside: [(w) => ({ name: 'Oslo AS', departmentId: w.oslo }), () => ({ name: 'Nowhere AS' })],
    inside: (w) => ({ name: 'Bergen AS', departmentId: w.bergen }),
  },
  // A key of another department's customer is named (404 as reading it) or acted on (0069).
  CREATE_API_KEY: {
    outside: [(w) => ({ customerId: w.osloCustomer, label: 'Shop' })],
    inside: (w) => ({ customerId: w.bergenCustomer, label: 'Shop' }),
  },
  ROTATE_API_KEY: { outside: [(w) => ({ id: w.osloKey })], inside: (w) => ({ id: w.bergenKey }) },
  REVOKE_API_KEY: { outside: [(w) => ({ id: w.osloKey })], inside: (w) => ({ id: w.bergenKey }) },
  UPDATE_CUSTOMER: {
    outside: [
      (w) => ({ id: w.osloCustomer, name: 'Taken' }),
      (w) => ({ id: w.bergenCustomer, departmentId: w.oslo }),
      (w) => ({ id: w.bergenCustomer, departmentId: null }),
    ],
    inside: (w) => ({ id: w.bergenCustomer, orgNumber: '974760673' }),
  },
  // A customer is deleted by its department's admins (0099).
  DELETE_CUSTOMER: {
    outside: [(w) => ({ id: w.osloCustomer })],
    inside: (w) => ({ id: w.bergenCustomer2 }),
  },
  CREATE_USER: {
    outside: [
      (w) => ({
        name: 'Boss',
        phoneNumber: freshPhone(),
        role: 'ADMIN',
        departmentIds: [w.bergen],
      }),
      (w) => ({ name: 'O', phoneNumber: freshPhone(), role: 'PLANNER', departmentIds: [w.oslo] }),
      (w) => ({
        name: 'F',
        phoneNumber: freshPhone(),
        role: 'PLANNER',
        departmentIds: [w.bergen],
        access: ['ADMIN_CUSTOMER_ALL'],
      }),
      (w) => ({
        name: 'C',
        phoneNumber: freshPhone(),
        role: 'CUSTOMER',
        customerId: w.osloCustomer,
      }),
    ],
    inside: (w) => ({
      name: 'B',
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [w.bergen],
      access: ['PLANNER_SHIPMENTS'],
    }),
  },
  UPDATE_USER: {
    outside: [
      (w) => ({ id: w.me, role: 'ADMIN' }),
      (w) => ({ id: w.me, departmentIds: [w.bergen, w.oslo] }),
      (w) => ({ id: w.me, access: [...accessFlags] }),
      (w) => ({ id: w.osloUser, name: 'Mine now' }),
      (w) => ({ id: w.bergenUser, departmentIds: [w.oslo] }),
      (w) => ({ id: w.bergenUser, role: 'CUSTOMER', customerId: w.osloCustomer }),
    ],
    inside: (w) => ({ id: w.bergenUser, name: 'Renamed' }),
  },
  DELETE_USER: {
    outside: [(w) => ({ id: w.osloUser })],
    inside: (w) => ({ id: w.bergenUser2 }),
  },
  CREATE_PLANNER: {
    // A planner starts with no department: nothing of another department is given.
    outside: [],
    inside: () => ({ name: 'Newbie', phoneNumber: freshPhone() }),
  },
  UPDATE_PLANNER: {
    outside: [(w) => ({ id: w.osloPlanner, name: 'Mine now' })],
    inside: (w) => ({ id: w.myPlanner, name: 'Renamed' }),
  },
  CREATE_ROLE: { outside: [() => ({ name: 'R', access: ['PLANNER_LIVE'] })], inside: null },
  UPDATE_ROLE: { outside: [(w) => ({ id: w.plainRole, description: 'x' })], inside: null },
  DELETE_ROLE: { outside: [(w) => ({ id: w.plainRole })], inside: null },
  ADD_ROLES_TO_USER: {
    outside: [
      (w) => ({ userId: w.bergenUser, roleIds: [w.allRole] }),
      (w) => ({ userId: w.osloUser, roleIds: [w.plainRole] }),
    ],
    inside: (w) => ({ userId: w.bergenUser, roleIds: [w.plainRole] }),
  },
  REMOVE_ROLES_FROM_USER: {
    outside: [(w) => ({ userId: w.osloUser, roleIds: [w.plainRole] })],
    inside: (w) => ({ userId: w.bergenUser, roleIds: [w.plainRole] }),
  },
  CREATE_DEPARTMENT_GROUP: {
    outside: [(w) => ({ name: 'G', departmentIds: [w.oslo, w.bergen] })],
    inside: (w) => ({ name: 'G', departmentIds: [w.bergen] }),
  },
  UPDATE_DEPARTMENT_GROUP: {
    outside: [
      (w) => ({ id: w.osloGroup, name: 'Mine' }),
      (w) => ({ id: w.bergenGroup, departmentIds: [w.oslo] }),
    ],
    inside: (w) => ({ id: w.bergenGroup, description: 'West' }),
  },
  DELETE_DEPARTMENT_GROUP: {
    outside: [(w) => ({ id: w.osloGroup })],
    inside: (w) => ({ id: w.bergenGroup }),
  },
  CREATE_CUSTOMER_GROUP: { outside: [() => ({ name: 'G' })], inside: null },
  UPDATE_CUSTOMER_GROUP: { outside: [(w) => ({ id: w.customerGroup, name: 'x' })], inside: null },
  DELETE_CUSTOMER_GROUP: { outside: [(w) => ({ id: w.customerGroup })], inside: null },
  CREATE_HOLIDAY: {
    outside: [() => ({ country: 'NO', type: 'NO_PICKUP', date: '2027-02-02' })],
    inside: null,
  },
  DELETE_HOLIDAY: { outside: [(w) => ({ id: w.holiday })], inside: null },
  // A person's data is erased by an administrator of every department (0050).
  ERASE_PERSONAL_DATA: { outside: [() => ({ orderIds: ['1'] })], inside: null },
  CREATE_NUMBER_SERIES: {
    outside: [
      (w) => ({
        type: 'GSIN',
        companyPrefix: '7091111',
        firstSerial: 1,
        lastSerial: 9,
        departmentId: w.oslo,
      }),
      () => ({ type: 'GSIN', companyPrefix: '7091112', firstSerial: 1, lastSerial: 9 }),
    ],
    inside: (w) => ({
      type: 'GSIN',
      companyPrefix: '7091113',
      firstSerial: 1,
      lastSerial: 9,
      departmentId: w.bergen,
    }),
  },
  UPDATE_NUMBER_SERIES: {
    outside: [(w) => ({ id: w.osloSeries, name: 'Renamed' })],
    inside: (w) => ({ id: w.bergenSeries, name: 'Renamed' }),
  },
  DELETE_NUMBER_SERIES: {
    outside: [(w) => ({ id: w.osloSeries })],
    inside: (w) => ({ id: w.bergenSeries }),
  },
  // A department's calendar is its admins' (0078).
  UPSERT_DEPARTMENT_TIME_WINDOW: {
    outside: [(w) => ({ departmentId: w.oslo, bookingCutoff: '15:00' })],
    inside: (w) => ({ departmentId: w.bergen, bookingCutoff: '15:00' }),
  },
  ADD_PRODUCTION_TIME_WINDOW: {
    outside: [(w) => window(w.oslo, '2035-03-01')],
    inside: (w) => window(w.bergen, '2035-03-01'),
  },
  EDIT_PRODUCTION_TIME_WINDOW: {
    outside: [(w) => ({ id: w.osloWindow, name: 'Renamed' })],
    inside: (w) => ({ id: w.bergenWindow, name: 'Renamed' }),
  },
  DELETE_PRODUCTION_TIME_WINDOW: {
    outside: [(w) => ({ id: w.osloWindow })],
    inside: (w) => ({ id: w.bergenWindow }),
  },
  // A department's matrix is its admins' (0079).
  CREATE_MATRIX_ENTRY: {
    outside: [(w) => entry(w.oslo, '0200')],
    inside: (w) => entry(w.bergen, '5200'),
  },
  UPDATE_MATRIX_ENTRY: {
    outside: [(w) => ({ id: w.osloEntry, leadTimeDays: 3 })],
    inside: (w) => ({ id: w.bergenEntry, leadTimeDays: 3 }),
  },
  DELETE_MATRIX_ENTRY: {
    outside: [(w) => ({ id: w.osloEntry })],
    inside: (w) => ({ id: w.bergenEntry }),
  },
  // Texts and the services' mapping are the whole product's (0081): a scoped admin holding
  // the flag still may not.
  CREATE_TEXT: {
    outside: [() => ({ group: 'LABEL', key: 'scoped', texts: { en: 'Scoped' } })],
    inside: null,
  },
  UPDATE_TEXT: { outside: [(w) => ({ id: w.text, key: 'renamed' })], inside: null },
  DELETE_TEXT: { outside: [(w) => ({ id: w.text })], inside: null },
  UPDATE_SERVICE_MAPPING: {
    outside: [(w) => ({ id: w.service, important: true })],
    inside: null,
  },
  // Upsales rules are the whole product's (0087): a scoped admin holding the flag may not.
  CREATE_UPSALES_RULE: {
    outside: [(w) => ({ name: 'Scoped', articleId: w.extra })],
    inside: null,
  },
  UPDATE_UPSALES_RULE: { outside: [(w) => ({ id: w.upsalesRule, priority: 2 })], inside: null },
  DELETE_UPSALES_RULE: { outside: [(w) => ({ id: w.upsalesRule })], inside: null },
  ENABLE_UPSALES_RULE: { outside: [(w) => ({ id: w.upsalesRule })], inside: null },
  DISABLE_UPSALES_RULE: { outside: [(w) => ({ id: w.upsalesRule })], inside: null },
  // A vendor is its hiring department's (0091).
  CREATE_VENDOR: { outside: [(w) => vendor(w.oslo)], inside: (w) => vendor(w.bergen) },
  UPDATE_VENDOR: {
    outside: [(w) => ({ id: w.osloVendor, name: 'Renamed' })],
    inside: (w) => ({ id: w.bergenVendor, name: 'Renamed' }),
  },
  DELETE_VENDOR: {
    outside: [(w) => ({ id: w.osloVendor })],
    inside: (w) => ({ id: w.bergenVendor2 }),
  },
  // Same-day home delivery settings are their department's (0092).
  UPSERT_SHD_SETTINGS: {
    outside: [(w) => ({ departmentId: w.oslo, enabled: true, dailyCapacity: 3 })],
    inside: (w) => ({ departmentId: w.bergen, enabled: true, dailyCapacity: 3 }),
  },
  CONNECT_UNITS_TO_VENDOR_SITE: {
    outside: [(w) => ({ vendorId: w.osloVendor, siteCode: 'D1', unitIds: [] })],
    inside: (w) => ({ vendorId: w.bergenVendor, siteCode: 'D1', unitIds: [] }),
  },
  // The product's jobs run for every department (0076), and only an ADMIN switches them.
  ENABLE_JOB: { outside: [() => ({ job: 'RETENTION' })], inside: null },
  DISABLE_JOB: { outside: [() => ({ job: 'RETENTION' })], inside: null },
  // Banners, news and help texts are shown in every department (0077): a scoped admin holding
  // the flag still may not.
  CREATE_BANNER: { outside: [() => ({ ...content('Snow'), level: 'INFO' })], inside: null },
  UPDATE_BANNER: { outside: [(w) => ({ id: w.banner, level: 'WARNING' })], inside: null },
  DELETE_BANNER: { outside: [(w) => ({ id: w.banner })], inside: null },
  CREATE_NEWS: { outside: [() => content('Depot')], inside: null },
  UPDATE_NEWS: { outside: [(w) => ({ id: w.news, targetRoles: ['ADMIN'] })], inside: null },
  DELETE_NEWS: { outside: [(w) => ({ id: w.news })], inside: null },
  CREATE_WHATS_THIS_MODAL: {
    outside: [() => ({ ...content('Help'), screen: '/admin/holidays' })],
    inside: null,
  },
  UPDATE_WHATS_THIS_MODAL: {
    outside: [(w) => ({ id: w.helpModal, screen: '/admin/jobs' })],
    inside: null,
  },
  DELETE_WHATS_THIS_MODAL: { outside: [(w) => ({ id: w.helpModal })], inside: null },
};

/** Commands that need an admin flag (every flag they accept is an ADMIN_* flag). */
const adminCommands = (Object.keys(commandPermissions) as CommandName[]).filter((name) => {
  const { flags } = commandPermissions[name];
  return flags.length > 0 && flags.every((f) => f.startsWith('ADMIN_'));
});

/**
 * Authority (docs/decisions/0018): a grant never exceeds the granter (roles, flags, departments),
 * and the scoped ADMIN_* flags act only inside the user's departments.
 */
describe('a scoped admin acts only inside its departments and never gives more than it holds', () => {
  let sys: TestSystem;
  let world: World;
  let admin: Client;
  const head = () => storeHead(sys);

  beforeAll(async () => {
    sys = await startTestSystem();
    const id = async (name: string, payload: Payload) => {
      const res = await sys.command(name, payload);
      if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
      return res.body.ids[0] as string;
    };
    const dep = (name: string) =>
      id('CREATE_DEPARTMENT', { name, departmentType: 'courier', country: 'NO' });
    const oslo = await dep('Oslo');
    const bergen = await dep('Bergen');
    const user = (departmentIds: string[], role = 'PLANNER') =>
      id('CREATE_USER', {
        name: `U ${departmentIds.join()}`,
        phoneNumber: freshPhone(),
        role,
        departmentIds,
        access: ['PLANNER_SHIPMENTS'],
      });
    const scopedFlags = [
      'ADMIN_USERS',
      'ADMIN_CUSTOMER',
      'ADMIN_DEPARTMENT',
      'ADMIN_DEPARTMENT_GROUP',
      'ADMIN_NUMBER_SERIES',
      'ADMIN_ROLE',
      'ADMIN_HOLIDAYS',
      'ADMIN_CUSTOMER_GROUP',
      'ADMIN_PRE_ADVICE',
      'ADMIN_CMS_BANNERS',
      'ADMIN_CMS_WHATS_THIS_MODALS',
      'ADMIN_PRODUCTION_TIME_WINDOW',
      'ADMIN_MATRIX',
      'ADMIN_TEXTS',
      'ADMIN_VENDORS',
      'ADMIN_SHD',
      ...plannerFlags,
    ];
    const phone = freshPhone();
    const meId = await id('CREATE_USER', {
      name: 'Bergen admin',
      phoneNumber: phone,
      role: 'PLUS_PLANNER',
      departmentIds: [bergen],
      access: scopedFlags,
    });
    world = {
      oslo,
      bergen,
      osloCustomer: await id('CREATE_CUSTOMER', { name: 'Oslo kunde', departmentId: oslo }),
      bergenCustomer: await id('CREATE_CUSTOMER', { name: 'Bergen kunde', departmentId: bergen }),
      osloKey: '',
      bergenKey: '',
      me: meId,
      osloUser: await user([oslo]),
      bergenUser: await user([bergen]),
      bergenUser2: await user([bergen]),
      osloPlanner: await id('CREATE_USER', {
        name: 'Oslo planner',
        phoneNumber: freshPhone(),
        role: 'PLANNER',
        departmentIds: [oslo],
      }),
      myPlanner: await id('CREATE_PLANNER', { name: 'Mine', phoneNumber: freshPhone() }),
      plainRole: await id('CREATE_ROLE', { name: 'Live', access: ['PLANNER_LIVE'] }),
      allRole: await id('CREATE_ROLE', { name: 'All customers', access: ['ADMIN_CUSTOMER_ALL'] }),
      osloGroup: await id('CREATE_DEPARTMENT_GROUP', { name: 'O', departmentIds: [oslo] }),
      bergenGroup: await id('CREATE_DEPARTMENT_GROUP', { name: 'B', departmentIds: [bergen] }),
      osloSeries: await id('CREATE_NUMBER_SERIES', {
        type: 'SSCC',
        companyPrefix: '7092221',
        firstSerial: 1,
        lastSerial: 9,
        departmentId: oslo,
      }),
      bergenSeries: await id('CREATE_NUMBER_SERIES', {
        type: 'SSCC',
        companyPrefix: '7092222',
        firstSerial: 1,
        lastSerial: 9,
        departmentId: bergen,
      }),
      holiday: await id('CREATE_HOLIDAY', { country: 'NO', type: 'NO_PICKUP', date: '2027-03-03' }),
      customerGroup: await id('CREATE_CUSTOMER_GROUP', { name: 'All' }),
      osloPolicy: await id('CREATE_PRE_ADVICE_POLICY', policy({ departmentId: oslo })),
      bergenPolicy: await id('CREATE_PRE_ADVICE_POLICY', policy({ departmentId: bergen })),
      osloHook: '',
      bergenHook: '',
      osloMessage: '',
      bergenMessage: '',
      bergenHook2: '',
      banner: await id('CREATE_BANNER', { ...content('Snow'), level: 'INFO' }),
      news: await id('CREATE_NEWS', content('Depot')),
      helpModal: await id('CREATE_WHATS_THIS_MODAL', {
        ...content('Help'),
        screen: '/admin/holidays',
      }),
      osloWindow: '',
      bergenWindow: '',
      osloEntry: '',
      bergenEntry: '',
      text: await id('CREATE_TEXT', { group: 'LABEL', key: 'fragile', texts: { en: 'Fragile' } }),
      service: await id('CREATE_ARTICLE', {
        code: 'EXPRESS-A',
        label: 'Express',
        kind: 'FREIGHT',
        group: 'TRANSPORT',
      }),
      extra: await id('CREATE_ARTICLE', {
        code: 'SIGN-A',
        label: 'Signature',
        kind: 'SERVICE',
        vasCode: 'SIGN',
        group: 'SERVICES',
      }),
      upsalesRule: '',
      osloVendor: await id('CREATE_VENDOR', vendor(oslo)),
      bergenVendor: await id('CREATE_VENDOR', vendor(bergen)),
      bergenVendor2: await id('CREATE_VENDOR', vendor(bergen)),
      bergenCustomer2: await id('CREATE_CUSTOMER', { name: 'Bergen to', departmentId: bergen }),
    };
    world.upsalesRule = await id('CREATE_UPSALES_RULE', { name: 'All', articleId: world.extra });
    world.osloWindow = await id('ADD_PRODUCTION_TIME_WINDOW', window(oslo, '2035-01-01'));
    world.bergenWindow = await id('ADD_PRODUCTION_TIME_WINDOW', window(bergen, '2035-01-01'));
    world.osloEntry = await id('CREATE_MATRIX_ENTRY', entry(oslo, '0100'));
    world.bergenEntry = await id('CREATE_MATRIX_ENTRY', entry(bergen, '5100'));
    world.osloHook = await id('CREATE_WEBHOOK', hook(world.osloCustomer));
    world.bergenHook = await id('CREATE_WEBHOOK', hook(world.bergenCustomer));
    world.bergenHook2 = await id('CREATE_WEBHOOK', hook(world.bergenCustomer));
    // An order of each hook's customer queues a delivery on it, for the replays to name.
    await configureNumberSeries(sys);
    for (const [departmentId, customerId] of [
      [oslo, world.osloCustomer],
      [bergen, world.bergenCustomer],
    ])
      await id('CREATE_ORDER', {
        departmentId,
        customerId,
        pickupDate: DATE,
        pickup: block,
        delivery: block,
        measurements: [{ weight: 1 }],
      });
    await sys.settled();
    const message = async (webhookId: string) =>
      ((await sys.query('webhookMessages', { webhookId })).body as { id: string }[])[0]!.id;
    world.osloMessage = await message(world.osloHook);
    world.bergenMessage = await message(world.bergenHook);
    const key = async (customerId: string) =>
      (await sys.command('CREATE_API_KEY', { customerId, label: 'Shop' })).body.apiKey.id as string;
    world.osloKey = await key(world.osloCustomer);
    world.bergenKey = await key(world.bergenCustomer);
    await sys.settled();
    admin = sys.as(await sys.signIn(phone));
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('every admin command has its cases', () => {
    expect(adminCommands.filter((name) => !cases[name])).toEqual([]);
  });

  for (const name of adminCommands) {
    it(`${name}: refused outside the admin's departments or authority, with nothing changed; done inside`, async () => {
      const c = cases[name]!;
      for (const payload of c.outside) {
        const before = await head();
        const res = await admin.command(name, payload(world));
        expect({
          name,
          payload: payload(world),
          status: res.status,
          errorType: res.body[0]?.errorType,
        }).toEqual(
          // Acting on an entity outside: 403; naming one (a reference): 404 as reading it (0039).
          expect.objectContaining(
            res.status === 404
              ? { status: 404, errorType: 'NOT_FOUND' }
              : { status: 403, errorType: 'NO_ACCESS' },
          ),
        );
        expect(await head()).toBe(before);
      }
      if (c.inside) {
        const res = await admin.command(name, c.inside(world));
        expect({ name, status: res.status, body: res.body }).toEqual(
          expect.objectContaining({ status: 200 }),
        );
      }
    });
  }

  it('S6-FLAG-004 ADMIN_CUSTOMER_ALL acts on customers of every department', async () => {
    const all = sys.as(
      await sys.login({
        phoneNumber: freshPhone(),
        role: 'PLANNER',
        departmentIds: [world.bergen],
        access: ['ADMIN_CUSTOMER_ALL'],
      }),
    );
    expect(
      (await all.command('UPDATE_CUSTOMER', { id: world.osloCustomer, orgNumber: '923456783' }))
        .status,
    ).toBe(200);
    expect((await all.command('CREATE_CUSTOMER', { name: 'Anywhere AS' })).status).toBe(200);
  });
});

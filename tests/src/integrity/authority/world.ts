import { plannerFlags } from '@nordlog/contracts';
import { configureNumberSeries } from '../../support/booking.js';
import { DATE, block } from '../../support/commandBases.js';
import { freshPhone, type Client, type TestSystem } from '../../support/system.js';

export type Payload = Record<string, unknown>;

export interface World {
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

/** What a scoped admin may not do (`outside`) and may (`inside`; null: needs every department). */
export interface AdminCase {
  outside: ((w: World) => Payload)[];
  inside: ((w: World) => Payload) | null;
}

/** A pre-advice policy of the owner given (docs/decisions/0062). */
export const policy = (owner: Payload): Payload => ({
  name: 'On booking',
  triggers: ['BOOKED'],
  channel: 'SMS',
  texts: [{ language: 'nb', smsText: 'Pakken kommer: {trackingLink}' }],
  ...owner,
});

/** Content shown to every department's users (docs/decisions/0077). */
export const content = (title: string): Payload => ({
  title: { en: title },
  body: { en: 'Text.' },
  targetRoles: ['PLANNER'],
  state: 'DRAFT',
  publishFrom: '2027-01-01T08:00:00Z',
  publishTo: null,
});

/** A production time window of a department, a week from the date given (0078). */
export const window = (departmentId: string, fromDate: string): Payload => ({
  departmentId,
  name: 'Peak',
  fromDate,
  toDate: fromDate.replace(/-01$/, '-07'),
});

/** A department matrix entry of a department for EXPRESS (0079). */
/** A vendor of a department with one site, D1 (0091). */
export const vendor = (departmentId: string): Payload => ({
  departmentId,
  name: 'Haulier',
  country: 'NO',
  orgNumber: '923609016',
  sites: [{ code: 'D1', name: 'Depot' }],
});
export const entry = (departmentId: string, postalCodeFrom: string): Payload => ({
  departmentId,
  name: 'Sentrum',
  postalCodeFrom,
  postalCodeTo: postalCodeFrom,
  serviceCodes: ['EXPRESS'],
});

/** A webhook of the customer given (docs/decisions/0070). */
export const hook = (customerId: string): Payload => ({
  customerId,
  url: 'http://127.0.0.1:9/hooks',
  events: ['OrderCreated'],
});

/**
 * Two departments, Oslo and Bergen, with entities of every admin command in each, and a scoped
 * admin of Bergen signed in.
 */
export async function buildWorld(sys: TestSystem): Promise<{ world: World; admin: Client }> {
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
  const world: World = {
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
  return { world, admin: sys.as(await sys.signIn(phone)) };
}

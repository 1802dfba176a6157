import { configureNumberSeries } from '../booking.js';
import { startRun, waitForRun } from '../optimizing.js';
import { sampleFleet, samplePlanned, updateSamples } from '../samples.js';
import { freshPhone, type TestSystem } from '../system.js';
import { commandBases } from './table.js';
import { type Payload, type World } from './world.js';

/** Makes the world (as the system user): two departments, the first one holding most things. */
export async function buildWorld(sys: TestSystem): Promise<World> {
  await configureNumberSeries(sys);
  const id = async (name: string, payload: Payload) => {
    const res = await sys.command(name, payload);
    if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
    return res.body.ids[0] as string;
  };
  const dep = (name: string) =>
    id('CREATE_DEPARTMENT', { name, departmentType: 'courier', country: 'NO' });
  const departments: [string, string] = [await dep('Oslo'), await dep('Bergen')];
  const customers: [string, string] = [
    await id('CREATE_CUSTOMER', { name: 'Apotek 1', alystraId: 'C-1' }),
    await id('CREATE_CUSTOMER', { name: 'Bok' }),
  ];
  const base = {
    departments,
    customers,
    ...(await sampleFleet(sys, departments)),
    planned: await samplePlanned(sys, departments[0], customers[0]),
  };
  const world: World = {
    ...base,
    order: await id('CREATE_ORDER', commandBases.CREATE_ORDER({ ...base } as World)),
    tracking: '',
    shipment: '',
    correction: '',
    deviation: '',
    delivered: '',
    recurring: '',
    address: '',
    preAdvicePolicy: '',
    webhook: '',
    webhookMessage: '00000000-0000-4000-8000-000000000000',
    apiKey: '',
    answering: '',
    rating: '',
    article: await id('CREATE_ARTICLE', updateSamples.UPDATE_ARTICLE(base).create),
    priceList: await id('CREATE_PRICE_LIST', updateSamples.UPDATE_PRICE_LIST(base).create),
    user: await id('CREATE_PLANNER', { name: 'Per', phoneNumber: freshPhone() }),
    role: await id('CREATE_ROLE', { name: 'R', access: ['PLANNER_LIVE'] }),
    departmentGroup: await id('CREATE_DEPARTMENT_GROUP', {
      name: 'G',
      departmentIds: departments,
    }),
    customerGroup: await id('CREATE_CUSTOMER_GROUP', { name: 'G', customerIds: customers }),
    series: await id('CREATE_NUMBER_SERIES', {
      type: 'GSIN',
      companyPrefix: '7098888',
      firstSerial: 1,
      lastSerial: 9,
    }),
    holiday: await id('CREATE_HOLIDAY', { country: 'NO', type: 'NO_PICKUP', date: '2027-01-04' }),
    productionWindow: await id(
      'ADD_PRODUCTION_TIME_WINDOW',
      updateSamples.EDIT_PRODUCTION_TIME_WINDOW(base).create,
    ),
    matrixEntry: await id('CREATE_MATRIX_ENTRY', updateSamples.UPDATE_MATRIX_ENTRY(base).create),
    text: await id('CREATE_TEXT', updateSamples.UPDATE_TEXT(base).create),
    transportArticle: await id('CREATE_ARTICLE', updateSamples.UPDATE_SERVICE_MAPPING(base).create),
    upsalesRule: await id('CREATE_UPSALES_RULE', updateSamples.UPDATE_UPSALES_RULE(base).create),
    vendor: await id('CREATE_VENDOR', updateSamples.UPDATE_VENDOR(base).create),
    loneCustomer: await id('CREATE_CUSTOMER', { name: 'Solo' }),
    banner: await id('CREATE_BANNER', updateSamples.UPDATE_BANNER(base).create),
    news: await id('CREATE_NEWS', updateSamples.UPDATE_NEWS(base).create),
    helpModal: await id(
      'CREATE_WHATS_THIS_MODAL',
      updateSamples.UPDATE_WHATS_THIS_MODAL(base).create,
    ),
    slot: await id('CREATE_SLOT', commandBases.CREATE_SLOT({ ...base } as World)),
    template: await id(
      'CREATE_OR_UPDATE_TEMPLATE',
      commandBases.CREATE_OR_UPDATE_TEMPLATE({ ...base } as World),
    ),
    run: await startRun(
      sys,
      'START_OPTIMIZING',
      commandBases.START_OPTIMIZING({ ...base } as World),
    ),
  };
  await waitForRun(sys, world.run, ['COMPLETED']);
  await sys.settled();
  const ordered = (await sys.query('orders', { ids: [world.order] })).body[0];
  world.tracking = ordered.order.trackingId;
  world.shipment = ordered.shipmentId;
  world.deviation = await id('CREATE_DEVIATION', commandBases.CREATE_DEVIATION(world));
  world.delivered = await id('CREATE_ORDER', commandBases.CREATE_ORDER(world));
  await id('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [world.delivered], slotId: world.slot });
  await id('MANUAL_DELIVER', { consignmentIds: [world.delivered] });
  await sys.settled();
  world.rating = (await sys.query('orders', { ids: [world.delivered] })).body[0].order.trackingId;
  world.correction = await id(
    'CREATE_ORDER_CORRECTION',
    commandBases.CREATE_ORDER_CORRECTION(world),
  );
  world.recurring = await id('SAVE_RECURRING_ORDER', commandBases.SAVE_RECURRING_ORDER(world));
  world.address = await id('CREATE_ADDRESS', commandBases.CREATE_ADDRESS(world));
  world.preAdvicePolicy = await id(
    'CREATE_PRE_ADVICE_POLICY',
    commandBases.CREATE_PRE_ADVICE_POLICY(world),
  );
  world.webhook = await id('CREATE_WEBHOOK', commandBases.CREATE_WEBHOOK(world));
  // An order of the hook's customer queues a delivery (the receiver is not there: it waits).
  await id('CREATE_ORDER', commandBases.CREATE_ORDER(world));
  await sys.settled();
  const [message] = (await sys.query('webhookMessages', { webhookId: world.webhook })).body;
  // A replay names a message of its own hook (0070): the world needs a real one.
  if (!message) throw new Error('the webhook of the world has no message to replay');
  world.webhookMessage = message.id;
  const key = await sys.command('CREATE_API_KEY', commandBases.CREATE_API_KEY(world));
  if (key.status !== 200) throw new Error(`CREATE_API_KEY: ${JSON.stringify(key.body)}`);
  world.apiKey = key.body.apiKey.id as string;
  const answering = await id('CREATE_ORDER', commandBases.CREATE_ORDER(world));
  await sys.settled();
  world.answering = (await sys.query('orders', { ids: [answering] })).body[0].order.trackingId;
  return world;
}

import { expect } from '@jest/globals';
import { addDays, dayIn } from '@nordlog/contracts';
import { configureNumberSeries, osloAddress } from '../support/booking.js';
import {
  createFirstDepartmentAndCustomer,
  freshPhone,
  startTestSystem,
  type Client,
  type TestSystem,
} from '../support/system.js';

export type Row = Record<string, any>;

export const TOMORROW = addDays(dayIn('Europe/Oslo', new Date().toISOString()), 1);
/** Delivered after tomorrow: no DAY_BEFORE trigger yet. */
export const LATER = addDays(TOMORROW, 2);
export const SENDER = { ...osloAddress, name: 'Apotek Storgata', phone: '+4790000001' };
export const recipient = (phone: string, email = '') => ({
  ...osloAddress,
  name: 'Kari Nordmann',
  address: 'Bogstadveien 10',
  phone,
  email,
});

/**
 * The pre-advice e2e tests' world (docs/decisions/0062): departments Oslo (1, with a policy on
 * booking, the day before and pre-pickup, SMS and e-mail) and Bergen (none), a planner of Oslo
 * holding PLANNER_PRE_ADVICE only, and the helpers the tests read it with.
 */
export async function startPreAdviceWorld() {
  const sys: TestSystem = await startTestSystem();
  await createFirstDepartmentAndCustomer(sys);
  await configureNumberSeries(sys);
  const bergen = (
    await sys.command('CREATE_DEPARTMENT', {
      name: 'Bergen',
      departmentType: 'courier',
      country: 'NO',
    })
  ).body.ids[0] as string;
  const planner: Client = sys.as(
    await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      access: ['PLANNER_PRE_ADVICE'],
      departmentIds: ['1'],
    }),
  );
  const res = await sys.command('CREATE_PRE_ADVICE_POLICY', {
    name: 'Oslo',
    departmentId: '1',
    triggers: ['BOOKED', 'DAY_BEFORE', 'PRE_PICKUP'],
    channel: 'SMS_AND_EMAIL',
    texts: [
      {
        language: 'nb',
        smsText: '{senderName} leverer {window}',
        emailSubject: 'Pakke fra {senderName}',
        emailBody: 'Vi kommer {window}. Følg den: {trackingLink}',
      },
    ],
  });
  expect(res.status).toBe(200);
  const book = async (delivery: Row, departmentId = '1', pickup: Row = SENDER, date = LATER) => {
    const res = await sys.command('CREATE_ORDER', {
      departmentId,
      customerId: '1',
      pickupDate: date,
      deliveryTimeEarliest: '10:00',
      deliveryTimeLatest: '14:00',
      pickup,
      delivery,
      measurements: [{ weight: 2 }],
    });
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };
  const pass = async (job: { pass(): Promise<number> } = sys.preAdvice) => {
    await sys.settled();
    const n = await job.pass();
    await sys.settled();
    return n;
  };
  const preAdvice = async (orderId: string, as: Client = planner) => {
    const res = await as.query('preAdviceForOrder', { orderId });
    expect(res.status).toBe(200);
    return (res.body as Row[])[0]!;
  };
  const outcomes = async (orderId: string) =>
    ((await preAdvice(orderId)).attempts as Row[]).map((a) => `${a.key} ${a.outcome}`);
  const outbox = async (to: string) =>
    (await sys.db.knex('message_outbox').where('recipient', to).orderBy('id')) as Row[];
  const trackingOf = async (orderId: string) =>
    ((await sys.query('orders', { ids: [orderId] })).body as Row[])[0]!.order.trackingId as string;

  return { sys, planner, bergen, book, pass, preAdvice, outcomes, outbox, trackingOf };
}

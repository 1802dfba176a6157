import { expect } from '@jest/globals';
import { demoOrder, prng } from '@nordlog/deploy';
import { bookingDate } from '../support/booking.js';
import type { TestSystem } from '../support/system.js';

/**
 * The projections world's pre-advice (docs/decisions/0062): two policies, one deleted; an order
 * locked, one asked for by hand; a pass of the process decides the bookings and sends what is due.
 */
export async function preAdviceWorld(
  sys: TestSystem,
  dep: string,
  cust: string,
  ids: readonly string[],
): Promise<void> {
  const told = demoOrder(
    prng(8),
    { id: dep, country: 'NO', location: { lat: 59.91, lng: 10.75 } },
    { id: cust, name: 'Nordlys Apotek' },
    bookingDate(),
    0,
  ) as { delivery: Record<string, unknown> };
  const toldDelivery = { ...told.delivery, phone: '+4791234567', email: 'kari@example.com' };
  expect((await sys.command('CREATE_ORDER', { ...told, delivery: toldDelivery })).status).toBe(200);
  for (const name of ['On booking', 'Gone']) {
    const policy = await sys.command('CREATE_PRE_ADVICE_POLICY', {
      name,
      departmentId: dep,
      triggers: ['BOOKED', 'DAY_BEFORE'],
      channel: 'SMS_AND_EMAIL',
      texts: [
        {
          language: 'nb',
          smsText: 'Pakke fra {senderName}',
          emailSubject: 'Pakke fra {senderName}',
          emailBody: 'Spor pakken: {trackingLink}',
        },
      ],
    });
    expect(policy.status).toBe(200);
    if (name === 'Gone') await sys.command('DELETE_PRE_ADVICE_POLICY', { id: policy.body.ids[0] });
  }
  for (const [name, payload] of [
    ['LOCK_PRE_ADVICE', { orderIds: [ids[50]] }],
    ['PRE_ADVICE_MANUAL_ATTEMPT', { orderIds: [ids[51]] }],
  ] as const)
    expect({ name, status: (await sys.command(name, payload)).status }).toEqual({
      name,
      status: 200,
    });
  await sys.settled();
  await sys.preAdvice.pass();
  await sys.settled();
  await sys.preAdvice.pass();
  await sys.settled();
  // Messages were sent, and an attempt was refused by the lock.
  const outcomes = (
    await sys.db.knex.raw<{ rows: { outcome: string }[] }>(
      `select distinct a->>'outcome' as outcome
       from rm_pre_advice, jsonb_array_elements(data->'attempts') a`,
    )
  ).rows.map((r) => r.outcome);
  expect(outcomes).toEqual(expect.arrayContaining(['SMS_AND_EMAIL_SENT', 'PRE_ADVICE_LOCKED']));
}

import { expect } from '@jest/globals';
import { type TestSystem } from '../../support/system.js';
import { type World } from './world.js';

/** The recipients' answers (0063) and ratings (0083). */
export async function changeRecipient(
  sys: TestSystem,
  world: World,
  fresh: string[],
  osloSlot: string,
  away: string,
): Promise<void> {
  const { mine, theirs } = world;
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
      (await sys.command('UPDATE_CUSTOMER', { id: customerId, npsFromDate: '2020-01-01' })).status,
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
}

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bookingDate, configureNumberSeries } from '../support/booking.js';
import { startTestSystem, type TestSystem } from '../support/system.js';
import { Receiver } from './receiver.js';

/**
 * The webhook worker wakes when deliveries are queued (docs/decisions/0070, addendum "wake-ups"):
 * the enqueuer's insert NOTIFYs at its commit and the started worker makes a pass at once. With
 * its round set to a minute, a delivery still reaches the receiver within seconds of the order.
 */
describe('webhooks: the worker wakes when a delivery is queued', () => {
  let sys: TestSystem;
  const receiver = new Receiver(() => 200);

  beforeAll(async () => {
    sys = await startTestSystem({ env: { WEBHOOK_INTERVAL_SECONDS: '60' } });
    await configureNumberSeries(sys);
  }, 60_000);
  afterAll(async () => {
    await sys?.shutdown();
    await receiver.stop();
  });

  it('an order event reaches the receiver long before the worker’s next round', async () => {
    const id = async (name: string, payload: Record<string, unknown>) => {
      const res = await sys.command(name, payload);
      expect(res.status).toBe(200);
      return res.body.ids[0] as string;
    };
    const departmentId = await id('CREATE_DEPARTMENT', {
      name: 'Oslo',
      departmentType: 'courier',
      country: 'NO',
    });
    const customerId = await id('CREATE_CUSTOMER', { name: 'Apotek' });
    await id('CREATE_WEBHOOK', {
      customerId,
      url: `${await receiver.start()}/hook`,
      events: ['OrderCreated'],
      description: 'wake-up',
    });
    await sys.settled();
    // The worker's first round ran at start; its next is a minute away.
    const block = {
      name: 'Kari',
      address: 'Storgata 1',
      zipCode: '0155',
      zipArea: 'Oslo',
      countryCode: 'NO',
    };
    const booked = Date.now();
    const orderId = await id('CREATE_ORDER', {
      departmentId,
      customerId,
      pickupDate: bookingDate(2),
      pickup: block,
      delivery: block,
      measurements: [{ weight: 1 }],
    });
    for (let i = 0; i < 100 && receiver.received.length === 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.body).toContain(`"${orderId}"`);
    expect(receiver.received[0]!.at - booked).toBeLessThan(10_000);
  }, 60_000);
});

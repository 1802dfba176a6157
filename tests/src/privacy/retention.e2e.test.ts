import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ERASED_TEXT, type OrderHistoryRow, type OrderRow } from '@nordlog/contracts';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { createSlot } from '../support/planning.js';
import { startTestSystem, type TestSystem } from '../support/system.js';

const DAY = 86_400_000;

/**
 * Retention (issue 38 §3, docs/decisions/0050-personal-data.md): the personal data of an order
 * whose work ended is erased when its retention runs out: the country's 395 days, a department's
 * own, a customer's own over it; an order still under way keeps its data, and a pass that finds
 * nothing due, or runs again, erases nothing more.
 */
describe('retention of personal data', () => {
  let sys: TestSystem;
  let oslo: string;
  let stockholm: string;
  const ids: Record<string, string> = {};

  const order = async (id: string) =>
    ((await sys.query('orders', { ids: [id] })).body as OrderRow[])[0]!;

  beforeAll(async () => {
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    const department = async (name: string, country: string, days: number | null) =>
      (
        await sys.command('CREATE_DEPARTMENT', {
          name,
          departmentType: 'courier',
          country,
          personalDataRetentionDays: days,
        })
      ).body.ids[0] as string;
    oslo = await department('Oslo', 'NO', null);
    stockholm = await department('Stockholm', 'SE', 90);
    const customer = async (departmentId: string, days: number | null) =>
      (
        await sys.command('CREATE_CUSTOMER', {
          name: `Kunde ${departmentId} ${days}`,
          departmentId,
          personalDataRetentionDays: days,
        })
      ).body.ids[0] as string;
    const plain = await customer(oslo, null);
    const longer = await customer(oslo, 3650);
    const swedish = await customer(stockholm, null);
    const book = async (key: string, departmentId: string, customerId: string) => {
      const res = await sys.command('CREATE_ORDER', {
        departmentId,
        customerId,
        pickupDate: bookingDate(0),
        pickup: osloAddress,
        delivery: { ...osloAddress, name: `Recipient ${key}`, phone: '+4791234577' },
        measurements: [{ weight: 2 }],
      });
      expect(res.status).toBe(200);
      ids[key] = res.body.ids[0];
    };
    await book('delivered', oslo, plain);
    await book('keptLonger', oslo, longer);
    await book('underWay', oslo, plain);
    await book('swedish', stockholm, swedish);
    const slot = await createSlot(sys, oslo, bookingDate(0));
    const sSlot = await createSlot(sys, stockholm, bookingDate(0));
    const ok = async (name: string, payload: unknown) =>
      expect((await sys.command(name, payload)).status).toBe(200);
    await ok('UPDATE_CONSIGNMENT_SLOT', {
      consignmentIds: [ids.delivered, ids.keptLonger, ids.underWay],
      slotId: slot,
    });
    await ok('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [ids.swedish], slotId: sSlot });
    await ok('MANUAL_DELIVER', { consignmentIds: [ids.delivered, ids.keptLonger, ids.swedish] });
    await sys.settled();
  }, 120_000);
  afterAll(async () => sys?.shutdown());

  it('erases each order when its own retention runs out, and nothing before or twice', async () => {
    const at = (days: number) => new Date(Date.now() + days * DAY);
    // Nothing is due a day later.
    expect(await sys.retention.pass(at(1))).toBe(0);
    // After 91 days the Swedish department's 90 days ran out.
    expect(await sys.retention.pass(at(91))).toBe(1);
    await sys.settled();
    expect((await order(ids.swedish!)).personalDataErasedAt).toEqual(expect.any(String));
    expect((await order(ids.delivered!)).personalDataErasedAt).toBeUndefined();
    // After 396 days, Norway's default: the delivered order, not the one of the customer who keeps
    // it ten years, nor the one still under way.
    expect(await sys.retention.pass(at(396))).toBe(1);
    await sys.settled();
    const delivered = await order(ids.delivered!);
    expect(delivered.order.delivery).toMatchObject({ name: ERASED_TEXT, phone: '' });
    expect(delivered.state).toBe('DELIVERED');
    expect((await order(ids.keptLonger!)).order.delivery.name).toBe('Recipient keptLonger');
    expect((await order(ids.underWay!)).order.delivery.name).toBe('Recipient underWay');
    // The erasure is in the order's history, by the system, for retention.
    const history = (await sys.query('orderHistory', { orderId: ids.delivered }))
      .body as OrderHistoryRow[];
    expect(history.at(-1)).toMatchObject({
      eventType: 'PersonalDataErased',
      userId: 'system',
      data: { subject: `order:${ids.delivered}`, reason: 'retention' },
    });
    // Again: nothing more is due.
    expect(await sys.retention.pass(at(396))).toBe(0);
    // Ten years and a day: the longer-kept one too.
    expect(await sys.retention.pass(at(3651))).toBe(1);
  });

  it('refuses a retention shorter than 30 days or longer than ten years', async () => {
    for (const days of [29, 3651]) {
      const res = await sys.command('UPDATE_DEPARTMENT', {
        id: oslo,
        personalDataRetentionDays: days,
      });
      expect(res.status).toBe(400);
    }
    expect(
      (await sys.command('UPDATE_DEPARTMENT', { id: oslo, personalDataRetentionDays: null }))
        .status,
    ).toBe(200);
  });
});

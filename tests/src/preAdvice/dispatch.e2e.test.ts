import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createSlot } from '../support/planning.js';
import { freshPhone, type Client, type TestSystem } from '../support/system.js';
import { LATER, SENDER, recipient, startPreAdviceWorld, type Row } from './world.js';

/**
 * Pre-advice when a slot is dispatched, and the planners' follow-up (issue 41 parts 2 and 3,
 * docs/decisions/0062), through the gateway.
 */
describe('pre-advice on dispatch and its follow-up', () => {
  let w: Awaited<ReturnType<typeof startPreAdviceWorld>>;
  let sys: TestSystem;
  let planner: Client;
  let bergen: string;
  const book = (...a: Parameters<typeof w.book>) => w.book(...a);
  const pass = (...a: Parameters<typeof w.pass>) => w.pass(...a);
  const outcomes = (orderId: string) => w.outcomes(orderId);
  const outbox = (to: string) => w.outbox(to);
  const trackingOf = (orderId: string) => w.trackingOf(orderId);

  beforeAll(async () => {
    w = await startPreAdviceWorld();
    ({ sys, planner, bergen } = w);
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it("DISPATCHED: sent when the order's slot has its planning completed; another dispatched slot of the same window is ALREADY_PRE_ADVICED", async () => {
    const customer = (await sys.command('CREATE_CUSTOMER', { name: 'Blomster AS' })).body.ids[0];
    const policy = await sys.command('CREATE_PRE_ADVICE_POLICY', {
      name: 'Blomster: dispatched',
      customerId: customer,
      triggers: ['DISPATCHED'],
      channel: 'SMS',
      texts: [{ language: 'nb', smsText: 'Sjåføren er på vei {window}: {trackingLink}' }],
    });
    expect(policy.status).toBe(200);
    const phone = freshPhone();
    const res = await sys.command('CREATE_ORDER', {
      departmentId: '1',
      customerId: customer,
      pickupDate: LATER,
      deliveryTimeEarliest: '10:00',
      deliveryTimeLatest: '14:00',
      pickup: SENDER,
      delivery: recipient(phone),
      measurements: [{ weight: 2 }],
    });
    const order = res.body.ids[0] as string;
    const slot = await createSlot(sys, '1', LATER);
    expect(
      (await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [order], slotId: slot }))
        .status,
    ).toBe(200);
    await pass();
    // The customer's policy does not send on booking; a slot not dispatched yet sends nothing.
    expect(await outcomes(order)).toEqual(['BOOKED WRONG_TRIGGER']);
    expect(await outbox(phone)).toHaveLength(0);
    expect(
      (await sys.command('CHANGE_SLOT_STATE', { slotId: slot, transition: 'completePlanning' }))
        .status,
    ).toBe(200);
    await pass();
    expect(await outcomes(order)).toEqual(['BOOKED WRONG_TRIGGER', `DISPATCHED-${slot} SMS_SENT`]);
    const sent = await outbox(phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain(`Sjåføren er på vei ${LATER} 10:00–14:00: `);
    expect(sent[0]!.body).toContain(`/track/${await trackingOf(order)}`);
    // Moved to another dispatched slot: the same window again is not sent.
    const other = await createSlot(sys, '1', LATER);
    expect(
      (await sys.command('CHANGE_SLOT_STATE', { slotId: other, transition: 'completePlanning' }))
        .status,
    ).toBe(200);
    expect(
      (await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [order], slotId: other }))
        .status,
    ).toBe(200);
    await pass();
    expect((await outcomes(order)).at(-1)).toBe(`DISPATCHED-${other} ALREADY_PRE_ADVICED`);
    expect(await outbox(phone)).toHaveLength(1);
  });

  it("the follow-up lists the department's orders whose pre-advice failed or waits, grouped by outcome", async () => {
    const landline = await book(recipient('22 33 44 55'));
    const locked = await book(recipient(freshPhone()));
    const fine = await book(recipient(freshPhone()));
    expect((await planner.command('LOCK_PRE_ADVICE', { orderIds: [locked] })).status).toBe(200);
    await pass();
    expect((await planner.command('PRE_ADVICE_MANUAL_ATTEMPT', { orderIds: [fine] })).status).toBe(
      200,
    );
    await sys.settled();
    const res = await planner.query('preAdviceFollowUp', {
      departmentId: '1',
      fromDate: LATER,
      toDate: LATER,
    });
    expect(res.status).toBe(200);
    const rows = res.body as Row[];
    const byOrder = new Map(rows.map((r) => [r.id, r.lastOutcome]));
    expect(byOrder.get(landline)).toBe('NO_VALID_PHONE_OR_EMAIL');
    expect(byOrder.get(locked)).toBe('PRE_ADVICE_LOCKED');
    // Asked for by hand and not sent yet: it waits.
    expect(byOrder.get(fine)).toBe('MANUAL_ATTEMPT');
    const outcomesInOrder = rows.map((r) => r.lastOutcome as string);
    expect(outcomesInOrder).toEqual([...outcomesInOrder].sort());
    expect(outcomesInOrder).not.toContain('SMS_SENT');
    await pass();
    const after = (
      await planner.query('preAdviceFollowUp', {
        departmentId: '1',
        fromDate: LATER,
        toDate: LATER,
      })
    ).body as Row[];
    expect(after.map((r) => r.id)).not.toContain(fine);
    // Another department's follow-up reads nothing for this planner.
    expect((await planner.query('preAdviceFollowUp', { departmentId: bergen })).body).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ERASED_TEXT, type OrderHistoryRow, type PersonalDataAnswer } from '@nordlog/contracts';
import { osloAddress } from '../support/booking.js';
import type { DemoDay } from '../support/demoDay.js';
import {
  NEEDLES,
  SEARCHED,
  SEARCHED_POINT,
  startPrivacyDay,
  type PrivacyDay,
} from './privacyDay.js';
import { liveAndRebuilt, tablesHolding } from './scan.js';

/**
 * Erasure of a person's data by crypto-shredding (issue 38, docs/decisions/0050-personal-data.md):
 * an order's parties' names, phones, e-mails, street addresses, notes and exact points are sealed
 * in the events with a key of the order's own; ERASE_PERSONAL_DATA deletes the key, and every
 * table, document and rebuild then holds them erased while the order keeps its state and history.
 */
let day: DemoDay;
let orderId: string;
/** Another order of the same day, never erased: its data must stay as it was. */
let otherId: string;
/** Books an order of Oslo's first customer for today with this delivery block; its id. */
let bookOne: PrivacyDay['bookOne'];

let order: PrivacyDay['order'];

describe('erasure of personal data (ERASE_PERSONAL_DATA)', () => {
  beforeAll(async () => {
    ({ day, orderId, otherId, bookOne, order } = await startPrivacyDay());
  }, 180_000);
  afterAll(async () => day?.sys.shutdown());

  it('seals the personal fields in the stored events; the read models hold them until the erasure', async () => {
    const knex = day.sys.db.knex;
    const stored = await knex.raw<{ rows: { n: number }[] }>(
      `select count(*)::int as n from es_events t where t::text ilike any(?)`,
      [SEARCHED.map((s) => `%${s}%`)],
    );
    expect(stored.rows[0]!.n).toBe(0);
    const row = await order(orderId);
    expect(row.order.delivery).toMatchObject({
      name: NEEDLES.name,
      phone: NEEDLES.newPhone,
      email: NEEDLES.email,
    });
    expect(await tablesHolding(day.sys, ['Quibble'])).not.toEqual([]);
    expect(await tablesHolding(day.sys, SEARCHED_POINT)).not.toEqual([]);
  });

  it('finds everything held about a phone number or an e-mail address (personalData, GDPR art. 15)', async () => {
    const { sys } = day;
    const byPhone = (await sys.query('personalData', { phoneNumber: '98765411' }))
      .body as PersonalDataAnswer;
    expect(byPhone.phoneNumber).toBe(NEEDLES.newPhone);
    expect(byPhone.orders.map((o) => [o.orderId, o.parties])).toEqual([[orderId, ['delivery']]]);
    expect(byPhone.orders[0]!.order.delivery.name).toBe(NEEDLES.name);
    expect(byPhone.history[orderId]!.map((h) => h.eventType)).toEqual(
      expect.arrayContaining(['OrderCreated', 'OrderUpdated', 'ConsignmentDelivered']),
    );
    const byMail = (await sys.query('personalData', { email: NEEDLES.email.toUpperCase() }))
      .body as PersonalDataAnswer;
    expect(byMail.orders.map((o) => o.orderId)).toEqual([orderId]);
    // The old phone is in the order's history only: the order is not theirs by it any more.
    expect(
      ((await sys.query('personalData', { phoneNumber: NEEDLES.phone })).body as PersonalDataAnswer)
        .orders,
    ).toEqual([]);
    // A user is found by the phone they log in with.
    const planner = (await sys.query('personalData', { phoneNumber: '+4790000002' }))
      .body as PersonalDataAnswer;
    expect(planner.users.length).toBeLessThanOrEqual(1);
    expect((await sys.query('personalData', {})).status).toBe(400);
  });

  it("erases the order's personal data from every table, the documents and a rebuild; the order keeps its state, history and labels", async () => {
    const { sys } = day;
    const before = await order(orderId);
    // The delivery's proof (0068): its signature and photo in the proof store until the erasure.
    const images = async () =>
      (await sys.db.knex('blob_objects').whereLike('key', `delivery-proof/${orderId}/%`)).length;
    expect(before.proof?.recipientName).toBe(NEEDLES.name);
    expect(await images()).toBe(2);
    const res = await sys.command('ERASE_PERSONAL_DATA', { orderIds: [orderId] });
    expect(res.status).toBe(200);
    await sys.settled();
    expect(await images()).toBe(0);
    expect((await order(orderId)).proof).toMatchObject({
      recipientName: ERASED_TEXT,
      photos: [{ key: '' }],
    });

    expect(await tablesHolding(day.sys, SEARCHED)).toEqual([]);
    // Nor the exact point of the house: wherever it was copied (the optimiser's documents too).
    expect(await tablesHolding(day.sys, SEARCHED_POINT)).toEqual([]);
    // Nothing is found about the person any more.
    expect(
      ((await sys.query('personalData', { email: NEEDLES.email })).body as PersonalDataAnswer)
        .orders,
    ).toEqual([]);

    const after = await order(orderId);
    expect(after.state).toBe(before.state);
    expect(after.shipmentId).toBe(before.shipmentId);
    expect(after.personalDataErasedAt).toEqual(expect.any(String));
    expect(after.order.delivery).toMatchObject({
      name: ERASED_TEXT,
      address: ERASED_TEXT,
      phone: '',
      email: '',
      instructions: ERASED_TEXT,
      zipCode: osloAddress.zipCode,
    });
    expect(after.order.orderNote).toBe(ERASED_TEXT);
    // The other order of the same labels and slot is untouched.
    expect((await order(otherId)).order.delivery.name).toBe('Kari Nordmann');

    const history = (await sys.query('orderHistory', { orderId })).body as OrderHistoryRow[];
    expect(history.map((h) => h.eventType)).toEqual(
      expect.arrayContaining([
        'OrderCreated',
        'OrderUpdated',
        'ConsignmentDelivered',
        'PersonalDataErased',
      ]),
    );
    expect(JSON.stringify(history)).not.toMatch(/Quibble|91234599/);

    // The route list of the slot, as a planner downloads it.
    const list = await fetch(`${sys.url}/api/exportLocationListForSlot`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: sys.admin.cookie,
        'x-csrf-token': sys.admin.csrf,
      },
      body: JSON.stringify({ slot: day.driven }),
    });
    expect(list.status).toBe(200);
    const csv = await list.text();
    expect(csv).toContain(ERASED_TEXT);
    expect(csv).not.toMatch(/Quibble/);
    // The labels document of both orders: the erased one's receiver reads as erased.
    const labels = (await sys.query('labelUrls', { orderIds: [otherId] })).body as {
      pages: { orderId: string; receiver: { name: string } }[];
    }[];
    const pages = labels.flatMap((l) => l.pages);
    expect(pages.find((p) => p.orderId === orderId)?.receiver.name).toBe(ERASED_TEXT);
    expect(pages.find((p) => p.orderId === otherId)?.receiver.name).toBe('Kari Nordmann');

    // A rebuild gives the read models the live projector has.
    const { live, rebuilt } = await liveAndRebuilt(sys);
    expect(rebuilt).toEqual(live);
    expect(await tablesHolding(day.sys, SEARCHED)).toEqual([]);
  });

  it('refuses to set the erased data again, takes other edits, and erasing twice changes nothing', async () => {
    const { sys } = day;
    const id = await bookOne({ name: NEEDLES.name, phone: NEEDLES.phone });
    expect((await sys.command('ERASE_PERSONAL_DATA', { orderIds: [id] })).status).toBe(200);
    await sys.settled();
    const row = await order(id);
    expect(row.order.delivery.name).toBe(ERASED_TEXT);
    const again = await sys.command('UPDATE_ORDER', {
      orderId: id,
      delivery: { ...row.order.delivery, name: 'Someone Else' },
    });
    expect(again.status).toBe(409);
    expect(again.body[0].errorType).toBe('PERSONAL_DATA_ERASED');
    const other = await sys.command('UPDATE_ORDER', { orderId: id, customerRef: 'PO-77' });
    expect(other.status).toBe(200);
    await sys.settled();
    expect((await order(id)).order).toMatchObject({ customerRef: 'PO-77' });
    expect((await order(id)).order.delivery.name).toBe(ERASED_TEXT);
    const twice = await sys.command('ERASE_PERSONAL_DATA', { orderIds: [id] });
    expect(twice.status).toBe(200);
    expect(twice.body.events).toEqual([]);
  });

  it('erases a label printed in the same projector batch as the erasure', async () => {
    const { sys } = day;
    const id = await bookOne({ name: 'Quibbleton Second', phone: NEEDLES.phone });
    await sys.settled();
    await sys.projector.stop();
    try {
      for (const [name, payload] of [
        ['CREATE_LABEL', { orderId: id }],
        ['ERASE_PERSONAL_DATA', { orderIds: [id] }],
      ] as const)
        expect((await sys.command(name, payload)).status).toBe(200);
    } finally {
      sys.projector.start();
    }
    await sys.settled();
    expect(await tablesHolding(day.sys, SEARCHED)).toEqual([]);
  });
});

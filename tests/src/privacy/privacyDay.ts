import type { OrderRow } from '@nordlog/contracts';
import { bookingDate, osloAddress } from '../support/booking.js';
import { OSLO, startDemoDay, type DemoDay } from '../support/demoDay.js';
import { startRun, waitForRun } from '../support/optimizing.js';
import { ONE_PIXEL_PNG } from '../support/commandBases.js';

/**
 * A day with personal data in every place the product keeps it (docs/decisions/0050): the demo
 * day, and an order whose recipient has a name, a street, two phones over an edit, an e-mail, an
 * instruction and a note (and a note of its own on the tracking page), planned with another order, labelled with it, collected and delivered
 * with a comment, a signature and a photo, and a deviation on the way, its route suggested by the optimiser, a rejected and a deviated order with
 * reasons in a planner's words, and a courier's position.
 */
export const NEEDLES = {
  name: 'Zacharias Quibbleton',
  phone: '+4791234599',
  newPhone: '+4798765411',
  email: 'zq.private@example.org',
  note: 'Portkode 4711 hos Quibbleton',
  comment: 'given to Quibbleton in person',
  street: 'Quibblegata 17',
  /** The delivery point, given with the booking: exact to the house. */
  lat: 59.9387654,
  lng: 10.7712345,
  deviation: 'Quibbleton was not at home',
  /** The recipient's own note on the tracking page (0063). */
  doorNote: 'Leave it with Quibbleton behind the shed',
  /** The recipient's comment on the net promoter question after delivery (0083). */
  npsComment: 'Quibbleton was very pleased',
};
/** What must be found nowhere after the erasure: each needle's most telling part. */
export const SEARCHED = ['Quibble', '91234599', '98765411', 'zq.private', 'Portkode'];
/** The exact point, as any table's text would hold it: found nowhere after the erasure either. */
export const SEARCHED_POINT = ['59.938765', '10.771234'];

export interface PrivacyDay {
  day: DemoDay;
  /** The order of the needles. */
  orderId: string;
  /** Another order on the same slot and labels, never erased. */
  otherId: string;
  /** Books an order of Oslo's first customer for today with this delivery block; its id. */
  bookOne(delivery: Record<string, unknown>, extra?: Record<string, unknown>): Promise<string>;
  order(id: string): Promise<OrderRow>;
}

export async function startPrivacyDay(): Promise<PrivacyDay> {
  const day = await startDemoDay({ ordersPerDepartment: 4 });
  const { sys } = day;
  const command = async (name: string, payload: Record<string, unknown>) => {
    const res = await sys.command(name, payload);
    if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
    return res.body as { ids: string[] };
  };
  const customerId = String(
    (
      await sys.db.knex.raw<{ rows: { id: string }[] }>(
        `select id::text from rm_customers where data->>'departmentId' = ? order by id limit 1`,
        [OSLO],
      )
    ).rows[0]!.id,
  );
  const bookOne = async (delivery: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    String(
      (
        await command('CREATE_ORDER', {
          departmentId: OSLO,
          customerId,
          pickupDate: bookingDate(0),
          pickup: osloAddress,
          delivery: { ...osloAddress, ...delivery },
          measurements: [{ weight: 2, quantity: 1 }],
          ...extra,
        })
      ).ids[0],
    );
  const order = async (id: string) =>
    ((await sys.query('orders', { ids: [id] })).body as OrderRow[])[0]!;
  // Pre-advice on booking (docs/decisions/0062): the recipients are sent an SMS and an e-mail
  // (their numbers and addresses sealed in the events, the messages in the outbox).
  await command('CREATE_PRE_ADVICE_POLICY', {
    name: 'Oslo on booking',
    departmentId: OSLO,
    triggers: ['BOOKED'],
    channel: 'SMS_AND_EMAIL',
    texts: [
      {
        language: 'nb',
        smsText: 'Pakke fra {senderName}',
        emailSubject: 'Pakke fra {senderName}',
        emailBody: 'Følg den: {trackingLink}',
      },
    ],
  });
  const orderId = await bookOne(
    {
      name: NEEDLES.name,
      address: NEEDLES.street,
      phone: NEEDLES.phone,
      email: NEEDLES.email,
      instructions: NEEDLES.note,
      contactPerson: 'Quibbleton Junior',
      lat: NEEDLES.lat,
      lng: NEEDLES.lng,
    },
    { orderNote: NEEDLES.note, customerContact: 'Ola at the desk', recipientRef: 'QB-17' },
  );
  const otherId = await bookOne({ name: 'Kari Nordmann', phone: '+4791111111' });
  const rejected = await bookOne({ name: 'Per Hansen' }, { requiresConfirmation: true });
  const deviated = await bookOne({ name: 'Liv Berg' });
  await sys.settled();
  await sys.preAdvice.pass();
  const outbox = await sys.db
    .knex('message_outbox')
    .where('recipient', NEEDLES.phone)
    .count<{ n: string }[]>('* as n');
  if (Number(outbox[0]!.n) === 0) throw new Error('no pre-advice was sent to the recipient');
  const booked = await order(orderId);
  await command('UPDATE_ORDER', {
    orderId,
    delivery: { ...booked.order.delivery, phone: NEEDLES.newPhone },
  });
  // The recipient asks on the tracking page to have it left at the door, with a note (0063).
  const answered = await fetch(`${sys.url}/openapi/command/RECIPIENT_LEAVE_AT_DOOR`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'RECIPIENT_LEAVE_AT_DOOR',
      payload: { trackingId: booked.order.trackingId, note: NEEDLES.doorNote },
    }),
  });
  if (answered.status !== 200) throw new Error(`RECIPIENT_LEAVE_AT_DOOR: ${answered.status}`);
  await command('UPDATE_CONSIGNMENT_SLOT', {
    consignmentIds: [orderId, otherId, deviated],
    slotId: day.driven,
  });
  await command('CREATE_MULTIPLE_LABEL', { orderIds: [orderId, otherId] });
  await command('MANUAL_COLLECT', { consignmentIds: [orderId] });
  // A deviation on the way, in the courier's words, where it was reported, changed once (0051).
  const deviation = await command('CREATE_DEVIATION', {
    orderId,
    reason: 'OTHER',
    text: NEEDLES.deviation,
    position: { lat: 59.912345, lng: 10.745678 },
    photoRef: 'photos/quibbleton-door.jpg',
  });
  await command('UPDATE_DEVIATION', {
    orderId,
    id: deviation.ids[0],
    text: `${NEEDLES.deviation}, again`,
  });
  await command('MANUAL_DELIVER', { consignmentIds: [orderId], comment: NEEDLES.comment });
  // The delivery's proof (0068): the recipient's name sealed, the images in the proof store.
  await command('RECORD_DELIVERY_PROOF', {
    orderId,
    recipientName: NEEDLES.name,
    signature: { width: 300, height: 120, strokes: [[10, 10, 40, 60, 80, 20]] },
    photos: [{ data: ONE_PIXEL_PNG }],
  });
  // The recipient rates the delivery with a comment of their own (0083).
  await command('UPDATE_CUSTOMER', { id: customerId, npsFromDate: '2020-01-01' });
  const rated = await fetch(`${sys.url}/openapi/command/RECIPIENT_RATE_DELIVERY`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'RECIPIENT_RATE_DELIVERY',
      payload: { trackingId: booked.order.trackingId, score: 10, comment: NEEDLES.npsComment },
    }),
  });
  if (rated.status !== 200) throw new Error(`RECIPIENT_RATE_DELIVERY: ${rated.status}`);
  await command('REJECT_ORDERS', {
    orderIds: [rejected],
    reason: 'OTHER',
    otherReason: 'the recipient moved away',
  });
  await command('MANUAL_DEVIATE', {
    consignmentIds: [deviated],
    reason: 'DAMAGED',
    comment: 'box crushed',
  });
  await day.report(59.91, 10.75);
  await waitForRun(sys, await startRun(sys, 'CREATE_SUGGESTED_ROUTE', { slot: day.driven }), [
    'COMPLETED',
    'FAILED',
  ]);
  await sys.settled();
  return { day, orderId, otherId, bookOne, order };
}

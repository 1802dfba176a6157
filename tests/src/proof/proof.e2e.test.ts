import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MAX_PHOTO_BYTES, MAX_SIGNATURE_POINTS, proofKeyPrefix } from '@nordlog/contracts';
import { randomUUID } from 'node:crypto';
import { configureNumberSeries } from '../support/booking.js';
import { ONE_PIXEL_PNG } from '../support/commandBases.js';
import { createCourier, createSlot } from '../support/planning.js';
import { bookProofOrder, PROOF_DATE as DATE } from '../support/proofDay.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';

const signature = {
  width: 300,
  height: 120,
  strokes: [
    [10, 10, 40, 60, 80, 20],
    [150, 50],
  ],
};
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);

interface Proof {
  recipientName: string | null;
  signature: { key: string; contentType: string; size: number } | null;
  photos: { key: string; contentType: string; size: number }[];
  courierId: string | null;
}

/**
 * Proof of delivery (issue 42 part 3, docs/decisions/0068-proof-of-delivery.md): the courier's
 * RECORD_DELIVERY_PROOF through the gateway, the images behind the order's row access, the
 * tracking page's mark, bad input refused whole, resends recorded once, erasure deleting images.
 */
describe('proof of delivery: RECORD_DELIVERY_PROOF', () => {
  let sys: TestSystem;
  let oslo: string;
  let bergen: string;
  let customer: string;
  let otherCustomer: string;

  const order = () => bookProofOrder(sys, oslo, customer);
  /** A started slot of a new courier with these orders on it, collected; the courier's client. */
  const route = async (orderIds: string[]) => {
    const courier = await createCourier(sys, [oslo]);
    const slotId = await createSlot(sys, oslo, DATE, { courierId: courier.id });
    const planned = await sys.command('UPDATE_CONSIGNMENT_SLOT', {
      consignmentIds: orderIds,
      slotId,
    });
    expect(planned.status).toBe(200);
    const started = await sys.command('CHANGE_SLOT_STATE', { slotId, transition: 'start' });
    expect(started.status).toBe(200);
    await sys.settled();
    const session = sys.as(await sys.signIn(courier.phoneNumber));
    const collected = await session.command('MANUAL_COLLECT', { consignmentIds: orderIds });
    expect(collected.status).toBe(200);
    return { courier, session };
  };
  const row = async (id: string) => {
    await sys.settled();
    return (await sys.query('orders', { ids: [id] })).body[0] as { state: string; proof?: Proof };
  };
  const proofEvents = async (id: string) =>
    Number(
      (
        await sys.db
          .knex('es_events')
          .where({ stream_id: `order-${id}`, type: 'DeliveryProofRecorded' })
          .count<{ n: string }[]>('* as n')
      )[0]!.n,
    );
  const storedImages = async (id: string) =>
    Number(
      (
        await sys.db
          .knex('blob_objects')
          .whereLike('key', `${proofKeyPrefix(id)}%`)
          .count<{ n: string }[]>('* as n')
      )[0]!.n,
    );
  /** GET an image as a client (its cookie), the bytes and type. */
  const image = async (client: { cookie: string } | null, key: string) => {
    const path = `/api/${key}`;
    const res = await fetch(`${sys.url}${path}`, {
      headers: client ? { cookie: client.cookie } : {},
    });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      bytes: Buffer.from(await res.arrayBuffer()),
    };
  };
  const login = async (role: string, extra: Record<string, unknown>) =>
    sys.login({ phoneNumber: freshPhone(), role, ...extra });

  beforeAll(async () => {
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    const dep = async (name: string) =>
      (await sys.command('CREATE_DEPARTMENT', { name, departmentType: 'courier', country: 'NO' }))
        .body.ids[0] as string;
    oslo = await dep('Oslo');
    bergen = await dep('Bergen');
    const cust = async (name: string) =>
      (await sys.command('CREATE_CUSTOMER', { name, departmentId: oslo })).body.ids[0] as string;
    customer = await cust('Apotek');
    otherCustomer = await cust('Bakeri');
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('the courier delivers with a name, a signature and a photo; the planner and the customer see them, the tracking page only that it was signed', async () => {
    const id = await order();
    const { courier, session } = await route([id]);
    const res = await session.command('RECORD_DELIVERY_PROOF', {
      orderId: id,
      recipientName: 'Kari Nordmann',
      signature,
      photos: [{ data: ONE_PIXEL_PNG }, { data: jpeg.toString('base64') }],
    });
    expect(res.status).toBe(200);
    const after = await row(id);
    expect(after.state).toBe('DELIVERED');
    const proof = after.proof!;
    expect(proof.recipientName).toBe('Kari Nordmann');
    expect(proof.courierId).toBe(courier.id);
    expect(proof.signature).toMatchObject({ contentType: 'image/svg+xml' });
    expect(proof.photos.map((p) => [p.contentType, p.size])).toEqual([
      ['image/png', Buffer.from(ONE_PIXEL_PNG, 'base64').length],
      ['image/jpeg', jpeg.length],
    ]);
    // The event holds references, not bytes.
    const [stored] = await sys.db
      .knex('es_events')
      .where({ stream_id: `order-${id}`, type: 'DeliveryProofRecorded' })
      .select<{ data: unknown }[]>('data');
    expect(JSON.stringify(stored!.data)).not.toContain(ONE_PIXEL_PNG.slice(0, 20));

    // The planner (the admin here) gets the images as stored.
    const planner = sys.admin;
    const svg = await image(planner, proof.signature!.key);
    expect(svg.status).toBe(200);
    expect(svg.type).toBe('image/svg+xml');
    expect(svg.bytes.toString('utf8')).toContain('<path d="M10 10L40 60L80 20"/>');
    const photo = await image(planner, proof.photos[0]!.key);
    expect(photo).toMatchObject({ status: 200, type: 'image/png' });
    expect(photo.bytes.equals(Buffer.from(ONE_PIXEL_PNG, 'base64'))).toBe(true);

    // The customer's users see them as they see the order; another customer's, a planner of
    // another department and no session do not.
    const own = await login('CUSTOMER', { customerId: customer, departmentIds: [oslo] });
    expect((await image(own, proof.photos[1]!.key)).status).toBe(200);
    const other = await login('CUSTOMER', { customerId: otherCustomer, departmentIds: [oslo] });
    expect((await image(other, proof.photos[1]!.key)).status).toBe(404);
    const away = await login('PLANNER', {
      departmentIds: [bergen],
      access: ['PLANNER_SHIPMENTS'],
    });
    expect((await image(away, proof.photos[1]!.key)).status).toBe(404);
    expect((await image(null, proof.photos[1]!.key)).status).toBe(401);
    // This order's image asked under another order (one the caller reads) is not found.
    const another = await order();
    await sys.settled();
    const elsewhere = proof.photos[0]!.key.replace(proofKeyPrefix(id), proofKeyPrefix(another));
    expect((await image(planner, elsewhere)).status).toBe(404);

    // The tracking page: signed for, nothing of the name or the images.
    const { body } = await sys.query('orders', { ids: [id] });
    const trackingId = body[0].order.trackingId as string;
    const tracked = await fetch(`${sys.url}/openapi/query/getShipmentDetailsFromTracking`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'getShipmentDetailsFromTracking', params: { id: trackingId } }),
    });
    const text = await tracked.text();
    expect(tracked.status).toBe(200);
    expect(JSON.parse(text).proof).toBe('signed');
    expect(text).not.toContain('Nordmann');
    expect(text).not.toContain('delivery-proof');
  });

  it('a resend, with the same command id or a new one, is recorded once', async () => {
    const id = await order();
    const { session } = await route([id]);
    const payload = { orderId: id, recipientName: 'Ola', signature };
    const commandId = randomUUID();
    const send = (cid: string) =>
      session.post('/api/command/RECORD_DELIVERY_PROOF', {
        type: 'RECORD_DELIVERY_PROOF',
        commandId: cid,
        payload,
      });
    const first = await send(commandId);
    expect(first.status).toBe(200);
    expect(await send(commandId)).toEqual(first);
    // An offline queue sent again with new ids: the same proof, nothing new.
    const again = await send(randomUUID());
    expect(again.status).toBe(200);
    expect(again.body.events).toEqual([]);
    await sys.settled();
    expect(await proofEvents(id)).toBe(1);
    expect(await storedImages(id)).toBe(1);
  });

  it('bad input gets a clear 4xx and records nothing: not an image, over the limit, four photos, too many points, 10 MB of points', async () => {
    const id = await order();
    const { session } = await route([id]);
    const base = { orderId: id, recipientName: 'Kari', signature };
    const refused = async (payload: unknown, status: number, errorType: string, text: string) => {
      const res = await session.command('RECORD_DELIVERY_PROOF', payload);
      expect(res.status).toBe(status);
      expect(res.body[0]).toMatchObject({ errorType });
      expect(res.body[0].description).toContain(text);
    };
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n').toString('base64');
    await refused(
      { ...base, photos: [{ data: pdf }] },
      400,
      'VALIDATION_ERROR',
      'a photo must be a JPEG, PNG or WebP image',
    );
    const big = Buffer.concat([jpeg, Buffer.alloc(MAX_PHOTO_BYTES)]).toString('base64');
    await refused(
      { ...base, photos: [{ data: big }] },
      400,
      'VALIDATION_ERROR',
      'a photo is at most 600 KB',
    );
    const photo = { data: ONE_PIXEL_PNG };
    await refused(
      { ...base, photos: [photo, photo, photo, photo] },
      400,
      'VALIDATION_ERROR',
      'at most 3 photos',
    );
    const points = (n: number) => Array.from({ length: n }, (_, i) => [i % 300, i % 120]).flat();
    await refused(
      { ...base, signature: { ...signature, strokes: [points(MAX_SIGNATURE_POINTS + 1)] } },
      400,
      'VALIDATION_ERROR',
      `a signature has at most ${MAX_SIGNATURE_POINTS} points`,
    );
    // 10 MB of points: the body is refused before it is read whole.
    await refused(
      { ...base, signature: { ...signature, strokes: [points(1_500_000)] } },
      413,
      'PAYLOAD_TOO_LARGE',
      'too large',
    );
    await refused(
      { orderId: id, recipientName: 'Kari' },
      400,
      'VALIDATION_ERROR',
      'a signature or a photo is required',
    );
    await sys.settled();
    expect((await row(id)).state).toBe('COLLECTED');
    expect(await proofEvents(id)).toBe(0);
    expect(await storedImages(id)).toBe(0);
  });

  it("a proof of an order that is not on the courier's running slot is refused, and nothing is stored", async () => {
    const mine = await order();
    const theirs = await order();
    const { session } = await route([mine]);
    await route([theirs]);
    const res = await session.command('RECORD_DELIVERY_PROOF', {
      orderId: theirs,
      photos: [{ data: ONE_PIXEL_PNG }],
    });
    expect(res.status).toBe(403);
    expect(res.body[0]).toMatchObject({ errorType: 'NO_ACCESS' });
    expect(await storedImages(theirs)).toBe(0);
    expect(await proofEvents(theirs)).toBe(0);
  });

  it("erasing the order's personal data deletes its images; the proof reads as erased", async () => {
    const id = await order();
    const { session } = await route([id]);
    const sent = await session.command('RECORD_DELIVERY_PROOF', {
      orderId: id,
      recipientName: 'Kari Nordmann',
      signature,
      photos: [{ data: ONE_PIXEL_PNG }],
    });
    expect(sent.status).toBe(200);
    const before = (await row(id)).proof!;
    expect(await storedImages(id)).toBe(2);
    expect((await sys.command('ERASE_PERSONAL_DATA', { orderIds: [id] })).status).toBe(200);
    const after = (await row(id)).proof!;
    expect(await storedImages(id)).toBe(0);
    expect((await image(sys.admin, before.photos[0]!.key)).status).toBe(404);
    expect(after.recipientName).toBe('[erased]');
    expect(after.signature?.key).toBe('');
    expect(after.photos.map((p) => p.key)).toEqual(['']);
    // A proof sent after the erasure is refused: the data cannot be set again.
    const late = await sys.command('RECORD_DELIVERY_PROOF', {
      orderId: id,
      photos: [{ data: ONE_PIXEL_PNG }],
    });
    expect(late.status).toBe(409);
    expect(late.body[0]).toMatchObject({ errorType: 'PERSONAL_DATA_ERASED' });
    expect(await storedImages(id)).toBe(0);
  });
});

import { expect } from '@jest/globals';
import { proofKeyPrefix } from '@nordlog/contracts';
import { createHash } from 'node:crypto';
import { bookingDate, configureNumberSeries, osloAddress } from './booking.js';
import { ONE_PIXEL_PNG } from './commandBases.js';
import { createCourier, createSlot } from './planning.js';
import type { TestSystem } from './system.js';

/**
 * What the proof-image tests share (the sweep of 0095 on either store, 0103): an order booked for
 * a delivery, and its proof recorded by a courier as the courier's page records it.
 */
export const PROOF_DATE = bookingDate(2);
export const proofSignature = { width: 300, height: 120, strokes: [[10, 10, 40, 60, 80, 20]] };
/** The grace of the test system (PROOF_SWEEP_GRACE_SECONDS, its default). */
export const SWEEP_GRACE_MS = 3_600_000;
/** A JPEG's first bytes and some content: an image no proof was appended with. */
export const strayImage = (n: number) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, n)]);
/** The key an image of the order is stored under (content-addressed). */
export const proofKeyOf = (orderId: string, bytes: Buffer) =>
  `${proofKeyPrefix(orderId)}${createHash('sha256').update(bytes).digest('hex')}`;

/** An order of the department and customer for delivery on PROOF_DATE: its id. */
export async function bookProofOrder(
  sys: TestSystem,
  departmentId: string,
  customerId: string,
): Promise<string> {
  const res = await sys.command('CREATE_ORDER', {
    departmentId,
    customerId,
    pickupDate: PROOF_DATE,
    pickup: osloAddress,
    delivery: { ...osloAddress, name: 'Kari', address: 'Bogstadveien 1', lat: 59.93, lng: 10.72 },
    measurements: [{ weight: 10, quantity: 1 }],
  });
  expect(res.status).toBe(200);
  return res.body.ids[0] as string;
}

/** The order on a started slot of a new courier, collected, and a proof recorded by them. */
export async function proveDelivery(sys: TestSystem, departmentId: string, id: string) {
  const courier = await createCourier(sys, [departmentId]);
  const slotId = await createSlot(sys, departmentId, PROOF_DATE, { courierId: courier.id });
  expect(
    (await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [id], slotId })).status,
  ).toBe(200);
  expect((await sys.command('CHANGE_SLOT_STATE', { slotId, transition: 'start' })).status).toBe(
    200,
  );
  await sys.settled();
  const session = sys.as(await sys.signIn(courier.phoneNumber));
  expect((await session.command('MANUAL_COLLECT', { consignmentIds: [id] })).status).toBe(200);
  const res = await session.command('RECORD_DELIVERY_PROOF', {
    orderId: id,
    recipientName: 'Kari Nordmann',
    signature: proofSignature,
    photos: [{ data: ONE_PIXEL_PNG }],
  });
  expect(res.status).toBe(200);
}

/** A fresh system's number series, an Oslo department and a customer of it. */
export async function proofWorld(sys: TestSystem): Promise<{ oslo: string; customer: string }> {
  await configureNumberSeries(sys);
  const department = await sys.command('CREATE_DEPARTMENT', {
    name: 'Oslo',
    departmentType: 'courier',
    country: 'NO',
  });
  const oslo = department.body.ids[0] as string;
  const customer = await sys.command('CREATE_CUSTOMER', { name: 'Apotek', departmentId: oslo });
  return { oslo, customer: customer.body.ids[0] as string };
}

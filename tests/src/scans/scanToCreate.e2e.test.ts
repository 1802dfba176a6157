import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { gs1CheckDigit } from '@nordlog/contracts';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { createCourier, createDepartment, createSlot } from '../support/planning.js';
import { startTestSystem, type TestSystem } from '../support/system.js';

const DATE = bookingDate(2);
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 8, minute)).toISOString();
/** A label the shipper printed itself: an SSCC of its own company prefix. */
const ownLabel = (serial: number) => {
  const body = `3735000${String(serial).padStart(10, '0')}`;
  return body + String(gs1CheckDigit(body));
};

/**
 * Scan-to-create packages (issue 43 §2, docs/decisions/0071 addendum): a customer's setting that
 * turns a label of its own, scanned at one of its stops, into one more package of that order.
 */
describe('scans: scan-to-create packages', () => {
  let sys: TestSystem;
  let oslo: string;

  const customer = async (name: string, scanToCreatePackages: boolean) => {
    const res = await sys.command('CREATE_CUSTOMER', { name, departmentId: oslo });
    const id = res.body.ids[0] as string;
    if (scanToCreatePackages)
      expect(
        (await sys.command('UPDATE_CUSTOMER', { id, scanToCreatePackages: true })).status,
      ).toBe(200);
    return id;
  };
  const order = async (customerId: string) => {
    const res = await sys.command('CREATE_ORDER', {
      departmentId: oslo,
      customerId,
      pickupDate: DATE,
      pickup: osloAddress,
      delivery: { ...osloAddress, name: 'Kari', address: 'Bogstadveien 1', lat: 59.93, lng: 10.72 },
      measurements: [{ weight: 4, length: 30, width: 20, height: 10, quantity: 1 }],
    });
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };
  const lines = async (id: string) => {
    await sys.settled();
    const [row] = (await sys.query('orders', { ids: [id] })).body;
    return row.order.measurements as { quantity: number; weight: number; packageIds: string[] }[];
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    oslo = await createDepartment(sys, 'Oslo', null);
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('a label of its own scanned at the stop of a customer with the setting is one more package; elsewhere it is not on the route', async () => {
    const growing = await order(await customer('Nettbutikk', true));
    const plain = await order(await customer('Apotek', false));
    const courier = await createCourier(sys, [oslo]);
    const slotId = await createSlot(sys, oslo, DATE, { courierId: courier.id });
    expect(
      (
        await sys.command('UPDATE_CONSIGNMENT_SLOT', {
          consignmentIds: [growing, plain],
          slotId,
        })
      ).status,
    ).toBe(200);
    expect((await sys.command('CHANGE_SLOT_STATE', { slotId, transition: 'start' })).status).toBe(
      200,
    );
    const phone = sys.as(await sys.signIn(courier.phoneNumber));
    const [booked] = await lines(growing);
    const send = (code: string, kind: string, minute: number, consignmentId?: string) =>
      phone.command('ADD_SCANNED_EVENTS', {
        slotId,
        scans: [{ code, kind, scannedAt: at(minute), ...(consignmentId ? { consignmentId } : {}) }],
      });

    // At the stop of the customer with the setting: added, and picked up by the same scan.
    expect((await send(ownLabel(1), 'PICKED_UP', 1, growing)).status).toBe(200);
    // The same label scanned without a stop, and at the other customer's stop: not created.
    expect((await send(ownLabel(2), 'PICKED_UP', 2)).status).toBe(200);
    expect((await send(ownLabel(3), 'PICKED_UP', 3, plain)).status).toBe(200);
    expect(await lines(growing)).toEqual([
      booked,
      { ...booked, quantity: 1, packageId: ownLabel(1), packageIds: [ownLabel(1)] },
    ]);
    expect((await lines(plain)).flatMap((l) => l.packageIds)).toHaveLength(1);
    const recorded = (await phone.query('slotScans', { slotId })).body[0].scans as {
      code: string;
      warning: string | null;
      created?: string;
    }[];
    expect(recorded.map((s) => [s.code, s.warning, s.created ?? null])).toEqual([
      [ownLabel(1), null, ownLabel(1)],
      [ownLabel(2), 'notOnRoute', null],
      [ownLabel(3), 'notOnRoute', null],
    ]);

    // The created package counts: the consignment is collected when the booked one is too.
    expect((await send(booked!.packageIds[0]!, 'PICKED_UP', 4)).status).toBe(200);
    await sys.settled();
    expect((await sys.query('consignments', { ids: [growing] })).body[0].state).toBe('COLLECTED');
    // A second scan of the created label is that package's, not another new one.
    expect((await send(ownLabel(1), 'DELIVERED', 5, growing)).status).toBe(200);
    expect((await lines(growing)).flatMap((l) => l.packageIds)).toEqual([
      booked!.packageIds[0],
      ownLabel(1),
    ]);
  }, 90_000);
});

import { describe, expect, it } from '@jest/globals';
import type { BookedOrder, OrderRow } from '@nordlog/contracts';
import { packagesOf, waybillOf } from './documents.js';
import { consignmentsInRouteOrder } from './query.js';

const block = (name: string) => ({
  name,
  address: 'Storgata 1',
  zipCode: '0155',
  zipArea: 'Oslo',
  countryCode: 'NO' as const,
  phone: '+4791234567',
  instructions: 'Ring the bell',
});

const order = {
  orderId: '7',
  shipmentId: '70900010000000017',
  departmentId: '1',
  customerId: '2',
  pickupDate: '2026-01-15',
  pickup: block('Sender AS'),
  delivery: block('Kari Nordmann'),
  type: 'Delivery',
  serviceId: 'HD',
  measurements: [
    {
      weight: 2,
      quantity: 2,
      length: 10,
      width: 20,
      height: 30,
      packageIds: ['370900010000000017', '370900010000000024'],
    },
    { weight: 500, weightUnit: 'GRM', quantity: 1, length: 0, width: 0, height: 0, volume: 3 },
  ],
  additionalServices: [{ vasCode: 'SMS', quantity: 1, pureVas: false }],
  adrGoods: [],
} as unknown as BookedOrder;

describe('waybills and delivery notes', () => {
  it('one package per quantity, each with its SSCC (null where none), in kilograms and dm³', () => {
    expect(packagesOf(order.measurements)).toEqual([
      { packageId: '370900010000000017', weightKg: 2, volumeDm3: 6, description: '' },
      { packageId: '370900010000000024', weightKg: 2, volumeDm3: 6, description: '' },
      { packageId: null, weightKg: 0.5, volumeDm3: 3, description: '' },
    ]);
  });

  it('a waybill names sender, recipient, service, dates and totals', () => {
    const row = {
      id: '7',
      orderId: '7',
      shipmentId: order.shipmentId,
      departmentId: '1',
      customerId: '2',
      state: 'ASSIGNED',
      order,
      slotId: '3',
      createdAt: '2026-01-14T10:00:00.000Z',
    } as unknown as OrderRow;
    const waybill = waybillOf(row, { department: 'Oslo', customer: 'Apotek 1' });
    expect(waybill).toMatchObject({
      id: '7',
      shipmentId: '70900010000000017',
      departmentName: 'Oslo',
      customerName: 'Apotek 1',
      sender: { name: 'Sender AS', phone: '+4791234567' },
      recipient: { name: 'Kari Nordmann', instructions: 'Ring the bell' },
      serviceId: 'HD',
      deliveryDate: '2026-01-15',
      totals: { count: 3, weightKg: 4.5, volumeDm3: 15 },
      additionalServices: [{ vasCode: 'SMS', quantity: 1 }],
      dangerousGoods: false,
      slotId: '3',
    });
  });

  it('a slot lists each consignment once, at its delivery (its pickup when it has none)', () => {
    expect(
      consignmentsInRouteOrder({
        stops: [
          { kind: 'pickup', consignmentId: 'a' },
          { kind: 'delivery', consignmentId: 'b' },
          { kind: 'rest_break' },
          { kind: 'delivery', consignmentId: 'a' },
          { kind: 'pickup', consignmentId: 'c' },
        ],
      }),
    ).toEqual([
      { consignmentId: 'b', stopNumber: 2 },
      { consignmentId: 'a', stopNumber: 4 },
      { consignmentId: 'c', stopNumber: 5 },
    ]);
  });
});

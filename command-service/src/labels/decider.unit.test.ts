import { describe, expect, it } from '@jest/globals';
import type { BookedOrder, LabelEvent, OrderLabel } from '@nordlog/contracts';
import { deliveryStopNumber, labelRefusal } from '@nordlog/contracts';
import { given } from '../framework/testing.js';
import { labelDecider } from './decider.js';
import { labelPages, labelSender } from './pages.js';

const block = (name: string) => ({
  name,
  address: 'Storgata 1',
  zipCode: '0155',
  zipArea: 'Oslo',
  countryCode: 'NO' as const,
});

const order = {
  orderId: '7',
  departmentId: '1',
  customerId: '2',
  shipmentId: '70900010000000015',
  pickupDate: '2026-11-24',
  customerRef: 'REF-1',
  pickup: block('Apotek'),
  delivery: block('Kari Nordmann'),
  measurements: [
    { weight: 2, quantity: 2, packageIds: ['370900010000000017', '370900010000000024'] },
    { weight: 500, weightUnit: 'GRM', quantity: 1, packageIds: ['370900010000000031'] },
  ],
} as unknown as BookedOrder;

const label: OrderLabel = {
  id: '5',
  orderIds: ['7'],
  shipmentIds: ['70900010000000015'],
  departmentIds: ['1'],
  customerId: '2',
  createdBy: '3',
  createdAt: '2026-11-22T08:00:00.000Z',
  url: 'labels/5',
  pages: [],
};
const created: LabelEvent = { type: 'LabelCreated', data: label };

describe('label documents', () => {
  it('records a new document', () => {
    given(labelDecider).when({ type: 'CREATE', label }).then([created]);
  });

  it('refuses to create the same document twice (a reprint is a new document)', () => {
    given(labelDecider, [created]).when({ type: 'CREATE', label }).thenRefuses('ALREADY_EXISTS');
  });

  it('the sender is the customer: its name and address, else its name at the pickup address (issue 36)', () => {
    const address = {
      street: 'Karl Johans gate 5',
      postalCode: '0154',
      town: 'Oslo',
      country: 'NO' as const,
    };
    const pages = labelPages(
      order,
      { id: '4', name: 'Oslo Courier' },
      { name: 'Apotek 1', address },
    );
    expect(pages.map((p) => p.sender)).toEqual(
      Array(3).fill({
        name: 'Apotek 1',
        address: 'Karl Johans gate 5',
        zipCode: '0154',
        zipArea: 'Oslo',
        countryCode: 'NO',
      }),
    );
    expect(labelSender(order, { name: 'Apotek 1', address: null })).toEqual(block('Apotek 1'));
    expect(pages[0]!.sender.name).not.toBe('Oslo Courier');
  });

  it('a planned label names its route and the delivery stop number, breaks and other orders counted as on the route', () => {
    const stops = [
      { kind: 'pickup', consignmentId: '5' },
      { kind: 'REST_BREAK' },
      { kind: 'pickup', consignmentId: '7' },
      { kind: 'delivery', consignmentId: '5' },
      { kind: 'delivery', consignmentId: '7' },
    ];
    expect(deliveryStopNumber(stops, '7')).toBe(4);
    expect(deliveryStopNumber(stops, '9')).toBeNull();
    const pages = labelPages(order, { id: '4', name: 'Oslo' }, null, {
      name: 'Morning 1',
      stop: 4,
    });
    expect(pages.map((p) => p.route)).toEqual(Array(3).fill({ name: 'Morning 1', stop: 4 }));
    expect(labelPages(order, { id: '4', name: 'Oslo' })[0]!.route).toBeNull();
  });

  it('one page per package, n of m, weights in kilograms, the current department', () => {
    const pages = labelPages(order, { id: '4', name: 'Oslo' });
    expect(pages.map((p) => [p.packageId, p.packageNumber, p.packageCount, p.weightKg])).toEqual([
      ['370900010000000017', 1, 3, 2],
      ['370900010000000024', 2, 3, 2],
      ['370900010000000031', 3, 3, 0.5],
    ]);
    expect(pages[0]).toEqual(
      expect.objectContaining({
        shipmentId: '70900010000000015',
        date: '2026-11-24',
        departmentId: '4',
        departmentName: 'Oslo',
        customerRef: 'REF-1',
        sender: block('Apotek'),
        receiver: block('Kari Nordmann'),
      }),
    );
  });

  it('no labels for an unconfirmed, rejected or deleted order, or one without ids', () => {
    expect(labelRefusal('RESOLVED', order)).toBeNull();
    expect(labelRefusal('DELIVERED', order)).toBeNull();
    expect(labelRefusal('UNCONFIRMED', order)).toMatch(/not confirmed/);
    expect(labelRefusal('REJECTED', order)).toMatch(/rejected/);
    expect(labelRefusal('DELETED', order)).toMatch(/deleted/);
    expect(labelRefusal('CREATED', { ...order, shipmentId: undefined })).toMatch(/shipment id/);
    expect(
      labelRefusal('CREATED', { ...order, measurements: [{ quantity: 2, packageIds: ['1'] }] }),
    ).toMatch(/package id/);
  });
});

import { describe, expect, it } from '@jest/globals';
import { amountsOf, type RecordedEvent } from '@nordlog/contracts';
import { foldInvoicing, type InvoicingOrder } from './invoicingFold.js';

let revision = 0;
const on = (type: string, data: unknown): RecordedEvent =>
  ({
    type,
    data,
    streamId: 'order-9',
    streamRevision: revision++,
    metadata: { occurredAt: '2026-11-24T09:00:00.000Z' },
  }) as unknown as RecordedEvent;
const order = {
  orderId: '9',
  departmentId: '1',
  customerId: '7',
  pickupDate: '2026-11-24',
  pickup: { countryCode: 'NO', address: 'Storgata 1', zipCode: '0155' },
  delivery: { countryCode: 'NO', address: 'Bogstadveien 3', zipCode: '0355' },
  measurements: [],
};
const price = { currency: 'SEK', customerNet: 10_000, vat: 2_500, customerGross: 12_500 };

describe('the invoicing report’s fold (0096)', () => {
  it('an order counts to invoice once delivered, invoiced at its price once invoiced, out once credited back', () => {
    const orders = new Map<string, InvoicingOrder>();
    const created = foldInvoicing(orders, [
      on('OrderCreated', { order, state: 'CREATED' }),
      on('ConsignmentAssignedToSlot', { slotId: '3', previousSlotId: null, state: 'ASSIGNED' }),
    ]);
    // Neither delivered nor invoiced: no cell is written.
    expect(created.deltas.cells.size).toBe(0);
    const done = foldInvoicing(orders, [
      on('ConsignmentDelivered', { manual: true, comment: null, state: 'DELIVERED' }),
    ]);
    expect([...done.deltas.cells.values()].map((c) => c.counts)).toEqual([
      { invoiced: 0, unpriced: 0, toInvoice: 1, amounts: {} },
    ]);
    const invoiced = foldInvoicing(orders, [
      on('OrderInvoiced', {
        runId: '1',
        invoiceId: '2',
        invoiceNumber: '3',
        price,
        held: 'INVOICED_OK',
      }),
    ]);
    expect([...invoiced.deltas.cells.values()].map((c) => c.counts)).toEqual([
      {
        invoiced: 1,
        unpriced: 0,
        toInvoice: -1,
        amounts: {
          'SEK:orders': 1,
          'SEK:net': 10_000,
          'SEK:vat': 2_500,
          'SEK:gross': 12_500,
          'SEK:stops': 2,
        },
      },
    ]);
    // Applied again: nothing.
    revision -= 1;
    expect(
      foldInvoicing(orders, [on('OrderInvoicingStatusSet', { held: null })]).changed.size,
    ).toBe(0);
    // Failed at the accounting system: no longer invoiced (spec §4), to invoice again.
    const failed = foldInvoicing(orders, [
      on('OrderInvoicingStatusSet', { action: 'fail', held: 'INVOICING_FAILED', reason: null }),
    ]);
    expect([...failed.deltas.cells.values()][0]!.counts).toMatchObject({
      invoiced: -1,
      toInvoice: 1,
    });
  });

  it('amounts are added per currency, never across', () => {
    expect(
      amountsOf([
        { 'NOK:orders': 1, 'NOK:net': 100, 'NOK:vat': 25, 'NOK:gross': 125, 'NOK:stops': 2 },
        { 'SEK:orders': 2, 'SEK:net': 300, 'SEK:vat': 75, 'SEK:gross': 375, 'SEK:stops': 0 },
        { 'NOK:orders': 1, 'NOK:net': 201, 'NOK:vat': 50, 'NOK:gross': 251, 'NOK:stops': 1 },
      ]),
    ).toEqual([
      { currency: 'NOK', orders: 2, net: 301, vat: 75, gross: 376, stops: 3, costPerStop: 100 },
      { currency: 'SEK', orders: 2, net: 300, vat: 75, gross: 375, stops: 0, costPerStop: null },
    ]);
  });
});

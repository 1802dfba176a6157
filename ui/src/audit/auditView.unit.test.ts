import { describe, expect, it } from '@jest/globals';
import type { OrderRow } from '@nordlog/contracts';
import {
  changeText,
  isShipmentKey,
  orderFacts,
  referenceNamer,
  shownChanges,
  valueText,
} from './auditView';

describe('the audit replay screen: how changes and the order as of a moment read', () => {
  it('accepts digits only in the search field (shipment id, SSCC or order id)', () => {
    expect(isShipmentKey(' 70900010000000017 ')).toBe(true);
    expect(isShipmentKey('370900010000000011')).toBe(true);
    expect(isShipmentKey('12a')).toBe(false);
    expect(isShipmentKey('')).toBe(false);
    expect(isShipmentKey('1'.repeat(19))).toBe(false);
  });

  it('writes a change as path: before → after, ∅ for a side that did not exist', () => {
    expect(
      changeText({ path: ['order', 'delivery', 'phone'], before: '+47911', after: '+47922' }),
    ).toBe('order.delivery.phone: +47911 → +47922');
    expect(changeText({ path: ['slotId'], before: null, after: '9' })).toBe('slotId: ∅ → 9');
    expect(changeText({ path: ['order', 'orderNote'], after: 'ring' })).toBe(
      'order.orderNote: ∅ → ring',
    );
    expect(changeText({ path: ['order', 'measurements', 1], before: { weight: 2 } })).toBe(
      'order.measurements.1: weight: 2 → ∅',
    );
    expect(valueText('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('shows the booking as created, other events field by field with the rest counted', () => {
    expect(shownChanges({ changes: [{ path: [], before: null, after: {} }] })).toEqual({
      lines: [],
      more: 0,
      created: true,
    });
    const many = Array.from({ length: 8 }, (_, i) => ({
      path: [`f${i}`],
      before: i,
      after: i + 1,
    }));
    const shown = shownChanges({ changes: many }, 6);
    expect(shown.lines).toHaveLength(6);
    expect(shown.more).toBe(2);
    expect(shown.created).toBe(false);
  });

  it('lists the order facts of the panel from the rebuilt row', () => {
    const row = {
      state: 'ASSIGNED',
      shipmentId: '70900010000000017',
      departmentId: '1',
      slotId: '4',
      rejectionReason: null,
      order: {
        pickupDate: '2030-01-02',
        pickup: { name: 'A', address: 'Storgata 1', zipCode: '0155', zipArea: 'Oslo' },
        delivery: {
          name: 'Kari',
          address: 'Bogstadveien 10',
          zipCode: '0355',
          zipArea: 'Oslo',
          phone: '+4791111111',
        },
        orderNote: 'ring',
        measurements: [{ quantity: 2 }, { quantity: 1 }],
      },
    } as unknown as OrderRow;
    expect(orderFacts(row)).toEqual({
      state: 'ASSIGNED',
      shipmentId: '70900010000000017',
      departmentId: '1',
      slotId: '4',
      pickupDate: '2030-01-02',
      pickup: 'A, Storgata 1, 0155 Oslo',
      delivery: 'Kari, Bogstadveien 10, 0355 Oslo',
      deliveryPhone: '+4791111111',
      orderNote: 'ring',
      packages: '3',
      rejectionReason: '',
      invoicing: '',
      measured: '',
      priceCorrections: '',
      invoice: '',
    });
  });

  it('shows the order’s invoicing as of the moment: its hold, what a correction measured, prices set by hand, its invoice', () => {
    const measured = {
      numberOfPackages: 2,
      volumeDmq: 40,
      weightKilograms: 12.5,
      pickupWaitingTimeInMinutes: 10,
      deliveryWaitingTimeInMinutes: 5,
      pickupLoadingTimeInMinutes: 0,
      deliveryLoadingTimeInMinutes: 0,
    };
    const row = {
      state: 'DELIVERED',
      shipmentId: null,
      departmentId: '1',
      slotId: null,
      rejectionReason: null,
      order: {
        pickupDate: '2030-01-02',
        pickup: {},
        delivery: {},
        measurements: [],
        correctedArticlePrices: [
          { articleCode: 'FREIGHT', articleLabel: '', customerPrice: 150.5 },
          { articleCode: 'DISCOUNT', articleLabel: '', customerPrice: -20 },
        ],
      },
      invoicing: {
        held: 'INVOICED_OK',
        heldReason: null,
        corrections: [],
        corrected: measured,
        invoiced: { runId: '1', invoiceId: '9', invoiceNumber: '9', at: '', price: null },
      },
    } as unknown as OrderRow;
    expect(orderFacts(row)).toMatchObject({
      invoicing: 'INVOICED_OK',
      measured: '2 pkg · 40 dm³ · 12.5 kg · 15 min',
      priceCorrections: 'FREIGHT 150.5, DISCOUNT -20',
      invoice: '9',
    });
  });
});

describe('readable changes (issue 36)', () => {
  const f = {
    date: (iso: string) => iso.split('-').reverse().join('.'),
    yesNo: (v: boolean) => (v ? 'Ja' : 'Nei'),
    name: (field: string, id: string) => (field === 'departmentId' ? `Dept ${id}` : undefined),
  };
  it('dates in the user format, yes/no, referenced records by name, records as key: value, never JSON', () => {
    expect(
      changeText({ path: ['order', 'pickupDate'], before: '2026-12-01', after: '2026-12-02' }, f),
    ).toBe('order.pickupDate: 01.12.2026 → 02.12.2026');
    expect(changeText({ path: ['departmentId'], before: '1', after: '2' }, f)).toBe(
      'departmentId: Dept 1 → Dept 2',
    );
    expect(changeText({ path: ['invoicing', 'held'], before: false, after: true }, f)).toBe(
      'invoicing.held: Nei → Ja',
    );
    const text = changeText(
      { path: ['order', 'measurements', 0], after: { weight: 2, note: null } },
      f,
    );
    expect(text).toBe('order.measurements.0: ∅ → weight: 2');
    expect(text).not.toMatch(/[{}"]/);
  });
});

describe('records by name from the log’s references (issue 36)', () => {
  const date = (iso: string) => iso.split('-').reverse().join('/');
  const name = referenceNamer(
    [
      { entity: 'departments', id: '1', name: 'Oslo' },
      { entity: 'customers', id: '1', name: 'Apotek 1' },
      { entity: 'slots', id: '1', name: 'Morning 1', date: '2026-12-02' },
    ],
    date,
  );
  const f = { date, yesNo: String, name };
  it('a field names its own entity: the same id reads as a department, a customer or a slot', () => {
    expect(name('departmentId', '1')).toBe('Oslo');
    expect(name('selectedDepartmentId', '1')).toBe('Oslo');
    expect(name('customerId', '1')).toBe('Apotek 1');
    // A slot with its day: slots of different days share names.
    expect(name('slotId', '1')).toBe('Morning 1, 02/12/2026');
  });
  it('an id the log names no record for, or a field that names none, stays as it is', () => {
    expect(name('slotId', '2')).toBeUndefined();
    expect(name('shipmentId', '1')).toBeUndefined();
    expect(changeText({ path: ['slotId'], before: null, after: '2' }, f)).toBe('slotId: ∅ → 2');
    expect(changeText({ path: ['slotId'], before: null, after: '1' }, f)).toBe(
      'slotId: ∅ → Morning 1, 02/12/2026',
    );
  });
  it('the order as of a moment names its department and slot', () => {
    const facts = orderFacts(
      {
        state: 'ASSIGNED',
        shipmentId: null,
        departmentId: '1',
        slotId: '1',
        rejectionReason: null,
        order: {
          pickupDate: '2026-12-02',
          pickup: {},
          delivery: {},
          measurements: [],
        },
      } as unknown as OrderRow,
      f,
    );
    expect([facts.departmentId, facts.slotId]).toEqual(['Oslo', 'Morning 1, 02/12/2026']);
  });
});

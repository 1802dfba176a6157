import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ERASED_TEXT, erasedValue } from './kinds.js';
import { applyPersonal, splitPersonal } from './paths.js';
import { eventPrivacy } from './inventory.js';

const block = (name: string, phone: string) => ({
  name,
  address: 'Storgata 1',
  zipCode: '0155',
  zipArea: 'Oslo',
  countryCode: 'NO',
  phone,
  email: 'kari@example.org',
  lat: 59.91234,
  lng: 10.75678,
});

/** Every string a value holds, at any depth. */
const leaves = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(leaves)
      : [];

describe('personal data split for sealing (docs/decisions/0050)', () => {
  it('takes every personal field of an order out, leaves its erased value, and puts it back', () => {
    const data = {
      order: {
        orderId: '7',
        pickup: block('Sender AS', ''),
        delivery: block('Kari', '+4791111111'),
      },
      state: 'RESOLVED',
    };
    const { stored, patches } = splitPersonal('OrderCreated', 'order-7', data);
    expect([...patches.keys()]).toEqual(['order:7']);
    expect(stored).toMatchObject({
      order: {
        delivery: {
          name: ERASED_TEXT,
          address: ERASED_TEXT,
          zipCode: '0155',
          phone: '',
          email: '',
          lat: 59.91,
          lng: 10.76,
        },
        pickup: { name: ERASED_TEXT, phone: '' },
      },
      state: 'RESOLVED',
    });
    // The input is not changed; the patch restores it exactly.
    expect(data.order.delivery.name).toBe('Kari');
    expect(applyPersonal(stored, [...patches.values()])).toEqual(data);
  });

  it('changes neither its input nor what it opens: both work on deep-frozen data, copying only the paths they touch', () => {
    const freeze = <T>(v: T): T => {
      if (v && typeof v === 'object') {
        for (const x of Object.values(v)) freeze(x);
        Object.freeze(v);
      }
      return v;
    };
    const data = freeze({
      order: {
        orderId: '7',
        measurements: [{ weight: 2, quantity: 1 }],
        pickup: block('Sender AS', ''),
        delivery: block('Kari', '+4791111111'),
      },
      state: 'RESOLVED',
    });
    const { stored, patches } = splitPersonal('OrderCreated', 'order-7', data);
    freeze(stored);
    const opened = applyPersonal(stored, [...patches.values()]) as typeof data;
    expect(opened).toEqual(data);
    // What no path touched is shared, not copied.
    expect(opened.order.measurements).toBe(data.order.measurements);
    expect((stored as typeof data).order.measurements).toBe(data.order.measurements);
  });

  it('gives each page of a label the subject of its own order', () => {
    const page = (orderId: string, name: string) => ({
      orderId,
      sender: { name: 'Sender AS', address: 'Kaia 1' },
      receiver: { name, address: 'Gata 2' },
      departmentName: 'Oslo',
    });
    const data = { id: '1', pages: [page('7', 'Kari'), page('8', 'Ola'), page('7', 'Kari')] };
    const { stored, patches } = splitPersonal('LabelCreated', 'label-1', data);
    expect([...patches.keys()].sort()).toEqual(['order:7', 'order:8']);
    expect(Object.keys(patches.get('order:8')!)).toEqual([
      'pages.1.sender.name',
      'pages.1.sender.address',
      'pages.1.receiver.name',
      'pages.1.receiver.address',
    ]);
    expect((stored as typeof data).pages[1]!.departmentName).toBe('Oslo');
    expect(applyPersonal(stored, [...patches.values()])).toEqual(data);
  });

  it('leaves events without personal data as they are (the same object)', () => {
    const data = { slotId: '3', previousSlotId: null, state: 'ASSIGNED' };
    const split = splitPersonal('ConsignmentAssignedToSlot', 'order-7', data);
    expect(split.stored).toBe(data);
    expect(split.patches.size).toBe(0);
    // Empty values have nothing to seal.
    expect(splitPersonal('ConsignmentDelivered', 'order-7', { comment: null }).patches.size).toBe(
      0,
    );
  });

  it('any order split and put back is the order (property)', () => {
    const text = fc.string({ maxLength: 30 });
    fc.assert(
      fc.property(text, text, fc.double({ min: -90, max: 90, noNaN: true }), (name, note, lat) => {
        const data = {
          order: { orderId: '1', orderNote: note, delivery: { ...block(name, ''), lat } },
        };
        const { stored, patches } = splitPersonal('OrderUpdated', 'order-1', data);
        expect(applyPersonal(stored, [...patches.values()])).toEqual(data);
        // What is stored holds none of the values taken out, but where a field that is not
        // personal happens to hold the same text (the postal area, the country).
        const kept = new Set(['1', '0155', 'Oslo', 'NO', ERASED_TEXT]);
        const storedValues = new Set(leaves(stored));
        for (const value of Object.values(patches.get('order:1') ?? {}))
          if (typeof value === 'string' && !kept.has(value))
            expect(storedValues.has(value)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('every sealed group names the kinds it erases to a value of the same type', () => {
    for (const [type, privacy] of Object.entries(eventPrivacy))
      for (const group of privacy.personal)
        for (const [field, kind] of Object.entries(group.fields)) {
          const sample = kind === 'position' ? 59.123 : 'x y z';
          expect([type, field, typeof erasedValue(kind, sample)]).toEqual([
            type,
            field,
            typeof sample,
          ]);
        }
  });
});

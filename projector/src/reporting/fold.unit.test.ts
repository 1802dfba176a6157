import { describe, expect, it } from '@jest/globals';
import { emptyCounts, type ConsignmentEvent, type RecordedEvent } from '@nordlog/contracts';
import { dueBy, foldReport, type ReportOrder } from './fold.js';

const order = (id: string, extra: Record<string, unknown> = {}) => ({
  orderId: id,
  departmentId: '1',
  customerId: '7',
  pickupDate: '2026-11-24',
  deliveryTimeEarliest: '10:00',
  deliveryTimeLatest: '14:00',
  pickup: { countryCode: 'NO', address: 'Storgata 1', zipCode: '0155' },
  delivery: { countryCode: 'NO', address: 'Bogstadveien 3', zipCode: '0355' },
  measurements: [],
  ...extra,
});

const revisions = new Map<string, number>();
/** One event of order `id`, at the next revision of its stream, at `at`. */
function on(id: string, event: ConsignmentEvent, at = '2026-11-24T09:00:00.000Z'): RecordedEvent {
  const revision = revisions.get(id) ?? 0;
  revisions.set(id, revision + 1);
  return {
    ...event,
    streamId: `order-${id}`,
    streamRevision: revision,
    metadata: { occurredAt: at },
  } as unknown as RecordedEvent;
}
const created = (id: string, extra?: Record<string, unknown>) =>
  on(id, { type: 'OrderCreated', data: { order: order(id, extra) as never, state: 'CREATED' } });
const assigned = (id: string, slotId: string) =>
  on(id, {
    type: 'ConsignmentAssignedToSlot',
    data: { slotId, previousSlotId: null, state: 'ASSIGNED' },
  });
const delivered = (id: string, at: string) =>
  on(
    id,
    { type: 'ConsignmentDelivered', data: { manual: false, comment: null, state: 'DELIVERED' } },
    at,
  );
const deviated = (id: string, reason: string) =>
  on(id, {
    type: 'ConsignmentDeviated',
    data: { manual: false, reason, comment: null, state: 'DEVIATED' },
  });

const cellsOf = (events: RecordedEvent[], batch = events.length) => {
  const orders = new Map<string, ReportOrder>();
  const cells = new Map<string, ReturnType<typeof emptyCounts>>();
  for (let i = 0; i < events.length; i += batch)
    for (const [id, { counts }] of foldReport(orders, events.slice(i, i + batch)).deltas.cells) {
      const sum = cells.get(id) ?? emptyCounts();
      for (const f of Object.keys(counts) as (keyof typeof counts)[])
        if (f !== 'reasons') sum[f] += counts[f];
      for (const [r, n] of Object.entries(counts.reasons))
        sum.reasons[r] = (sum.reasons[r] ?? 0) + n;
      cells.set(id, sum);
    }
  return cells;
};

describe('the reports read model (docs/decisions/0080)', () => {
  it('a window ends after the minute of its latest time, in the delivery country’s time zone', () => {
    // 14:00 in Oslo in November is 13:00 UTC; the window holds 14:00:59.
    expect(dueBy(order('1') as never)).toBe('2026-11-24T13:01:00.000Z');
    // No latest time: the midnight after the day; Helsinki is UTC+2 in November.
    expect(
      dueBy(
        order('1', {
          deliveryTimeLatest: undefined,
          delivery: { countryCode: 'FI' },
        }) as never,
      ),
    ).toBe('2026-11-24T22:00:00.000Z');
    // A window ending before it starts ends the next day (spec §5).
    expect(
      dueBy(order('1', { deliveryTimeEarliest: '22:00', deliveryTimeLatest: '02:00' }) as never),
    ).toBe('2026-11-25T01:01:00.000Z');
  });

  it('moves each order’s count from the cell it was in to the one it is in, on time and late by the window', () => {
    const events = [
      created('1'),
      created('2'),
      created('3', { pickup: { resolvedBy: 'DEPARTMENT_LOCATION', countryCode: 'NO' } }),
      created('4'),
      assigned('1', '9'),
      assigned('2', '9'),
      assigned('3', '9'),
      delivered('1', '2026-11-24T12:30:00.000Z'),
      delivered('2', '2026-11-24T13:05:00.000Z'),
      deviated('3', 'NOT_HOME'),
    ];
    const cells = cellsOf(events);
    expect([...cells.keys()].sort()).toEqual(['1|2026-11-24|9|7', '1|2026-11-24||7']);
    // Each order was booked unplanned first: that cell keeps the one never planned.
    expect(cells.get('1|2026-11-24||7')).toEqual({ ...emptyCounts(), booked: 1 });
    expect(cells.get('1|2026-11-24|9|7')).toEqual({
      ...emptyCounts(),
      booked: 3,
      planned: 3,
      // Two with a pickup stop, one handed in at the department.
      stops: 5,
      delivered: 2,
      onTime: 1,
      late: 1,
      deviated: 1,
      reasons: { NOT_HOME: 1 },
    });
  });

  it('gives the same cells however the events are batched, and an event delivered again changes nothing', () => {
    revisions.clear();
    const events = [
      created('5'),
      assigned('5', '3'),
      deviated('5', 'CLOSED'),
      delivered('5', '2026-11-24T09:00:00.000Z'),
      on('5', { type: 'OrderDeleted', data: { previousState: 'DELIVERED', state: 'DELETED' } }),
    ];
    const whole = cellsOf(events);
    expect(cellsOf(events, 1)).toEqual(whole);
    expect(cellsOf(events, 2)).toEqual(whole);
    // Deleted: it counts nowhere, and the reason it had stays at zero.
    expect(whole.get('1|2026-11-24|3|7')).toEqual({ ...emptyCounts(), reasons: { CLOSED: 0 } });
    const orders = new Map<string, ReportOrder>();
    foldReport(orders, events);
    const again = foldReport(orders, events);
    expect(again.changed.size).toBe(0);
    expect(again.deltas.cells.size).toBe(0);
  });
});

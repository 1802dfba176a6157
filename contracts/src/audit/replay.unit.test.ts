import { describe, expect, it } from '@jest/globals';
import type { BookedOrder } from '../consignments/events.js';
import { evolveOrderRow, foldOrderRow } from '../consignments/orderRow.js';
import { applyDiff, jsonEqual } from './diff.js';
import { eventsUpTo, replay, stateChanges, stepChanges, type AuditEvent } from './replay.js';

const booked = (phone: string): BookedOrder =>
  ({
    orderId: '7',
    shipmentId: '70900010000000017',
    departmentId: '1',
    customerId: '2',
    pickupDate: '2030-01-02',
    pickup: { name: 'A', address: 'Storgata 1', zipCode: '0155', zipArea: 'Oslo' },
    delivery: { name: 'Kari', address: 'Bogstadveien 10', zipCode: '0355', zipArea: 'Oslo', phone },
    measurements: [{ weight: 1, quantity: 1, packageIds: ['370900010000000011'] }],
  }) as unknown as BookedOrder;

let revision = 0;
const event = (type: string, data: unknown, minute: number): AuditEvent => ({
  type,
  data,
  streamRevision: revision++,
  position: String(100 + revision),
  metadata: {
    occurredAt: new Date(Date.UTC(2030, 0, 1, 10, minute)).toISOString(),
    userId: '5',
    commandId: `c${revision}`,
    commandType: null,
  },
});

revision = 0;
const events = [
  event('OrderCreated', { order: booked('+4791111111'), state: 'RESOLVED' }, 0),
  event('OrderUpdated', { order: booked('+4792222222'), state: 'RESOLVED' }, 5),
  event('ConsignmentAssignedToSlot', { slotId: '9', previousSlotId: null, state: 'ASSIGNED' }, 10),
  event('ConsignmentCollected', { manual: true, comment: null, state: 'COLLECTED' }, 15),
  event('ConsignmentDelivered', { manual: true, comment: null, state: 'DELIVERED' }, 20),
];

describe('the order fold and its replay (contracts, one fold for the read model and the audit, 0029)', () => {
  it('folds booking, edit, planning and delivery into the order row', () => {
    const row = foldOrderRow(events)!;
    expect(row).toMatchObject({
      id: '7',
      shipmentId: '70900010000000017',
      state: 'DELIVERED',
      slotId: '9',
      revision: 4,
      isEditable: false,
      isDeletable: false,
      createdAt: events[0]!.metadata.occurredAt,
      updatedAtEpoch: Date.parse(events[4]!.metadata.occurredAt),
    });
    expect(row.order.delivery.phone).toBe('+4792222222');
  });

  it('ignores events of other types and events before the booking', () => {
    expect(evolveOrderRow(null, events[2]!)).toBeNull();
    const row = foldOrderRow(events.slice(0, 2));
    expect(evolveOrderRow(row, { ...events[3]!, type: 'SomethingElse' })).toBe(row);
    expect(foldOrderRow([])).toBeNull();
  });

  it('each step lists what it changed, and the changes applied in turn rebuild every step', () => {
    const steps = replay(events);
    expect(stepChanges(steps[1]!)).toEqual([
      { path: ['order', 'delivery', 'phone'], before: '+4791111111', after: '+4792222222' },
    ]);
    expect(stepChanges(steps[2]!)).toEqual(
      expect.arrayContaining([
        { path: ['state'], before: 'RESOLVED', after: 'ASSIGNED' },
        { path: ['slotId'], before: null, after: '9' },
      ]),
    );
    const strip = (v: unknown) => {
      const {
        revision: _r,
        updatedAtEpoch: _u,
        ...rest
      } = JSON.parse(JSON.stringify(v)) as Record<string, unknown>;
      return rest;
    };
    let rebuilt: unknown = null;
    for (const step of steps) {
      rebuilt = applyDiff(rebuilt, stepChanges(step));
      expect(jsonEqual(rebuilt, strip(step.after))).toBe(true);
    }
  });

  it('as of a revision or an instant: the events up to then, a prefix of the stream', () => {
    expect(foldOrderRow(eventsUpTo(events, { revision: 1 }))).toMatchObject({
      state: 'RESOLVED',
      slotId: null,
      revision: 1,
    });
    const at = new Date(Date.UTC(2030, 0, 1, 10, 12)).toISOString();
    expect(eventsUpTo(events, { at }).map((e) => e.streamRevision)).toEqual([0, 1, 2]);
    expect(eventsUpTo(events, { at: '2029-12-31T00:00:00Z' })).toEqual([]);
    expect(eventsUpTo(events, {})).toHaveLength(5);
    // A clock that went back does not let a later event in before an earlier one.
    const skewed = [
      events[0]!,
      { ...events[1]!, metadata: { ...events[1]!.metadata, occurredAt: '2031-01-01T00:00:00Z' } },
      events[2]!,
    ];
    expect(eventsUpTo(skewed, { at })).toEqual([events[0]]);
  });

  it('the state changes are the status messages: every event whose state differs from before', () => {
    const changes = stateChanges(replay(events)).map((c) => [
      c.step.event.type,
      c.previousState,
      c.state,
    ]);
    expect(changes).toEqual([
      ['OrderCreated', null, 'RESOLVED'],
      ['ConsignmentAssignedToSlot', 'RESOLVED', 'ASSIGNED'],
      ['ConsignmentCollected', 'ASSIGNED', 'COLLECTED'],
      ['ConsignmentDelivered', 'COLLECTED', 'DELIVERED'],
    ]);
  });
});

describe('deviations in the replay (docs/decisions/0051-deviations.md)', () => {
  it('S7-CMD-043 shows what each deviation event recorded, changed and deleted, under deviations.{id}', () => {
    revision = 0;
    const fields = { reason: 'DAMAGED', text: 'Crushed', position: null, photoRef: null };
    const order = { departmentId: '1', customerId: '2', date: '2030-01-02' };
    const steps = replay([
      event('OrderCreated', { order: booked('+4791111111'), state: 'RESOLVED' }, 0),
      event('DeviationRecorded', { id: '40', ...fields, order }, 1),
      event('DeviationUpdated', { id: '40', changes: { reason: 'REFUSED' } }, 2),
      event('DeviationDeleted', { id: '40' }, 3),
    ]);
    expect(stepChanges(steps[1]!)).toEqual([
      { path: ['deviations', '40'], before: null, after: fields },
    ]);
    expect(stepChanges(steps[2]!)).toEqual([
      { path: ['deviations', '40', 'reason'], before: 'DAMAGED', after: 'REFUSED' },
    ]);
    expect(stepChanges(steps[3]!)).toEqual([
      { path: ['deviations', '40'], before: { ...fields, reason: 'REFUSED' }, after: null },
    ]);
  });
});

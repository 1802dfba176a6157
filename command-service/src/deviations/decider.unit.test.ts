import { describe, expect, it } from '@jest/globals';
import { createOrderSchema, type BookedOrder } from '@nordlog/contracts';
import { given } from '../framework/testing.js';
import { orderDecider, type OrderStreamEvent } from '../consignments/decider.js';

const block = {
  name: 'A',
  address: 'Storgata 1',
  zipCode: '0155',
  zipArea: 'Oslo',
  lat: 59.9,
  lng: 10.7,
};
const order: BookedOrder = {
  ...createOrderSchema.parse({
    departmentId: '1',
    customerId: '2',
    pickupDate: '2026-11-22',
    pickup: block,
    delivery: block,
    measurements: [{ weight: 2, length: 10, width: 10, height: 10, quantity: 1 }],
  }),
  orderId: '7',
};
const created: OrderStreamEvent = { type: 'OrderCreated', data: { order, state: 'RESOLVED' } };
const assigned: OrderStreamEvent = {
  type: 'ConsignmentAssignedToSlot',
  data: { slotId: '5', previousSlotId: null, state: 'ASSIGNED' },
};
const scope = { departmentId: '1', customerId: '2', date: '2026-11-22' };
const record = {
  type: 'RECORD_DEVIATION' as const,
  id: '40',
  reason: 'DAMAGED' as const,
  text: 'Box crushed',
  position: { lat: 59.91, lng: 10.75 },
  photoRef: null,
};
const recorded: OrderStreamEvent = {
  type: 'DeviationRecorded',
  data: {
    id: '40',
    reason: 'DAMAGED',
    text: 'Box crushed',
    position: { lat: 59.91, lng: 10.75 },
    photoRef: null,
    order: scope,
  },
};
const deviated = (
  reason = 'DAMAGED',
  comment: string | null = 'Box crushed',
): OrderStreamEvent => ({
  type: 'ConsignmentDeviated',
  data: { manual: true, reason, comment, state: 'DEVIATED' },
});

describe('deviations on the order stream (docs/decisions/0051-deviations.md)', () => {
  it('S7-CMD-043 S4-FLOW-003 a deviation on a planned consignment is recorded and moves it to DEVIATED in one append', () => {
    given(orderDecider, [created, assigned]).when(record).then([recorded, deviated()]);
  });

  it('S7-CMD-043 a further deviation on a deviated consignment is recorded without a move', () => {
    given(orderDecider, [created, assigned, recorded, deviated()])
      .when({ ...record, id: '41', reason: 'NOT_HOME', text: null })
      .thenEmits(['DeviationRecorded']);
  });

  it('S7-CMD-043 refuses a deviation where the transition table has no deviate (nothing written)', () => {
    const delivered: OrderStreamEvent = {
      type: 'ConsignmentDelivered',
      data: { manual: true, comment: null, state: 'DELIVERED' },
    };
    for (const events of [[created], [created, assigned, delivered]])
      given(orderDecider, events).when(record).thenRefuses('INVALID_STATE_TRANSITION');
  });

  it('S7-CMD-043 updates only the fields that change; nothing when nothing changes', () => {
    const base = [created, assigned, recorded, deviated()];
    given(orderDecider, base)
      .when({
        type: 'UPDATE_DEVIATION',
        id: '40',
        changes: { reason: 'REFUSED', text: 'Box crushed' },
      })
      .then([{ type: 'DeviationUpdated', data: { id: '40', changes: { reason: 'REFUSED' } } }]);
    given(orderDecider, base)
      .when({ type: 'UPDATE_DEVIATION', id: '40', changes: { text: 'Box crushed' } })
      .thenNothing();
    given(orderDecider, base)
      .when({ type: 'UPDATE_DEVIATION', id: '40', changes: { reason: 'OTHER', text: null } })
      .thenRefuses('VALIDATION_ERROR');
    given(orderDecider, base)
      .when({ type: 'UPDATE_DEVIATION', id: '99', changes: { text: 'x' } })
      .thenRefuses('NOT_FOUND');
  });

  it('S7-CMD-043 deletes a deviation once (the state stays); an unknown one is not found', () => {
    const base = [created, assigned, recorded, deviated()];
    given(orderDecider, base)
      .when({ type: 'DELETE_DEVIATION', id: '40' })
      .then([{ type: 'DeviationDeleted', data: { id: '40' } }]);
    const gone: OrderStreamEvent = { type: 'DeviationDeleted', data: { id: '40' } };
    given(orderDecider, [...base, gone])
      .when({ type: 'DELETE_DEVIATION', id: '40' })
      .thenNothing();
    given(orderDecider, [...base, gone])
      .when({ type: 'UPDATE_DEVIATION', id: '40', changes: { text: 'y' } })
      .thenRefuses('NOT_FOUND');
    given(orderDecider, base).when({ type: 'DELETE_DEVIATION', id: '41' }).thenRefuses('NOT_FOUND');
    const state = [...base, gone].reduce(orderDecider.evolve, orderDecider.initialState);
    expect(state.status === 'booked' && state.state).toBe('DEVIATED');
  });

  it('after the erasure of the order, a deviation takes no personal data', () => {
    const erased: OrderStreamEvent = {
      type: 'PersonalDataErased',
      data: { subject: 'order:7', reason: 'request' },
    };
    given(orderDecider, [created, assigned, erased])
      .when(record)
      .thenRefuses('PERSONAL_DATA_ERASED');
    given(orderDecider, [created, assigned, erased])
      .when({ ...record, text: null, position: null })
      .thenEmits(['DeviationRecorded', 'ConsignmentDeviated']);
  });
});

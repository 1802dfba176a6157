import { describe, expect, it } from '@jest/globals';
import {
  addressBlockSchema,
  createOrderSchema,
  MAX_RECIPIENT_ANSWERS,
  type BookedOrder,
  type ConsignmentEvent,
  type ConsignmentState,
} from '@nordlog/contracts';
import { orderDecider } from '../consignments/decider.js';
import { given } from '../framework/testing.js';
import type { AnswerChange, AnswerCommand } from './decide.js';

/** The order decider's recipient answers (docs/decisions/0063-recipient-answers.md). */
const place = (name: string, lat: number | null) => ({
  name,
  address: `${name}gata 1`,
  zipCode: '0155',
  zipArea: 'Oslo',
  countryCode: 'NO',
  phone: '+4791234567',
  ...(lat === null ? {} : { lat, lng: 10.75 }),
});
const order: BookedOrder = {
  ...createOrderSchema.parse({
    departmentId: '1',
    customerId: '2',
    pickupDate: '2026-12-07',
    deliveryTimeEarliest: '10:00',
    deliveryTimeLatest: '14:00',
    pickup: place('Apotek', 59.9),
    delivery: place('Kari', 59.95),
    measurements: [{ weight: 2 }],
  }),
  orderId: '7',
  trackingId: 'AbCdEfGhIjKlMnOpQrSt_-',
};
const created = (state: ConsignmentState = 'RESOLVED'): ConsignmentEvent => ({
  type: 'OrderCreated',
  data: { order, state },
});
const assigned: ConsignmentEvent = {
  type: 'ConsignmentAssignedToSlot',
  data: { slotId: '11', previousSlotId: null, state: 'ASSIGNED' },
};
const at = '2026-12-03T20:00:00.000Z';
const answer = (change: AnswerChange, driven = false): AnswerCommand => ({
  type: 'ANSWER',
  change,
  driven,
  at,
});
const day = answer({ kind: 'day', date: '2026-12-09' });
const door = (note = 'Blue door') => answer({ kind: 'leaveAtDoor', note });
const point = answer({
  kind: 'pickupPoint',
  pickupPointId: '5',
  block: addressBlockSchema.parse(place('Kiwi Storo', 59.93)),
});
const answered = (kind: 'day' | 'leaveAtDoor'): ConsignmentEvent => ({
  type: 'RecipientAnswered',
  data: { answer: { kind, at }, replaced: false, order, state: 'RESOLVED' },
});

describe('recipient answers (order decider)', () => {
  it('another day moves the delivery and the order’s day and drops the window; a planned order leaves its slot by its own unassign first', () => {
    const events = orderDecider.decide(
      day,
      orderDecider.evolve(orderDecider.evolve({ status: 'none' }, created()), assigned),
    );
    expect(events.map((e) => e.type)).toEqual([
      'ConsignmentUnassignedFromSlot',
      'RecipientAnswered',
    ]);
    expect(events[0]!.data).toEqual({ slotId: '11', force: false, state: 'RESOLVED' });
    const data = events[1]!.data as Extract<
      ConsignmentEvent,
      { type: 'RecipientAnswered' }
    >['data'];
    expect(data).toMatchObject({
      answer: { kind: 'day', date: '2026-12-09', at },
      replaced: false,
      state: 'RESOLVED',
    });
    expect(data.order).toMatchObject({ deliveryDate: '2026-12-09', pickupDate: '2026-12-09' });
    expect(data.order.deliveryTimeEarliest).toBeUndefined();
    expect(data.order.trackingId).toBe(order.trackingId);
  });

  it('leave at the door keeps the slot and puts the note on the order; a second replaces the first', () => {
    given(orderDecider, [created(), assigned])
      .when(door())
      .then([
        {
          type: 'RecipientAnswered',
          data: {
            answer: { kind: 'leaveAtDoor', at },
            replaced: false,
            order: { ...order, leaveAtDoor: { note: 'Blue door' } },
            state: 'ASSIGNED',
          },
        },
      ]);
    const [again] = orderDecider.decide(
      door('Shed'),
      [created(), answered('leaveAtDoor')].reduce(orderDecider.evolve, { status: 'none' } as never),
    );
    expect(again!.data).toMatchObject({ replaced: true, order: { leaveAtDoor: { note: 'Shed' } } });
  });

  it('a pickup point replaces the delivery place, keeps the recipient’s name and phone, and makes the order a PickupPoint one', () => {
    const [event] = orderDecider.decide(
      point,
      orderDecider.evolve({ status: 'none' }, created('UNRESOLVED')),
    );
    const data = event!.data as Extract<ConsignmentEvent, { type: 'RecipientAnswered' }>['data'];
    expect(data.order.type).toBe('PickupPoint');
    expect(data.order.delivery).toMatchObject({
      name: 'Kari',
      phone: '+4791234567',
      address: 'Kiwi Storogata 1',
      contactPerson: 'Kiwi Storo',
      pupUnitId: '5',
      lat: 59.93,
    });
    // The point has a place on the map: the order's addresses are resolved now.
    expect(data.state).toBe('RESOLVED');
  });

  it('refuses after delivery (410), once the courier left with it (409), past the answers’ limit (429) and after erasure', () => {
    for (const end of ['DELIVERED', 'RETURNED', 'DELETED', 'REJECTED'] as const)
      given(orderDecider, [created(end)])
        .when(door())
        .thenRefuses('TRACKING_EXPIRED');
    given(orderDecider, [created(), assigned])
      .when(answer({ kind: 'leaveAtDoor', note: 'x' }, true))
      .thenRefuses('INVALID_STATE_TRANSITION');
    for (const other of ['UNCONFIRMED', 'DEVIATED', 'OFFERED'] as const)
      given(orderDecider, [created(other)])
        .when(day)
        .thenRefuses('INVALID_STATE_TRANSITION');
    const many = Array.from({ length: MAX_RECIPIENT_ANSWERS }, () => answered('leaveAtDoor'));
    given(orderDecider, [created(), ...many])
      .when(door())
      .thenRefuses('TOO_MANY_REQUESTS');
    given(orderDecider, [created(), ...many.slice(1)])
      .when(door())
      .thenEmits(['RecipientAnswered']);
    given(orderDecider, [
      created(),
      { type: 'PersonalDataErased', data: { subject: 'order:7', reason: 'request' } } as never,
    ])
      .when(door())
      .thenRefuses('PERSONAL_DATA_ERASED');
  });
});

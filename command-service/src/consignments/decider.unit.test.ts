import { describe, expect, it } from '@jest/globals';
import {
  canTransition,
  consignmentStates,
  createOrderSchema,
  consignmentTransitions,
  type BookedOrder,
  type ConsignmentAction,
  type ConsignmentEvent,
  type ConsignmentState,
} from '@nordlog/contracts';
import { given } from '../framework/testing.js';
import {
  orderDecider,
  type OrderCommand,
  type OrderState,
  type OrderStreamEvent,
} from './decider.js';

const block = (lat: number | null) => ({
  name: 'A',
  address: 'Storgata 1',
  zipCode: '0155',
  zipArea: 'Oslo',
  countryCode: 'NO',
  ...(lat === null ? {} : { lat, lng: 10.75 }),
});
const order = (over: Record<string, unknown> = {}): BookedOrder => ({
  ...createOrderSchema.parse({
    departmentId: '1',
    customerId: '2',
    pickupDate: '2026-11-22',
    priority: 'normal',
    type: 'Delivery',
    requiresConfirmation: false,
    pickup: block(59.9),
    delivery: block(59.95),
    measurements: [{ weight: 2, length: 10, width: 10, height: 10, quantity: 1 }],
    ...over,
  }),
  orderId: '7',
  shipmentId: '70900010000000019',
});
const created = (state: ConsignmentState = 'RESOLVED', o = order()): ConsignmentEvent => ({
  type: 'OrderCreated',
  data: { order: o, state },
});
const assigned = (slotId = '11', previousSlotId: string | null = null): ConsignmentEvent => ({
  type: 'ConsignmentAssignedToSlot',
  data: { slotId, previousSlotId, state: 'ASSIGNED' },
});
const collected: ConsignmentEvent = {
  type: 'ConsignmentCollected',
  data: { manual: true, comment: null, state: 'COLLECTED' },
};
const delivered: ConsignmentEvent = {
  type: 'ConsignmentDelivered',
  data: { manual: true, comment: null, state: 'DELIVERED' },
};
const deleted = (previousState: ConsignmentState): ConsignmentEvent => ({
  type: 'OrderDeleted',
  data: { previousState, state: 'DELETED' },
});

describe('orders: CREATE_ORDER', () => {
  it('books a RESOLVED order when both addresses have coordinates', () => {
    given(orderDecider)
      .when({ type: 'CREATE_ORDER', order: order(), unresolved: [] })
      .then([created('RESOLVED')]);
  });
  it('books a CREATED order awaiting address resolution when a side has no coordinates', () => {
    const o = order({ delivery: block(null) });
    given(orderDecider)
      .when({ type: 'CREATE_ORDER', order: o, unresolved: [] })
      .then([created('CREATED', o)]);
  });
  it('books an UNCONFIRMED order when it needs confirmation', () => {
    const o = order({ requiresConfirmation: true });
    given(orderDecider)
      .when({ type: 'CREATE_ORDER', order: o, unresolved: [] })
      .then([created('UNCONFIRMED', o)]);
  });
  it('refuses to book an order id twice (ALREADY_EXISTS)', () => {
    given(orderDecider, [created()])
      .when({ type: 'CREATE_ORDER', order: order(), unresolved: [] })
      .thenRefuses('ALREADY_EXISTS');
  });
  it('S8-ERR-021 refuses any command on an order that does not exist: "Order not found"', () => {
    given(orderDecider).when({ type: 'DELETE' }).thenRefuses('ORDER_NOT_FOUND');
  });
});

describe('orders: ACCEPT_ORDERS and REJECT_ORDERS', () => {
  const unconfirmed = created('UNCONFIRMED', order({ requiresConfirmation: true }));
  it('S4-FLOW-011 accepts an UNCONFIRMED order into its address state', () => {
    given(orderDecider, [unconfirmed])
      .when({ type: 'ACCEPT' })
      .then([{ type: 'OrderAccepted', data: { state: 'RESOLVED' } }]);
  });
  it('S4-FLOW-011 does nothing when the order is already accepted', () => {
    given(orderDecider, [created()]).when({ type: 'ACCEPT' }).thenNothing();
  });
  it('S4-FLOW-012 rejects an UNCONFIRMED order with its reason', () => {
    given(orderDecider, [unconfirmed])
      .when({ type: 'REJECT', reason: 'Outside area', otherReason: null })
      .then([
        {
          type: 'OrderRejected',
          data: { reason: 'Outside area', otherReason: null, state: 'REJECTED' },
        },
      ]);
  });
  it('S4-FLOW-012 refuses to accept a rejected order and to reject an accepted one', () => {
    const rejected: ConsignmentEvent = {
      type: 'OrderRejected',
      data: { reason: 'x', otherReason: null, state: 'REJECTED' },
    };
    given(orderDecider, [unconfirmed, rejected])
      .when({ type: 'ACCEPT' })
      .thenRefuses('INVALID_STATE_TRANSITION');
    given(orderDecider, [created()])
      .when({ type: 'REJECT', reason: 'x', otherReason: null })
      .thenRefuses('INVALID_STATE_TRANSITION');
    given(orderDecider, [unconfirmed, rejected])
      .when({ type: 'REJECT', reason: 'x', otherReason: null })
      .thenNothing();
  });
});

describe('orders: addresses (S7-CMD-035)', () => {
  const pending = created('CREATED', order({ delivery: block(null) }));
  it('RESOLVE_ADDRESS resolves the missing side and the order becomes RESOLVED', () => {
    given(orderDecider, [pending])
      .when({
        type: 'RESOLVE_ADDRESS',
        side: 'delivery',
        lat: 59.9,
        lng: 10.7,
        resolvedBy: 'FRONTEND',
      })
      .then([
        {
          type: 'AddressResolved',
          data: {
            side: 'delivery',
            lat: 59.9,
            lng: 10.7,
            resolvedBy: 'FRONTEND',
            state: 'RESOLVED',
          },
        },
      ]);
  });
  it('RESOLVE_ADDRESS does nothing when the side already has these coordinates', () => {
    given(orderDecider, [created()])
      .when({
        type: 'RESOLVE_ADDRESS',
        side: 'delivery',
        lat: 59.95,
        lng: 10.75,
        resolvedBy: 'FRONTEND',
      })
      .thenNothing();
  });
  it('UNRESOLVE_*_ADDRESS marks the order UNRESOLVED, once', () => {
    given(orderDecider, [pending])
      .when({ type: 'UNRESOLVE_ADDRESS', side: 'delivery' })
      .then([{ type: 'AddressUnresolved', data: { side: 'delivery', state: 'UNRESOLVED' } }]);
    const unresolved: ConsignmentEvent = {
      type: 'AddressUnresolved',
      data: { side: 'delivery', state: 'UNRESOLVED' },
    };
    given(orderDecider, [pending, unresolved])
      .when({ type: 'UNRESOLVE_ADDRESS', side: 'delivery' })
      .thenNothing();
  });
  it('refuses address changes once the goods are collected', () => {
    given(orderDecider, [created(), assigned(), collected])
      .when({ type: 'UNRESOLVE_ADDRESS', side: 'pickup' })
      .thenRefuses('INVALID_STATE_TRANSITION');
  });
});

describe('orders: slots', () => {
  it('assigns a RESOLVED consignment to a slot', () => {
    given(orderDecider, [created()])
      .when({ type: 'ASSIGN', slotId: '11' })
      .then([assigned('11')]);
  });
  it('moves an ASSIGNED consignment to another slot, naming the previous one', () => {
    given(orderDecider, [created(), assigned('11')])
      .when({ type: 'ASSIGN', slotId: '12' })
      .then([assigned('12', '11')]);
  });
  it('does nothing when it is already in that slot', () => {
    given(orderDecider, [created(), assigned('11')])
      .when({ type: 'ASSIGN', slotId: '11' })
      .thenNothing();
  });
  it('refuses to assign a consignment whose address is not resolved', () => {
    given(orderDecider, [created('CREATED', order({ delivery: block(null) }))])
      .when({ type: 'ASSIGN', slotId: '11' })
      .thenRefuses('INVALID_STATE_TRANSITION');
  });
  it('unassigns back to RESOLVED, does nothing when unassigned, refuses after delivery', () => {
    given(orderDecider, [created(), assigned('11')])
      .when({ type: 'UNASSIGN', force: false })
      .then([
        {
          type: 'ConsignmentUnassignedFromSlot',
          data: { slotId: '11', force: false, state: 'RESOLVED' },
        },
      ]);
    given(orderDecider, [created()]).when({ type: 'UNASSIGN', force: false }).thenNothing();
    given(orderDecider, [created(), assigned(), delivered])
      .when({ type: 'UNASSIGN', force: true })
      .thenRefuses('INVALID_STATE_TRANSITION');
  });
});

describe('orders: manual overrides (S7-CMD-038)', () => {
  it('S4-FLOW-004 collects an assigned consignment; nothing when collected; refused after delivery', () => {
    given(orderDecider, [created(), assigned()])
      .when({ type: 'COLLECT', comment: null })
      .then([collected]);
    given(orderDecider, [created(), assigned(), collected])
      .when({ type: 'COLLECT', comment: null })
      .thenNothing();
    given(orderDecider, [created(), assigned(), delivered])
      .when({ type: 'COLLECT', comment: null })
      .thenRefuses('INVALID_STATE_TRANSITION');
  });
  it('S4-FLOW-001 delivers a collected consignment; nothing when delivered; refused when only RESOLVED', () => {
    for (const override of [false, true]) {
      given(orderDecider, [created(), assigned(), collected])
        .when({ type: 'DELIVER', comment: 'ok', override })
        .then([
          {
            type: 'ConsignmentDelivered',
            data: { manual: true, comment: 'ok', state: 'DELIVERED' },
          },
        ]);
      given(orderDecider, [created(), assigned(), delivered])
        .when({ type: 'DELIVER', comment: null, override })
        .thenNothing();
      given(orderDecider, [created()])
        .when({ type: 'DELIVER', comment: null, override })
        .thenRefuses('INVALID_STATE_TRANSITION');
    }
  });
  it('issue 36: the courier’s delivery before its pickup is refused, saying so; a planner’s override delivers it', () => {
    let refusal: unknown;
    try {
      orderDecider.decide(
        { type: 'DELIVER', comment: null, override: false },
        [created(), assigned()].reduce(orderDecider.evolve, orderDecider.initialState),
      );
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toMatchObject({
      message: expect.stringContaining('before its pickup'),
      items: [{ errorType: 'INVALID_STATE_TRANSITION', params: { reason: 'pickupFirst' } }],
    });
    given(orderDecider, [created(), assigned()])
      .when({ type: 'DELIVER', comment: null, override: true })
      .then([delivered]);
  });
  it('S4-FLOW-003 deviates with a reason and records the deviation; nothing when deviated; refused after delivery', () => {
    const deviated: ConsignmentEvent = {
      type: 'ConsignmentDeviated',
      data: { manual: true, reason: 'NOT_HOME', comment: null, state: 'DEVIATED' },
    };
    const deviate = {
      type: 'DEVIATE' as const,
      id: '31',
      reason: 'NOT_HOME' as const,
      comment: null,
    };
    given(orderDecider, [created(), assigned()])
      .when(deviate)
      .then([
        {
          type: 'DeviationRecorded',
          data: {
            id: '31',
            reason: 'NOT_HOME',
            text: null,
            position: null,
            photoRef: null,
            order: { departmentId: '1', customerId: '2', date: '2026-11-22' },
          },
        },
        deviated,
      ]);
    given(orderDecider, [created(), assigned(), deviated]).when(deviate).thenNothing();
    given(orderDecider, [created(), assigned(), delivered])
      .when(deviate)
      .thenRefuses('INVALID_STATE_TRANSITION');
  });
  it('S4-FLOW-002 returns a collected consignment; nothing when returned; refused before collection', () => {
    const returned: ConsignmentEvent = {
      type: 'ConsignmentReturned',
      data: { manual: true, comment: null, state: 'RETURNED' },
    };
    given(orderDecider, [created(), assigned(), collected])
      .when({ type: 'RETURN', comment: null })
      .then([returned]);
    given(orderDecider, [created(), assigned(), collected, returned])
      .when({ type: 'RETURN', comment: null })
      .thenNothing();
    given(orderDecider, [created(), assigned()])
      .when({ type: 'RETURN', comment: null })
      .thenRefuses('INVALID_STATE_TRANSITION');
  });
});

describe('orders: DELETE_ORDERS and restore (S7-CMD-031)', () => {
  it('deletes an order not yet collected, dropping its slot; nothing when deleted; refused once collected', () => {
    given(orderDecider, [created(), assigned()])
      .when({ type: 'DELETE' })
      .then([deleted('ASSIGNED')]);
    given(orderDecider, [created(), deleted('RESOLVED')])
      .when({ type: 'DELETE' })
      .thenNothing();
    given(orderDecider, [created(), assigned(), collected])
      .when({ type: 'DELETE' })
      .thenRefuses('INVALID_STATE_TRANSITION');
  });
  it('restores a deleted order by its address state (without its old slot), or as UNCONFIRMED', () => {
    given(orderDecider, [created(), assigned(), deleted('ASSIGNED')])
      .when({ type: 'RESTORE' })
      .then([{ type: 'OrderRestored', data: { state: 'RESOLVED' } }]);
    const unconfirmed = created('UNCONFIRMED', order({ requiresConfirmation: true }));
    given(orderDecider, [unconfirmed, deleted('UNCONFIRMED')])
      .when({ type: 'RESTORE' })
      .then([{ type: 'OrderRestored', data: { state: 'UNCONFIRMED' } }]);
    given(orderDecider, [created()]).when({ type: 'RESTORE' }).thenNothing();
  });
});

const actionCommand: Record<ConsignmentAction, OrderCommand> = {
  accept: { type: 'ACCEPT' },
  reject: { type: 'REJECT', reason: 'r', otherReason: null },
  resolveAddress: { type: 'RESOLVE_ADDRESS', side: 'pickup', lat: 1, lng: 1, resolvedBy: 'DRIVER' },
  unresolveAddress: { type: 'UNRESOLVE_ADDRESS', side: 'pickup' },
  assign: { type: 'ASSIGN', slotId: '99' },
  unassign: { type: 'UNASSIGN', force: false },
  forceUnassign: { type: 'UNASSIGN', force: true },
  collect: { type: 'COLLECT', comment: null },
  deliver: { type: 'DELIVER', comment: null, override: false },
  overrideDeliver: { type: 'DELIVER', comment: null, override: true },
  deviate: { type: 'DEVIATE', id: '31', reason: 'DAMAGED', comment: null },
  return: { type: 'RETURN', comment: null },
  delete: { type: 'DELETE' },
  restore: { type: 'RESTORE' },
  edit: {
    type: 'EDIT',
    order: order({ orderNote: 'Ring the bell twice' }),
    unresolved: [],
    newPackageIds: ['370900010000000014'],
    timingIssues: [],
  },
  move: { type: 'MOVE', departmentId: '9' },
};

describe('the decider follows the transition table of contracts', () => {
  const resolved = { status: 'resolved' as const, coordinates: { lat: 59, lng: 10 } };
  for (const action of Object.keys(consignmentTransitions) as ConsignmentAction[]) {
    it(`${action}: emits only from the states the table allows`, () => {
      for (const state of consignmentStates) {
        const s: OrderState = {
          status: 'booked',
          state,
          departmentId: '1',
          customerId: '2',
          address: { pickup: resolved, delivery: resolved },
          slotId: state === 'ASSIGNED' || state === 'OFFERED' ? '5' : null,
          beforeDelete: state === 'DELETED' ? 'RESOLVED' : null,
          proof: null,
          order: order(),
          collected: false,
          returns: [],
          returnOf: null,
          packages: {},
          scanKeys: new Set(),
          erased: false,
          deviations: { live: {}, deleted: [] },
        };
        let events: OrderStreamEvent[] = [];
        let refused = false;
        try {
          events = orderDecider.decide(actionCommand[action], s);
        } catch {
          refused = true;
        }
        if (events.length > 0) expect(canTransition(action, state)).toBe(true);
        if (refused) expect(canTransition(action, state)).toBe(false);
      }
    });
  }
});

describe('orders: booking with failed address lookups, UPDATE_ORDER and MOVE_ORDERS', () => {
  const withIds = (o: BookedOrder, ids: string[]): BookedOrder => ({
    ...o,
    measurements: [
      { ...o.measurements[0]!, quantity: ids.length, packageId: ids[0], packageIds: ids },
    ],
  });
  const booked = withIds(order(), ['100000000000000001']);

  it('a side the geocoder could not place books the order UNRESOLVED, and replays so', () => {
    const o = order({ delivery: block(null) });
    const [event] = given(orderDecider)
      .when({ type: 'CREATE_ORDER', order: o, unresolved: ['delivery'] })
      .thenEmits(['OrderCreated']);
    expect(event!.data).toEqual({ order: o, state: 'UNRESOLVED', unresolved: ['delivery'] });
    // The replayed state knows the side failed: resolving it makes the order RESOLVED.
    given(orderDecider, [event!])
      .when({
        type: 'RESOLVE_ADDRESS',
        side: 'delivery',
        lat: 59.9,
        lng: 10.7,
        resolvedBy: 'FRONTEND',
      })
      .thenEmits(['AddressResolved']);
  });

  it('S2-SCREEN-001 an edit stores the whole new order, keeps the shipment id and known package ids, and draws ids for new packages', () => {
    const edited = withIds(order({ orderNote: 'Back door' }), ['100000000000000001']);
    edited.measurements = [
      { ...edited.measurements[0]!, quantity: 2, packageIds: ['100000000000000001'] },
    ];
    const [event] = given(orderDecider, [created('RESOLVED', booked)])
      .when({
        type: 'EDIT',
        order: edited,
        unresolved: [],
        newPackageIds: ['100000000000000002'],
        timingIssues: [],
      })
      .thenEmits(['OrderUpdated']);
    const data = event!.data as { order: BookedOrder; state: ConsignmentState };
    expect(data.state).toBe('RESOLVED');
    expect(data.order.orderNote).toBe('Back door');
    expect(data.order.shipmentId).toBe(booked.shipmentId);
    expect(data.order.measurements[0]!.packageIds).toEqual([
      '100000000000000001',
      '100000000000000002',
    ]);
  });

  it('an edit may not claim package ids the order does not have, and does nothing when nothing changed', () => {
    given(orderDecider, [created('RESOLVED', booked)])
      .when({
        type: 'EDIT',
        order: withIds(order(), ['999999999999999999']),
        unresolved: [],
        newPackageIds: [],
        timingIssues: [],
      })
      .thenRefuses('VALIDATION_ERROR');
    given(orderDecider, [created('RESOLVED', booked)])
      .when({ type: 'EDIT', order: booked, unresolved: [], newPackageIds: [], timingIssues: [] })
      .thenNothing();
  });

  it('S5-VAL-024 an edit that moves the pickup into the past is refused; one that leaves the timing alone is not', () => {
    const past = [{ path: ['pickupDate'], message: 'validation.future' as const }];
    given(orderDecider, [created('RESOLVED', booked)])
      .when({
        type: 'EDIT',
        order: withIds(order({ pickupDate: '2026-11-21' }), ['100000000000000001']),
        unresolved: [],
        newPackageIds: [],
        timingIssues: past,
      })
      .thenRefuses('VALIDATION_ERROR');
    given(orderDecider, [created('RESOLVED', booked)])
      .when({
        type: 'EDIT',
        order: withIds(order({ orderNote: 'x' }), ['100000000000000001']),
        unresolved: [],
        newPackageIds: [],
        timingIssues: past,
      })
      .thenEmits(['OrderUpdated']);
  });

  it('an edit of an assigned order keeps it ASSIGNED; editing a collected or deleted one is refused', () => {
    const edit: OrderCommand = {
      type: 'EDIT',
      order: withIds(order({ orderNote: 'x' }), ['100000000000000001']),
      unresolved: ['delivery'],
      newPackageIds: [],
      timingIssues: [],
    };
    const [event] = given(orderDecider, [created('RESOLVED', booked), assigned()])
      .when(edit)
      .thenEmits(['OrderUpdated']);
    expect((event!.data as { state: string }).state).toBe('ASSIGNED');
    given(orderDecider, [created('RESOLVED', booked), assigned(), collected])
      .when(edit)
      .thenRefuses('INVALID_STATE_TRANSITION');
    given(orderDecider, [created('RESOLVED', booked), deleted('RESOLVED')])
      .when(edit)
      .thenRefuses('INVALID_STATE_TRANSITION');
  });

  it('S4-FLOW-008 MOVE_ORDERS moves an order to another department; a planned one leaves its slot; same department: nothing', () => {
    given(orderDecider, [created('RESOLVED', booked)])
      .when({ type: 'MOVE', departmentId: '9' })
      .then([
        {
          type: 'OrderMoved',
          data: {
            fromDepartmentId: '1',
            departmentId: '9',
            previousSlotId: null,
            state: 'RESOLVED',
          },
        },
      ]);
    given(orderDecider, [created('RESOLVED', booked), assigned('11')])
      .when({ type: 'MOVE', departmentId: '9' })
      .then([
        {
          type: 'OrderMoved',
          data: {
            fromDepartmentId: '1',
            departmentId: '9',
            previousSlotId: '11',
            state: 'RESOLVED',
          },
        },
      ]);
    given(orderDecider, [created('RESOLVED', booked)])
      .when({ type: 'MOVE', departmentId: '1' })
      .thenNothing();
    given(orderDecider, [created('RESOLVED', booked), assigned(), collected])
      .when({ type: 'MOVE', departmentId: '9' })
      .thenRefuses('INVALID_STATE_TRANSITION');
  });
});

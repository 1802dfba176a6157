import { describe, expect, it } from '@jest/globals';
import {
  REST_BREAK,
  slotStates,
  slotTransitions,
  type Slot,
  type SlotEvent,
  type SlotState as State,
  type SlotTransition,
} from '@nordlog/contracts';
import { given } from '../framework/testing.js';
import { overCapacity, slotDecider } from './decider.js';

const slot: Slot = {
  id: '7',
  departmentId: '1',
  date: '2026-11-26',
  name: 'Morning 1',
  timeFrom: '2026-11-26T07:00:00.000Z',
  timeTo: null,
  state: 'NOT_STARTED',
  slotMode: 'ROUTE',
  shouldDriverNotReturn: true,
  courierId: '40',
  unitId: null,
  vehicleId: null,
  manualPlanning: false,
  areas: [],
  stops: [],
  templateId: null,
};
const created: SlotEvent = { type: 'SlotCreated', data: slot };
const inState = (state: State): SlotEvent[] => [{ type: 'SlotCreated', data: { ...slot, state } }];
const load = (count: number, weight: number, volume: number) => ({ count, weight, volume });
const plan = (ids: string[], capacity = load(10, 100, 1000), force = false) => ({
  type: 'plan' as const,
  id: '7',
  consignments: ids.map((id) => ({ id, load: load(2, 30, 100), pickupStop: id === 'p' })),
  loads: Object.fromEntries(['a', 'b', 'c', 'd', 'p'].map((id) => [id, load(2, 30, 100)])),
  capacity,
  force,
});
const planned = (ids: string[]): SlotEvent => ({
  type: 'ConsignmentsPlannedOnSlot',
  data: {
    id: '7',
    consignmentIds: ids,
    stops: ids.map((consignmentId) => ({ kind: 'delivery', consignmentId })),
    forced: {},
  },
});

describe('slot state machine (docs/decisions/0021): one test per row of the table', () => {
  for (const [name, rule] of Object.entries(slotTransitions) as [
    SlotTransition,
    (typeof slotTransitions)[SlotTransition],
  ][]) {
    for (const from of slotStates) {
      const allowed = (rule.from as readonly State[]).includes(from);
      it(`${name} from ${from}: ${allowed ? `→ ${rule.to}` : 'INVALID_STATE_TRANSITION'}`, () => {
        const when = given(slotDecider, inState(from)).when({
          type: 'transition',
          id: '7',
          transition: name,
        });
        if (allowed)
          when.then([
            {
              type: 'SlotStateChanged',
              data: { id: '7', transition: name, from, state: rule.to },
            },
          ]);
        else when.thenRefuses('INVALID_STATE_TRANSITION');
      });
    }
  }
  it('a slot without a courier cannot start', () => {
    given(slotDecider, [{ type: 'SlotCreated', data: { ...slot, courierId: null } }])
      .when({ type: 'transition', id: '7', transition: 'start' })
      .thenRefuses('INVALID_STATE_TRANSITION');
  });
  it('a slot with consignments cannot be cancelled or deleted', () => {
    const g = given(slotDecider, [created, planned(['a'])]);
    g.when({ type: 'transition', id: '7', transition: 'cancel' }).thenRefuses(
      'INVALID_STATE_TRANSITION',
    );
    g.when({ type: 'delete', id: '7' }).thenRefuses('INVALID_STATE_TRANSITION');
  });
  it('S7-CMD-028 a slot is created, updated and deleted; an unknown slot is NOT_FOUND', () => {
    given(slotDecider).when({ type: 'create', slot }).then([created]);
    given(slotDecider, [created])
      .when({ type: 'update', id: '7', changes: { name: 'Late' } })
      .then([{ type: 'SlotUpdated', data: { id: '7', changes: { name: 'Late' } } }]);
    given(slotDecider, [created])
      .when({ type: 'update', id: '7', changes: { name: 'Morning 1' } })
      .thenNothing();
    given(slotDecider, [created])
      .when({ type: 'delete', id: '7' })
      .then([{ type: 'SlotDeleted', data: { id: '7' } }]);
    given(slotDecider).when({ type: 'delete', id: '7' }).thenRefuses('NOT_FOUND');
    given(slotDecider)
      .when(plan(['a']))
      .thenRefuses('NOT_FOUND');
  });
  it('S4-FLOW-021 S7-CMD-012 manual planning toggles on, then off', () => {
    const on: SlotEvent = {
      type: 'SlotUpdated',
      data: { id: '7', changes: { manualPlanning: true } },
    };
    given(slotDecider, [created]).when({ type: 'toggleManualPlanning', id: '7' }).then([on]);
    given(slotDecider, [created, on])
      .when({ type: 'toggleManualPlanning', id: '7' })
      .then([{ type: 'SlotUpdated', data: { id: '7', changes: { manualPlanning: false } } }]);
  });
});

describe('planning consignments onto a slot', () => {
  it('plans new consignments after those it has; a pickup comes before its delivery', () => {
    given(slotDecider, [created, planned(['a'])])
      .when(plan(['a', 'p']))
      .then([
        {
          type: 'ConsignmentsPlannedOnSlot',
          data: {
            id: '7',
            consignmentIds: ['p'],
            stops: [
              { kind: 'delivery', consignmentId: 'a' },
              { kind: 'pickup', consignmentId: 'p' },
              { kind: 'delivery', consignmentId: 'p' },
            ],
            forced: {},
          },
        },
      ]);
  });
  it('does nothing when every consignment is on the slot already', () => {
    given(slotDecider, [created, planned(['a'])])
      .when(plan(['a']))
      .thenNothing();
  });
  it('refuses a slot over its capacity, saying which and by how much, unless forced', () => {
    let error: unknown;
    try {
      slotDecider.decide(plan(['a', 'b', 'c', 'd']), { status: 'exists', slot });
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({
      items: [
        {
          errorType: 'CAPACITY_EXCEEDED',
          description: 'Slot 7 would be over its weight by 20 kg',
          params: expect.objectContaining({ capacities: 'weight' }),
        },
      ],
    });
    const [forced] = given(slotDecider, [created])
      .when(plan(['a', 'b', 'c', 'd'], load(10, 100, 1000), true))
      .thenEmits(['ConsignmentsPlannedOnSlot']);
    expect(forced).toMatchObject({ data: { forced: { weight: 20 } } });
  });
  it('a slot without a unit has no capacity to exceed', () => {
    given(slotDecider, [created])
      .when({ ...plan(['a', 'b', 'c', 'd']), capacity: null })
      .thenEmits(['ConsignmentsPlannedOnSlot']);
  });
  it('refuses to change the route of a completed or cancelled slot', () => {
    given(slotDecider, inState('COMPLETED'))
      .when(plan(['a']))
      .thenRefuses('INVALID_STATE_TRANSITION');
    given(slotDecider, inState('CANCELLED'))
      .when(plan(['a']))
      .thenRefuses('INVALID_STATE_TRANSITION');
  });
  it('S4-FLOW-005 removes consignments that are on it; nothing for others', () => {
    given(slotDecider, [created, planned(['a', 'b'])])
      .when({ type: 'remove', id: '7', consignmentIds: ['b', 'x'] })
      .then([{ type: 'ConsignmentsRemovedFromSlot', data: { id: '7', consignmentIds: ['b'] } }]);
    given(slotDecider, [created])
      .when({ type: 'remove', id: '7', consignmentIds: ['x'] })
      .thenNothing();
  });
  it('reorders the same stops; refuses others, and a delivery before its pickup', () => {
    const g = given(slotDecider, [created, planned(['a', 'b'])]);
    g.when({
      type: 'reorder',
      id: '7',
      stops: [
        { kind: 'delivery', consignmentId: 'b' },
        { kind: 'delivery', consignmentId: 'a' },
      ],
    }).thenEmits(['SlotRouteReordered']);
    g.when({
      type: 'reorder',
      id: '7',
      stops: [{ kind: 'delivery', consignmentId: 'b' }],
    }).thenRefuses('BAD_REQUEST');
    given(slotDecider, [
      created,
      {
        type: 'ConsignmentsPlannedOnSlot',
        data: {
          id: '7',
          consignmentIds: ['p'],
          stops: [
            { kind: 'pickup', consignmentId: 'p' },
            { kind: 'delivery', consignmentId: 'p' },
          ],
          forced: {},
        },
      },
    ])
      .when({
        type: 'reorder',
        id: '7',
        stops: [
          { kind: 'delivery', consignmentId: 'p' },
          { kind: 'pickup', consignmentId: 'p' },
        ],
      })
      .thenRefuses('BAD_REQUEST');
  });
  it('S3-ENT-039 S9-CONST-065 a unit with a break puts a rest_break stop on the route; DELETE_BREAK_FROM_ROUTE removes it', () => {
    const withUnit: SlotEvent = {
      type: 'SlotUpdated',
      data: { id: '7', changes: { unitId: '3', stops: [{ kind: REST_BREAK }] } },
    };
    given(slotDecider, [created])
      .when({ type: 'assign', id: '7', changes: { unitId: '3' }, unitBreak: true })
      .then([withUnit]);
    given(slotDecider, [created, withUnit])
      .when({ type: 'deleteBreak', id: '7' })
      .then([{ type: 'SlotRouteReordered', data: { id: '7', stops: [] } }]);
  });
  it('overCapacity names each capacity exceeded and by how much', () => {
    expect(overCapacity(load(11, 100, 1000.5), load(10, 100, 1000))).toEqual({
      count: 1,
      volume: 0.5,
    });
  });
});

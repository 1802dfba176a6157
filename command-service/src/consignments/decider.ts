import {
  AppError,
  ORDER_NOT_FOUND_MESSAGE,
  canTransition,
  consignmentTransitions,
  type AddressSide,
  type BookedOrder,
  type ConsignmentAction,
  type ConsignmentState,
  type resolutionSources,
  type GeoPrecision,
  type ErasureReason,
  orderSubject,
  type DeviationReason,
  type OrderReturn,
  type ReturnLink,
} from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';
import {
  addressesOf,
  evolveOrderStream,
  stateFromAddresses,
  type Booked,
  type OrderState,
  type OrderStreamEvent,
} from './state.js';

import { decideEdit, type EditCommand } from './edit.js';
import { refuse } from './refuse.js';
import { decideScan, type ScanCommand } from './scan.js';
import { decideDeviation, recordDeviation, type DeviationCommand } from '../deviations/decider.js';
import { assertReturnable } from '@nordlog/contracts';
import { decideProof, type ProveCommand } from '../proof/decide.js';
import { decideAnswer, type AnswerCommand } from '../recipientAnswers/decide.js';
import { decideRating, type RateCommand } from '../nps/decide.js';

export { stateFromAddresses, type OrderState, type OrderStreamEvent } from './state.js';

export type OrderCommand =
  | {
      type: 'CREATE_ORDER';
      order: BookedOrder;
      unresolved: AddressSide[];
      /** A return's order: the order it returns (docs/decisions/0057-returns.md). */
      returnOf?: ReturnLink;
      /** An occurrence of a recurring order booked it (docs/decisions/0058). */
      recurringOrderId?: string;
    }
  /** The order's return was made: its orders are created in the same append (0057). */
  | ({ type: 'CREATE_RETURN' } & OrderReturn)
  | EditCommand
  | { type: 'MOVE'; departmentId: string }
  | { type: 'ACCEPT' }
  | { type: 'REJECT'; reason: string; otherReason: string | null }
  | {
      type: 'RESOLVE_ADDRESS';
      side: AddressSide;
      lat: number;
      lng: number;
      resolvedBy: (typeof resolutionSources)[number];
      precision?: GeoPrecision;
    }
  | { type: 'UNRESOLVE_ADDRESS'; side: AddressSide }
  | { type: 'ASSIGN'; slotId: string }
  | { type: 'UNASSIGN'; force: boolean }
  | { type: 'COLLECT' | 'RETURN'; comment: string | null }
  /**
   * `override`: a planner's manual override (the pickup included); without it, the courier's
   * report, which needs the pickup reported first.
   */
  | { type: 'DELIVER'; comment: string | null; override: boolean }
  /** MANUAL_DEVIATE: the move to DEVIATED with a deviation `id` of the reason and comment. */
  | { type: 'DEVIATE'; id: string; reason: DeviationReason; comment: string | null }
  | DeviationCommand
  | { type: 'DELETE' }
  | { type: 'RESTORE' }
  | ScanCommand
  /** Erase the personal data of the order's parties (docs/decisions/0050-personal-data.md). */
  | { type: 'ERASE'; reason: ErasureReason }
  /** A delivery's proof, delivering it first when it is not yet (0068). */
  | ProveCommand
  /** The recipient's answer on the tracking page (docs/decisions/0063). */
  | AnswerCommand
  /** The recipient's net promoter answer after delivery (docs/decisions/0083). */
  | RateCommand;

/** Checks the transition table; true when the order is already where the action leads. */
function guard(action: ConsignmentAction, s: Booked, alreadyDone: boolean): boolean {
  if (alreadyDone) return true;
  if (!canTransition(action, s.state)) refuse(action, s.state);
  return false;
}

export const orderDecider: Decider<OrderState, OrderCommand, OrderStreamEvent> = {
  initialState: { status: 'none' },
  evolve: evolveOrderStream,
  decide(command, state) {
    if (command.type === 'CREATE_ORDER') {
      if (state.status !== 'none')
        throw new AppError('ALREADY_EXISTS', `Order ${command.order.orderId} already exists`);
      const address = addressesOf(command.order, command.unresolved);
      const initial = command.order.requiresConfirmation
        ? 'UNCONFIRMED'
        : stateFromAddresses(address);
      return [
        {
          type: 'OrderCreated',
          data: {
            order: command.order,
            state: initial,
            ...(command.unresolved.length > 0 ? { unresolved: command.unresolved } : {}),
            ...(command.returnOf ? { returnOf: command.returnOf } : {}),
            ...(command.recurringOrderId ? { recurringOrderId: command.recurringOrderId } : {}),
          },
        },
      ];
    }
    if (state.status === 'none') throw new AppError('ORDER_NOT_FOUND', ORDER_NOT_FOUND_MESSAGE);
    return decideOnBooked(command, state);
  },
};

function decideOnBooked(
  command: Exclude<OrderCommand, { type: 'CREATE_ORDER' }>,
  s: Booked,
): OrderStreamEvent[] {
  switch (command.type) {
    case 'ERASE':
      // Erasing twice changes nothing; an order in any state can be erased.
      if (s.erased) return [];
      return [
        {
          type: 'PersonalDataErased',
          data: { subject: orderSubject(s.order.orderId), reason: command.reason },
        },
      ];
    case 'EDIT':
      return decideEdit(command, s);
    case 'SCAN':
      return decideScan(command, s);
    case 'PROVE':
      return decideProof(command, s, () =>
        decideOnBooked({ type: 'DELIVER', comment: null, override: command.override }, s),
      );
    case 'RATE':
      return decideRating(command, s);
    case 'ANSWER':
      return decideAnswer(command, s, (force) => decideOnBooked({ type: 'UNASSIGN', force }, s));
    case 'MOVE': {
      if (guard('move', s, s.departmentId === command.departmentId)) return [];
      const planned = ['ASSIGNED', 'OFFERED', 'REFUSED'].includes(s.state);
      return [
        {
          type: 'OrderMoved',
          data: {
            fromDepartmentId: s.departmentId,
            departmentId: command.departmentId,
            previousSlotId: s.slotId,
            state: planned ? stateFromAddresses(s.address) : s.state,
          },
        },
      ];
    }
    case 'ACCEPT':
      if (guard('accept', s, s.state !== 'UNCONFIRMED' && s.state !== 'REJECTED')) return [];
      return [{ type: 'OrderAccepted', data: { state: stateFromAddresses(s.address) } }];
    case 'REJECT':
      if (guard('reject', s, s.state === 'REJECTED')) return [];
      return [
        {
          type: 'OrderRejected',
          data: { reason: command.reason, otherReason: command.otherReason, state: 'REJECTED' },
        },
      ];
    case 'RESOLVE_ADDRESS': {
      const current = s.address[command.side];
      const same =
        current.status === 'resolved' &&
        current.coordinates?.lat === command.lat &&
        current.coordinates.lng === command.lng;
      if (guard('resolveAddress', s, same)) return [];
      const address = {
        ...s.address,
        [command.side]: { status: 'resolved', coordinates: { lat: command.lat, lng: command.lng } },
      };
      const { type: _t, ...data } = command;
      return [{ type: 'AddressResolved', data: { ...data, state: stateFromAddresses(address) } }];
    }
    case 'UNRESOLVE_ADDRESS':
      if (guard('unresolveAddress', s, s.address[command.side].status === 'unresolved')) return [];
      return [{ type: 'AddressUnresolved', data: { side: command.side, state: 'UNRESOLVED' } }];
    case 'ASSIGN':
      if (guard('assign', s, s.state === 'ASSIGNED' && s.slotId === command.slotId)) return [];
      return [
        {
          type: 'ConsignmentAssignedToSlot',
          data: { slotId: command.slotId, previousSlotId: s.slotId, state: 'ASSIGNED' },
        },
      ];
    case 'UNASSIGN':
      if (
        guard(
          command.force ? 'forceUnassign' : 'unassign',
          s,
          s.slotId === null && ['CREATED', 'UNRESOLVED', 'RESOLVED'].includes(s.state),
        )
      )
        return [];
      return [
        {
          type: 'ConsignmentUnassignedFromSlot',
          data: { slotId: s.slotId, force: command.force, state: stateFromAddresses(s.address) },
        },
      ];
    case 'COLLECT':
      if (guard('collect', s, s.state === 'COLLECTED')) return [];
      return [
        {
          type: 'ConsignmentCollected',
          data: { manual: true, comment: command.comment, state: 'COLLECTED' },
        },
      ];
    case 'DELIVER': {
      const action = command.override ? 'overrideDeliver' : 'deliver';
      if (s.state === 'DELIVERED') return [];
      if (
        !command.override &&
        !canTransition('deliver', s.state) &&
        canTransition('overrideDeliver', s.state)
      )
        // Planned but not collected: the clear refusal the courier's page explains.
        throw new AppError(
          'INVALID_STATE_TRANSITION',
          `Cannot deliver a consignment before its pickup: report the pickup first (state ${s.state})`,
          { action, state: s.state, reason: 'pickupFirst' },
        );
      guard(action, s, false);
      return [
        {
          type: 'ConsignmentDelivered',
          data: { manual: true, comment: command.comment, state: 'DELIVERED' },
        },
      ];
    }
    case 'DEVIATE':
      if (guard('deviate', s, s.state === 'DEVIATED')) return [];
      return recordDeviation(
        deviating(s),
        {
          type: 'RECORD_DEVIATION',
          id: command.id,
          reason: command.reason,
          text: command.comment,
          position: null,
          photoRef: null,
        },
        command.comment,
      );
    case 'RECORD_DEVIATION':
    case 'UPDATE_DEVIATION':
    case 'DELETE_DEVIATION':
      return decideDeviation(deviating(s), command);
    case 'RETURN':
      if (guard('return', s, s.state === 'RETURNED')) return [];
      return [
        {
          type: 'ConsignmentReturned',
          data: { manual: true, comment: command.comment, state: 'RETURNED' },
        },
      ];
    case 'CREATE_RETURN': {
      const { type: _t, ...made } = command;
      // The same return again (a retried command): nothing new.
      if (s.returns.some((r) => r.returnId === made.returnId)) return [];
      assertReturnable(s, made.kind);
      return [{ type: 'OrderReturnCreated', data: { ...made, state: s.state } }];
    }
    case 'DELETE':
      if (guard('delete', s, s.state === 'DELETED')) return [];
      return [{ type: 'OrderDeleted', data: { previousState: s.state, state: 'DELETED' } }];
    case 'RESTORE':
      if (guard('restore', s, s.state !== 'DELETED')) return [];
      return [{ type: 'OrderRestored', data: { state: restoredState(s) } }];
    default: {
      const never: never = command;
      return never;
    }
  }
}

/** What the deviation commands need of the order (its scope: who may read its deviations). */
const deviating = (s: Booked) => ({
  state: s.state,
  erased: s.erased,
  deviations: s.deviations,
  scope: { departmentId: s.departmentId, customerId: s.customerId, date: s.order.pickupDate },
});

/** An order comes back as it was before deletion, but without its slot (docs: transition table). */
function restoredState(s: Booked): ConsignmentState {
  const before = s.beforeDelete ?? 'CREATED';
  return before === 'UNCONFIRMED' || before === 'REJECTED' ? before : stateFromAddresses(s.address);
}

/** The actions in the table, for the README and tests. */
export const actions = Object.keys(consignmentTransitions) as ConsignmentAction[];

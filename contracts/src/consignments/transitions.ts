import type { ConsignmentState } from './states.js';

/**
 * The consignment state machine, as data (the spec leaves the transitions open; the choice is
 * explained in command-service/src/consignments/README.md). Each action lists the states it may
 * start from; `to` is the resulting state, or a rule name when the result depends on the order.
 *
 * - `addresses`: RESOLVED when both pickup and delivery have coordinates, else UNRESOLVED.
 * - `beforeDelete`: the state the order had before it was deleted (slot links are dropped, so an
 *   order deleted while ASSIGNED or OFFERED comes back by its address status).
 * - `sameOrAddresses`: an edit recomputes CREATED/UNRESOLVED/RESOLVED from the addresses; other
 *   states (UNCONFIRMED, OFFERED, REFUSED, ASSIGNED) stay.
 * - `withoutSlot`: a move keeps the state, but a planned order (ASSIGNED, OFFERED, REFUSED) leaves
 *   its slot (slots belong to the old department) and goes back to its address state.
 */
export const consignmentTransitions = {
  accept: { from: ['UNCONFIRMED'], to: 'addresses' },
  reject: { from: ['UNCONFIRMED'], to: 'REJECTED' },
  resolveAddress: { from: ['CREATED', 'UNRESOLVED', 'RESOLVED', 'REFUSED'], to: 'addresses' },
  unresolveAddress: { from: ['CREATED', 'UNRESOLVED', 'RESOLVED', 'REFUSED'], to: 'UNRESOLVED' },
  assign: { from: ['RESOLVED', 'REFUSED', 'OFFERED', 'ASSIGNED'], to: 'ASSIGNED' },
  unassign: { from: ['ASSIGNED', 'OFFERED', 'REFUSED'], to: 'addresses' },
  /**
   * Spec §4 force-unassign: also a consignment the courier has collected (or deviated), e.g. when
   * the goods move to another courier; it goes back to its address state to be planned again.
   */
  forceUnassign: {
    from: ['ASSIGNED', 'OFFERED', 'REFUSED', 'COLLECTED', 'DEVIATED'],
    to: 'addresses',
  },
  collect: {
    from: ['RESOLVED', 'UNRESOLVED', 'OFFERED', 'REFUSED', 'ASSIGNED', 'DEVIATED'],
    to: 'COLLECTED',
  },
  /**
   * The courier's report of a delivery: the goods are in hand, so the consignment was collected
   * first (or deviated on the way). Delivering a planned consignment whose pickup was never
   * reported is refused (issue 36: it silently completed both stops).
   */
  deliver: { from: ['COLLECTED', 'DEVIATED'], to: 'DELIVERED' },
  /**
   * A planner's manual override (spec §7 "manual override commands for deliver"): marks a
   * consignment delivered, its pickup included, from any planned or moving state.
   */
  overrideDeliver: { from: ['ASSIGNED', 'OFFERED', 'COLLECTED', 'DEVIATED'], to: 'DELIVERED' },
  deviate: { from: ['ASSIGNED', 'OFFERED', 'COLLECTED'], to: 'DEVIATED' },
  return: { from: ['COLLECTED', 'DEVIATED'], to: 'RETURNED' },
  delete: {
    from: [
      'CREATED',
      'UNCONFIRMED',
      'UNRESOLVED',
      'RESOLVED',
      'REJECTED',
      'OFFERED',
      'REFUSED',
      'ASSIGNED',
    ],
    to: 'DELETED',
  },
  restore: { from: ['DELETED'], to: 'beforeDelete' },
  edit: {
    from: ['CREATED', 'UNCONFIRMED', 'UNRESOLVED', 'RESOLVED', 'OFFERED', 'REFUSED', 'ASSIGNED'],
    to: 'sameOrAddresses',
  },
  move: {
    from: [
      'CREATED',
      'UNCONFIRMED',
      'UNRESOLVED',
      'RESOLVED',
      'REJECTED',
      'OFFERED',
      'REFUSED',
      'ASSIGNED',
    ],
    to: 'withoutSlot',
  },
} as const satisfies Record<
  string,
  {
    from: readonly ConsignmentState[];
    to: ConsignmentState | 'addresses' | 'beforeDelete' | 'sameOrAddresses' | 'withoutSlot';
  }
>;

export type ConsignmentAction = keyof typeof consignmentTransitions;

export const canTransition = (action: ConsignmentAction, from: ConsignmentState): boolean =>
  (consignmentTransitions[action].from as readonly ConsignmentState[]).includes(from);

/** The states in which a consignment may be planned on a slot (spec §3 isAssignable). */
export const ASSIGNABLE_STATES = [
  'RESOLVED',
  'REFUSED',
] as const satisfies readonly ConsignmentState[];

/** Row flags of the consignment read model (spec §3), derived from state and load carrier. */
export function rowFlags(state: ConsignmentState, loadCarrierId: string | null) {
  return {
    isAssignable: (ASSIGNABLE_STATES as readonly ConsignmentState[]).includes(state),
    isSelectable: state !== 'DELETED',
    isDeletable: canTransition('delete', state),
    isEditable: loadCarrierId === null && canTransition('edit', state),
  };
}

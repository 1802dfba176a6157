import { AppError, UNKNOWN_CONSIGNMENT_STATE_MESSAGE } from '../errors.js';

/** Spec §4: the consignment states, in ranking order (highest rank first). */
export const consignmentStates = [
  'DELETED',
  'RETURNED',
  'DELIVERED',
  'DEVIATED',
  'COLLECTED',
  'ASSIGNED',
  'REFUSED',
  'OFFERED',
  'REJECTED',
  'RESOLVED',
  'UNRESOLVED',
  'UNCONFIRMED',
  'CREATED',
] as const;
export type ConsignmentState = (typeof consignmentStates)[number];

/** Spec §4: states in which the goods have not been collected yet. */
export const notCollectedStates: readonly ConsignmentState[] = [
  'CREATED',
  'UNRESOLVED',
  'RESOLVED',
  'REJECTED',
  'OFFERED',
  'ASSIGNED',
  'REFUSED',
  'UNCONFIRMED',
];

export const isConsignmentState = (value: unknown): value is ConsignmentState =>
  typeof value === 'string' && (consignmentStates as readonly string[]).includes(value);

/** Throws the spec's "Unknown consignment state" error for anything not in the list. */
export function assertConsignmentState(value: unknown): ConsignmentState {
  if (!isConsignmentState(value)) {
    throw new AppError('UNKNOWN_CONSIGNMENT_STATE', UNKNOWN_CONSIGNMENT_STATE_MESSAGE, {
      state: String(value),
    });
  }
  return value;
}

/** 0 for the highest-ranked state (DELETED); sorting by rank yields the spec's order. */
export const stateRank = (state: ConsignmentState): number => consignmentStates.indexOf(state);

export const isNotCollected = (state: ConsignmentState): boolean =>
  notCollectedStates.includes(state);

export type StateStyle = 'success' | 'danger' | 'warning' | 'neutral';

/** Spec §4 display: the style of a state chip. */
export function stateStyle(state: string): StateStyle {
  switch (assertConsignmentState(state)) {
    case 'DELIVERED':
      return 'success';
    case 'DEVIATED':
    case 'REJECTED':
    case 'DELETED':
      return 'danger';
    case 'UNRESOLVED':
    case 'RETURNED':
    case 'UNCONFIRMED':
      return 'warning';
    case 'COLLECTED':
    case 'ASSIGNED':
    case 'REFUSED':
    case 'OFFERED':
    case 'RESOLVED':
    case 'CREATED':
      return 'neutral';
  }
}

import { canTransition, type ConsignmentAction } from '../consignments/transitions.js';
import type { ConsignmentState } from '../consignments/states.js';

/**
 * The package state machine of the courier's scans (issue 42, docs/decisions/0064-courier-scans.md)
 * and how the packages of a consignment move the consignment through the §4 machine. Pure: the
 * command side decides with it, the property test walks it, the courier page explains with it.
 */

/** What a scan says happened to a package (the kind the courier chooses). */
export const scanKinds = ['PICKED_UP', 'AT_TERMINAL', 'LOADED', 'DELIVERED', 'RETURNED'] as const;
export type ScanKind = (typeof scanKinds)[number];

/** Where a package is by its scans: NOT_SCANNED until its first. */
export const packageStates = ['NOT_SCANNED', ...scanKinds] as const;
export type PackageState = (typeof packageStates)[number];

/**
 * The order of the steps: a scan moves a package forward (a step may be skipped: a parcel handed
 * over at the door without a terminal scan is delivered), never back. DELIVERED and RETURNED are
 * final and of the same rank.
 */
export const packageRank: Record<PackageState, number> = {
  NOT_SCANNED: 0,
  PICKED_UP: 1,
  AT_TERMINAL: 2,
  LOADED: 3,
  DELIVERED: 4,
  RETURNED: 4,
};

export const isFinalPackageState = (s: PackageState) => s === 'DELIVERED' || s === 'RETURNED';

/**
 * Why a scan moved nothing (or not all it named). The scan is recorded either way, and the courier
 * sees the warning; no state goes wrong.
 *
 * - `notOnRoute`: the code names no package, shipment or load carrier of the slot's route;
 * - `duplicate`: the package already had a scan of this kind;
 * - `outOfOrder`: the package is past this step (e.g. LOADED after DELIVERED's rank);
 * - `final`: the package was delivered or returned already;
 * - `consignmentRefused`: the packages agree on a step the consignment's state cannot take
 *   (e.g. it was deleted or force-unassigned meanwhile); the packages move, the consignment not.
 */
export const scanWarnings = [
  'notOnRoute',
  'duplicate',
  'outOfOrder',
  'final',
  'consignmentRefused',
] as const;
export type ScanWarning = (typeof scanWarnings)[number];

/** One package scanned with one kind: its next state, or why it stays. */
export function scanPackage(
  current: PackageState,
  kind: ScanKind,
): { state: PackageState; warning: ScanWarning | null } {
  if (current === kind) return { state: current, warning: 'duplicate' };
  if (isFinalPackageState(current)) return { state: current, warning: 'final' };
  if (packageRank[kind] < packageRank[current]) return { state: current, warning: 'outOfOrder' };
  return { state: kind, warning: null };
}

/** What all of a consignment's packages agree on: the consignment state they call for. */
export function agreedState(
  packages: readonly PackageState[],
): 'COLLECTED' | 'DELIVERED' | 'RETURNED' | null {
  if (packages.length === 0) return null;
  if (packages.every((p) => p === 'DELIVERED')) return 'DELIVERED';
  if (packages.every((p) => p === 'RETURNED')) return 'RETURNED';
  if (packages.every((p) => p !== 'NOT_SCANNED')) return 'COLLECTED';
  return null;
}

/**
 * The §4 actions that take a consignment where its packages agree, each allowed by the transition
 * table from the state before it: nothing when it is there already (or beyond: a delivered
 * consignment is not collected again), null when the table forbids the way.
 *
 * `collected`: the goods were collected before (a consignment DEVIATED after its pickup is not
 * collected again by a later scan; one DEVIATED at a failed pickup is).
 */
export function consignmentSteps(
  state: ConsignmentState,
  collected: boolean,
  target: 'COLLECTED' | 'DELIVERED' | 'RETURNED' | null,
): ConsignmentAction[] | null {
  if (target === null || state === target) return [];
  const final = state === 'DELIVERED' || state === 'RETURNED';
  if (target === 'COLLECTED') {
    if (final || state === 'COLLECTED' || (state === 'DEVIATED' && collected)) return [];
    return canTransition('collect', state) ? ['collect'] : null;
  }
  const last: ConsignmentAction = target === 'DELIVERED' ? 'deliver' : 'return';
  if (canTransition(last, state)) return [last];
  if (canTransition('collect', state) && state !== 'DEVIATED') return ['collect', last];
  return null;
}

/** The state an action leads to (only the moving actions scans take). */
export const stepResult = (action: ConsignmentAction): ConsignmentState =>
  action === 'collect' ? 'COLLECTED' : action === 'deliver' ? 'DELIVERED' : 'RETURNED';

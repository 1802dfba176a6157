import {
  AppError,
  canTransition,
  changedTimingFields,
  validationMessages,
  type AddressSide,
  type BookedOrder,
  type ConsignmentEvent,
  type ConsignmentState,
  type OrderTimingField,
  type ValidationKey,
} from '@nordlog/contracts';
import { refuseErasedEdit } from './erasure.js';
import { refuse } from './refuse.js';
import { addressesOf, stateFromAddresses, type Booked } from './state.js';

/** UPDATE_ORDER on an order's stream: the order as edited, checked against the stored one. */
export type EditCommand = {
  type: 'EDIT';
  /** The edited order; lines keep the package ids they name, `newPackageIds` fill the rest. */
  order: Omit<BookedOrder, 'departmentId' | 'shipmentId' | 'trackingId'>;
  unresolved: AddressSide[];
  newPackageIds: string[];
  /** Field refusals of the clock rule, applied only when the timing changed (0015). */
  timingIssues: { path: (string | number)[]; message: ValidationKey }[];
};

/** The fields whose change re-checks the clock rule on an edit. */
const timingChanged = (a: Pick<BookedOrder, 'pickupDate' | 'pickupTimeLatest'>, b: typeof a) =>
  a.pickupDate !== b.pickupDate || (a.pickupTimeLatest ?? null) !== (b.pickupTimeLatest ?? null);

type Timing = Pick<BookedOrder, OrderTimingField>;

/**
 * The timing rules an edit answers to: the pickup ahead when its date or latest time changed; a
 * calendar rule (docs/decisions/0078) when its own field or the pickup date changed. An edit of
 * anything else leaves an order booked before its department's calendar changed as it is.
 */
function timingIssuesOfEdit(
  edited: Timing,
  stored: Timing,
  issues: { path: (string | number)[]; message: ValidationKey }[],
) {
  const changed = changedTimingFields(edited, stored);
  return issues.filter((i) =>
    i.message === 'validation.future'
      ? timingChanged(edited, stored)
      : changed.has('pickupDate') || changed.has(String(i.path[0])),
  );
}

/**
 * An edit keeps the SSCCs of the packages that stay: a line may name only package ids the order
 * has; lines without enough ids get new ones, in order.
 */
function assignPackageIds(
  lines: BookedOrder['measurements'],
  known: ReadonlySet<string>,
  fresh: string[],
): BookedOrder['measurements'] {
  const used = new Set<string>();
  let next = 0;
  return lines.map((line, i) => {
    const kept = (line.packageIds ?? []).filter((id) => {
      if (!known.has(id) || used.has(id)) {
        throw new AppError('VALIDATION_ERROR', `payload.measurements.${i}.packageIds: not valid`, {
          field: `measurements.${i}.packageIds`,
          key: 'validation.invalid',
        });
      }
      used.add(id);
      return true;
    });
    const ids = [...kept];
    while (ids.length < line.quantity) {
      const id = fresh[next++];
      if (id === undefined) throw new AppError('INTERNAL_ERROR', 'Not enough package ids drawn');
      ids.push(id);
    }
    return { ...line, packageId: ids[0], packageIds: ids.slice(0, line.quantity) };
  });
}

export function decideEdit(command: EditCommand, s: Booked): ConsignmentEvent[] {
  if (!canTransition('edit', s.state)) refuse('edit', s.state);
  if (s.erased) refuseErasedEdit(command.order, s.order);
  const issues = timingIssuesOfEdit(command.order, s.order, command.timingIssues);
  if (issues.length > 0)
    throw AppError.of(
      issues.map((i) => {
        const field = i.path.map(String).join('.');
        return {
          errorType: 'VALIDATION_ERROR' as const,
          description: `payload.${field}: ${validationMessages[i.message]}`,
          params: { field, key: i.message },
        };
      }),
    );
  const known = new Set(s.order.measurements.flatMap((l) => l.packageIds ?? []));
  const order: BookedOrder = {
    ...command.order,
    departmentId: s.departmentId,
    ...(s.order.shipmentId ? { shipmentId: s.order.shipmentId } : {}),
    ...(s.order.trackingId ? { trackingId: s.order.trackingId } : {}),
    // The recipient's note stays through a planner's edit (0063).
    ...(s.order.leaveAtDoor ? { leaveAtDoor: s.order.leaveAtDoor } : {}),
    measurements: assignPackageIds(command.order.measurements, known, command.newPackageIds),
  };
  const address = addressesOf(order, command.unresolved);
  // Spec §4 table `sameOrAddresses`: the address states follow the addresses; planned or
  // unconfirmed orders keep their state.
  const addressStates: ConsignmentState[] = ['CREATED', 'UNRESOLVED', 'RESOLVED'];
  const state = addressStates.includes(s.state) ? stateFromAddresses(address) : s.state;
  if (JSON.stringify(order) === JSON.stringify(s.order) && state === s.state) return [];
  return [
    {
      type: 'OrderUpdated',
      data: {
        order,
        state,
        ...(command.unresolved.length > 0 ? { unresolved: command.unresolved } : {}),
      },
    },
  ];
}

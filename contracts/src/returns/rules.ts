import { AppError } from '../errors.js';
import type { ConsignmentState } from '../consignments/states.js';
import type { OrderReturn, ReturnKind } from './links.js';

/**
 * Which orders a return can be made of (docs/decisions/0057-returns.md), pure: the order's
 * decider refuses by these rules, and the handlers ask them before they spend numbers on the
 * return's orders.
 *
 * - A copy (COPY_DEVIATED_ORDER) is of a DEVIATED order (spec §4 "duplication of a deviated order").
 * - A multi-leg return is of a DELIVERED order (the recipient hands the goods back), or of a
 *   DEVIATED one whose goods were collected (they came back to the terminal with the courier).
 *   A deviated order never collected has its goods still at the sender: nothing to return.
 * - An order has one return; its personal data must not be erased (the return needs its parties).
 */
export interface ReturnableOrder {
  state: ConsignmentState;
  collected: boolean;
  erased: boolean;
  returns: readonly OrderReturn[];
}

export function returnRefusal(o: ReturnableOrder, kind: ReturnKind): AppError | null {
  const existing = o.returns[0];
  if (existing)
    return new AppError(
      'ALREADY_EXISTS',
      `The order has a return already (${existing.returnId}, orders ${existing.orderIds.join(', ') || 'none'}): one return per order`,
      { returnId: existing.returnId },
    );
  if (o.erased)
    return new AppError(
      'PERSONAL_DATA_ERASED',
      "The order's personal data was erased: a return needs its sender and recipient",
    );
  if (kind === 'COPY' && o.state !== 'DEVIATED')
    return new AppError(
      'INVALID_STATE_TRANSITION',
      `Only a deviated order can be copied; this one is ${o.state}`,
      { action: 'copyDeviated', state: o.state },
    );
  if (kind === 'MULTILEG') {
    if (o.state !== 'DELIVERED' && o.state !== 'DEVIATED')
      return new AppError(
        'INVALID_STATE_TRANSITION',
        `A return is made of a delivered or deviated order; this one is ${o.state}`,
        { action: 'multilegReturn', state: o.state },
      );
    if (o.state === 'DEVIATED' && !o.collected)
      return new AppError(
        'INVALID_STATE_TRANSITION',
        'The goods were never collected, so they are still with the sender: nothing to return (copy the order for a new attempt instead)',
        { action: 'multilegReturn', state: o.state },
      );
  }
  return null;
}

export function assertReturnable(o: ReturnableOrder, kind: ReturnKind): void {
  const refusal = returnRefusal(o, kind);
  if (refusal) throw refusal;
}

/** Which returns an order can have now, and why not when it can have none. */
export function returnEligibility(o: ReturnableOrder): {
  COPY: boolean;
  MULTILEG: boolean;
  reason: string | null;
} {
  const copy = returnRefusal(o, 'COPY');
  const multileg = returnRefusal(o, 'MULTILEG');
  return {
    COPY: copy === null,
    MULTILEG: multileg === null,
    reason: copy && multileg ? multileg.items[0]!.description : null,
  };
}

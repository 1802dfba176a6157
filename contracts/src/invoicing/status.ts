/**
 * Invoicing statuses (spec §4; issue 18 §2; docs/decisions/0031-invoicing-status.md). The spec
 * names nine statuses and says that pause, release and a manual status exist. It does not show
 * the transitions, so the table below is the whole rule, as data.
 */
export const invoicingStatuses = [
  'TO_BE_INVOICED',
  'INVOICING_FAILED',
  'CORRECTION_PENDING',
  'INVOICING_PAUSED',
  'EXCLUDED_FROM_INVOICING',
  'NOT_READY_FOR_INVOICING',
  'INVOICED_OK',
  'ZERO_PRICE',
  'AWAITING_ACKNOWLEDGEMENT',
] as const;
export type InvoicingStatus = (typeof invoicingStatuses)[number];

export const isInvoicingStatus = (value: unknown): value is InvoicingStatus =>
  typeof value === 'string' && (invoicingStatuses as readonly string[]).includes(value);

/** Spec §4: INVOICED_OK and AWAITING_ACKNOWLEDGEMENT count as invoiced; no other status does. */
export const invoicedStatuses: readonly InvoicingStatus[] = [
  'INVOICED_OK',
  'AWAITING_ACKNOWLEDGEMENT',
];
export const isInvoiced = (status: InvoicingStatus): boolean => invoicedStatuses.includes(status);

/**
 * Why a delivered order is not ready to invoice (NOT_READY_FOR_INVOICING, ZERO_PRICE), or is not
 * invoiced here at all (EXCLUDED_FROM_INVOICING: dated before its customer's HD invoicing from
 * date, docs/decisions/0071).
 */
export const notReadyReasons = [
  'NOT_DELIVERED',
  'MISSING_PRICE',
  'ZERO_PRICE_AWAITING_APPROVAL',
  'CORRECTION_PENDING',
  'INVOICED_BEFORE_HD_INVOICING',
] as const;
export type NotReadyReason = (typeof notReadyReasons)[number];

/** What the order's other streams say, as invoicing reads them. */
export interface InvoicingFacts {
  /** Delivered (or returned: a return is invoiced too). */
  delivered: boolean;
  /** The price has errors (contracts pricing `OrderPrice.errors`), unless the order allows it. */
  priceIncomplete: boolean;
  /** The customer's net is zero. */
  zeroPrice: boolean;
  /** A planner approved the zero price (the order's `hasZeroPriceApproval`). */
  zeroPriceApproved: boolean;
  /** An order correction waits for accept or reject. */
  correctionPending: boolean;
}

/**
 * The status the facts give when nothing holds the order by hand: not ready until delivered and
 * priced, a pending correction first, then a zero price awaiting approval, then ready.
 */
export function derivedStatus(facts: InvoicingFacts): {
  status: InvoicingStatus;
  reason: NotReadyReason | null;
} {
  if (!facts.delivered) return { status: 'NOT_READY_FOR_INVOICING', reason: 'NOT_DELIVERED' };
  if (facts.correctionPending)
    return { status: 'CORRECTION_PENDING', reason: 'CORRECTION_PENDING' };
  if (facts.priceIncomplete) return { status: 'NOT_READY_FOR_INVOICING', reason: 'MISSING_PRICE' };
  if (facts.zeroPrice && !facts.zeroPriceApproved)
    return { status: 'ZERO_PRICE', reason: 'ZERO_PRICE_AWAITING_APPROVAL' };
  return { status: 'TO_BE_INVOICED', reason: null };
}

/**
 * The statuses a planner or an invoicing run holds an order in, whatever the facts say; every other
 * status follows the facts (`derivedStatus`).
 */
export const heldStatuses: readonly InvoicingStatus[] = [
  'INVOICING_PAUSED',
  'EXCLUDED_FROM_INVOICING',
  'INVOICING_FAILED',
  'AWAITING_ACKNOWLEDGEMENT',
  'INVOICED_OK',
];

/**
 * What may be done to an order's invoicing, from which statuses (the effective status: held or
 * derived), and what it leads to ('facts': back to the derived status).
 * - pause: hold an order that is not invoiced yet; release: let it follow its facts again;
 * - exclude: never invoice it (e.g. invoiced outside the product); include: undo that;
 * - invoice: an invoicing run sends it (AWAITING_ACKNOWLEDGEMENT), or records it invoiced
 *   (INVOICED_OK) where the accounting system needs no acknowledgement;
 * - acknowledge / fail: the accounting system's answer; retry: a failed order follows its facts;
 * - credit: a correction of an invoiced order, which is invoiced again (a credit and a new line).
 */
export const invoicingTransitions = {
  pause: {
    from: [
      'TO_BE_INVOICED',
      'NOT_READY_FOR_INVOICING',
      'ZERO_PRICE',
      'CORRECTION_PENDING',
      'INVOICING_FAILED',
    ],
    to: 'INVOICING_PAUSED',
  },
  release: { from: ['INVOICING_PAUSED'], to: 'facts' },
  exclude: {
    from: [
      'TO_BE_INVOICED',
      'NOT_READY_FOR_INVOICING',
      'ZERO_PRICE',
      'CORRECTION_PENDING',
      'INVOICING_FAILED',
      'INVOICING_PAUSED',
    ],
    to: 'EXCLUDED_FROM_INVOICING',
  },
  include: { from: ['EXCLUDED_FROM_INVOICING'], to: 'facts' },
  send: { from: ['TO_BE_INVOICED'], to: 'AWAITING_ACKNOWLEDGEMENT' },
  invoice: { from: ['TO_BE_INVOICED', 'AWAITING_ACKNOWLEDGEMENT'], to: 'INVOICED_OK' },
  fail: { from: ['TO_BE_INVOICED', 'AWAITING_ACKNOWLEDGEMENT'], to: 'INVOICING_FAILED' },
  retry: { from: ['INVOICING_FAILED'], to: 'facts' },
} as const satisfies Record<
  string,
  { from: readonly InvoicingStatus[]; to: InvoicingStatus | 'facts' }
>;
export type InvoicingAction = keyof typeof invoicingTransitions;

export const canInvoicingTransition = (action: InvoicingAction, from: InvoicingStatus): boolean =>
  (invoicingTransitions[action].from as readonly InvoicingStatus[]).includes(from);

/**
 * The statuses a planner may set by hand (spec §4 "its status can be set manually"), each by the
 * action that leads there: a manual status is one of the table's moves, with a reason.
 */
export const manualStatuses = {
  INVOICING_PAUSED: 'pause',
  EXCLUDED_FROM_INVOICING: 'exclude',
  INVOICED_OK: 'invoice',
} as const satisfies Partial<Record<InvoicingStatus, InvoicingAction>>;

/** The effective status: what holds the order, else what its facts give. */
export function effectiveStatus(
  held: InvoicingStatus | null,
  facts: InvoicingFacts,
): { status: InvoicingStatus; reason: NotReadyReason | null } {
  return held !== null ? { status: held, reason: null } : derivedStatus(facts);
}

/**
 * The status after an action, or null when the table refuses it from the effective status.
 * 'facts' clears the hold: the order follows its facts again.
 */
export function afterInvoicingAction(
  action: InvoicingAction,
  held: InvoicingStatus | null,
  facts: InvoicingFacts,
): { held: InvoicingStatus | null } | null {
  const { status } = effectiveStatus(held, facts);
  if (!canInvoicingTransition(action, status)) return null;
  const to: InvoicingStatus | 'facts' = invoicingTransitions[action].to;
  return { held: to === 'facts' ? null : to };
}

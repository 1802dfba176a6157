import {
  AppError,
  afterInvoicingAction,
  chargedSmsOf,
  evolveInvoicing,
  hasPendingCorrection,
  invoiceableStates,
  followPlacement,
  isConsignmentState,
  isInvoiced,
  isInvoicingEventType,
  jsonEqual,
  measurementTotals,
  NO_INVOICING,
  type ArticlePriceCorrection,
  type BookedOrder,
  type ConsignmentState,
  type CorrectionValues,
  type InvoicingAction,
  type InvoicingEvent,
  type InvoicingFacts,
  type OrderInvoicing,
  type OrderPrice,
  type PricedOn,
  type RecordedEvent,
  smsChargesOf,
  withSentSms,
} from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';

/**
 * An order's invoicing, decided on the order's own stream (docs/decisions/0032-invoicing.md). It
 * folds the consignment's events for what invoicing needs (state, department, customer, slot,
 * packages) and its own events for holds, corrections and what was invoiced.
 */
export type OrderInvoicingState =
  | { status: 'none' }
  | {
      status: 'booked';
      orderId: string;
      state: ConsignmentState;
      departmentId: string;
      customerId: string;
      slotId: string | null;
      packages: number;
      correctedArticlePrices: ArticlePriceCorrection[];
      invoicing: OrderInvoicing;
    };

export type OrderInvoicingCommand =
  | { type: 'ACT'; action: InvoicingAction; reason: string | null }
  | {
      type: 'INVOICE';
      runId: string;
      invoiceId: string;
      invoiceNumber: string;
      price: OrderPrice;
      /** What the price was computed from: refused when the order holds something else now. */
      pricedOn: PricedOn;
    }
  | { type: 'CREATE_CORRECTION'; id: string; proposed: CorrectionValues; comment: string }
  | { type: 'ACCEPT_CORRECTION'; id: string; values: CorrectionValues; comment: string }
  | { type: 'REJECT_CORRECTION'; id: string; comment: string }
  | { type: 'CORRECT_PRICES'; correctedArticlePrices: ArticlePriceCorrection[]; reason: string };

type Booked = Extract<OrderInvoicingState, { status: 'booked' }>;

const refuse = (description: string) => new AppError('INVALID_STATE_TRANSITION', description);

/**
 * The facts the command side knows. The price is computed when read (docs/decisions/0030), so it
 * is not known here: a planner who marks an order invoiced outside the product vouches for its
 * price, and an invoicing run checks the price itself before it invoices.
 */
const factsOf = (s: Booked): InvoicingFacts => ({
  delivered: invoiceableStates.includes(s.state),
  priceIncomplete: false,
  zeroPrice: false,
  zeroPriceApproved: true,
  correctionPending: hasPendingCorrection(s.invoicing),
});

function act(s: Booked, action: InvoicingAction, reason: string | null): InvoicingEvent[] {
  const after = afterInvoicingAction(action, s.invoicing.held, factsOf(s));
  if (after === null) {
    // Asking for what already is changes nothing (a bulk selection may hold both).
    const target =
      action === 'pause'
        ? 'INVOICING_PAUSED'
        : action === 'exclude'
          ? 'EXCLUDED_FROM_INVOICING'
          : null;
    if (target !== null && s.invoicing.held === target) return [];
    if (action === 'invoice' && s.invoicing.held === 'INVOICED_OK') return [];
    throw refuse(
      `Order ${s.orderId}: invoicing cannot ${action} from ${s.invoicing.held ?? 'its current status'}`,
    );
  }
  return [{ type: 'OrderInvoicingStatusSet', data: { action, held: after.held, reason } }];
}

function decide(command: OrderInvoicingCommand, state: OrderInvoicingState): InvoicingEvent[] {
  if (state.status === 'none') throw new AppError('ORDER_NOT_FOUND', 'Order not found');
  const s = state;
  const invoiced = s.invoicing.held !== null && isInvoiced(s.invoicing.held);
  switch (command.type) {
    case 'ACT':
      return act(s, command.action, command.reason);
    case 'INVOICE': {
      if (invoiced) throw refuse(`Order ${s.orderId} is invoiced already`);
      const after = afterInvoicingAction('invoice', s.invoicing.held, factsOf(s));
      if (after === null) throw refuse(`Order ${s.orderId} is not ready to invoice`);
      const now: PricedOn = {
        correctedArticlePrices: s.correctedArticlePrices,
        corrected: s.invoicing.corrected,
        smsSent: smsChargesOf(s.invoicing),
      };
      if (!jsonEqual(now, command.pricedOn))
        throw new AppError(
          'CONCURRENCY_CONFLICT',
          `Order ${s.orderId} was corrected or sent an SMS after it was priced; it is priced again by the next run`,
        );
      return [
        {
          type: 'OrderInvoiced',
          data: {
            runId: command.runId,
            invoiceId: command.invoiceId,
            invoiceNumber: command.invoiceNumber,
            price: command.price,
            held: 'INVOICED_OK',
          },
        },
      ];
    }
    case 'CREATE_CORRECTION':
      if (invoiced)
        throw refuse(`Order ${s.orderId} is invoiced: a change now is a credit (a billing order)`);
      if (s.state === 'DELETED') throw refuse(`Order ${s.orderId} is deleted`);
      if (hasPendingCorrection(s.invoicing))
        throw refuse(`Order ${s.orderId} has a correction waiting for a decision`);
      return [
        {
          type: 'OrderCorrectionCreated',
          data: {
            id: command.id,
            existingPackages: s.packages,
            proposed: command.proposed,
            comment: command.comment,
          },
        },
      ];
    case 'ACCEPT_CORRECTION':
    case 'REJECT_CORRECTION': {
      const correction = s.invoicing.corrections.find((c) => c.id === command.id);
      if (!correction)
        throw new AppError('NOT_FOUND', `Order ${s.orderId} has no correction ${command.id}`);
      if (correction.state !== 'PENDING')
        throw refuse(`Correction ${command.id} is ${correction.state.toLowerCase()} already`);
      if (command.type === 'REJECT_CORRECTION')
        return [
          { type: 'OrderCorrectionRejected', data: { id: command.id, comment: command.comment } },
        ];
      if (invoiced) throw refuse(`Order ${s.orderId} is invoiced already`);
      return [
        {
          type: 'OrderCorrectionAccepted',
          data: { id: command.id, values: command.values, comment: command.comment },
        },
      ];
    }
    case 'CORRECT_PRICES':
      if (invoiced) throw refuse(`Order ${s.orderId} is invoiced: its prices are final`);
      if (jsonEqual(s.correctedArticlePrices, command.correctedArticlePrices)) return [];
      return [
        {
          type: 'OrderPricesCorrected',
          data: { correctedArticlePrices: command.correctedArticlePrices, reason: command.reason },
        },
      ];
    default: {
      const never: never = command;
      return never;
    }
  }
}

interface OrderData {
  order?: BookedOrder;
  state?: unknown;
  departmentId?: string;
  slotId?: string;
}

function evolve(
  state: OrderInvoicingState,
  event: InvoicingEvent | { type: string; data: unknown },
): OrderInvoicingState {
  if (isInvoicingEventType(event.type)) {
    if (state.status === 'none') return state;
    const recorded = event as Partial<RecordedEvent>;
    const stamp = {
      at: recorded.metadata?.occurredAt ?? '',
      by: recorded.metadata?.userId ?? null,
    };
    const e = event as InvoicingEvent;
    return {
      ...state,
      invoicing: evolveInvoicing(state.invoicing, e, stamp, state.orderId),
      correctedArticlePrices:
        e.type === 'OrderPricesCorrected'
          ? e.data.correctedArticlePrices
          : state.correctedArticlePrices,
    };
  }
  const data = event.data as OrderData;
  if (event.type === 'OrderCreated' || event.type === 'OrderUpdated') {
    const order = data.order!;
    const base = state.status === 'booked' ? state : null;
    return {
      status: 'booked',
      orderId: order.orderId,
      state: isConsignmentState(data.state) ? data.state : (base?.state ?? 'CREATED'),
      departmentId: order.departmentId ?? base?.departmentId ?? '',
      customerId: order.customerId,
      slotId: base?.slotId ?? null,
      packages: measurementTotals(order.measurements).count,
      correctedArticlePrices: order.correctedArticlePrices ?? [],
      invoicing: base?.invoicing ?? NO_INVOICING,
    };
  }
  if (state.status === 'none') return state;
  // A sent pre-advice SMS is charged with the order (contracts invoicing/sms.ts).
  const sms = chargedSmsOf(event);
  if (sms !== null) return { ...state, invoicing: withSentSms(state.invoicing, sms) };
  return followPlacement(state, event);
}

export const orderInvoicingDecider: Decider<
  OrderInvoicingState,
  OrderInvoicingCommand,
  InvoicingEvent
> = {
  initialState: { status: 'none' },
  evolve: evolve,
  decide,
};

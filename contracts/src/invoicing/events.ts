import type { OrderPrice } from '../pricing/engine.js';
import type { CorrectionValues, OrderCorrection } from './corrections.js';
import type { InvoicingAction, InvoicingStatus } from './status.js';

/**
 * A price correction of an order (spec §3: articleCode, customerPrice, resourcePrice,
 * articleLabel, transportLegIndex), amounts in major units as the order form writes them.
 */
export interface ArticlePriceCorrection {
  articleCode: string;
  articleLabel: string;
  customerPrice: number;
  resourcePrice?: number;
  transportLegIndex?: number;
}

/**
 * Invoicing events, on the order's own stream (docs/decisions/0032-invoicing.md): an order's
 * invoicing, corrections and manual prices are part of its history, so the audit replay shows them
 * and an invoicing run's append races with nothing but the order itself. They carry no consignment
 * state: the order's state machine ignores them.
 */
export type InvoicingEvent =
  | {
      type: 'OrderInvoicingStatusSet';
      /** `held`: the status the order is held in from now on (null: it follows its facts). */
      data: { action: InvoicingAction; held: InvoicingStatus | null; reason: string | null };
    }
  | {
      type: 'OrderInvoiced';
      /** What was invoiced: the price as it was then, on which invoice of which run. */
      data: {
        runId: string;
        invoiceId: string;
        invoiceNumber: string;
        price: OrderPrice;
        held: 'INVOICED_OK';
      };
    }
  | {
      type: 'OrderCorrectionCreated';
      data: {
        id: string;
        existingPackages: number;
        proposed: CorrectionValues;
        comment: string;
      };
    }
  | {
      type: 'OrderCorrectionAccepted';
      data: { id: string; values: CorrectionValues; comment: string };
    }
  | { type: 'OrderCorrectionRejected'; data: { id: string; comment: string } }
  | {
      type: 'OrderPricesCorrected';
      /** The order's price corrections as they are from now on (all of them), and why. */
      data: { correctedArticlePrices: ArticlePriceCorrection[]; reason: string };
    };
export type InvoicingEventType = InvoicingEvent['type'];

export const invoicingEventTypes: readonly InvoicingEventType[] = [
  'OrderInvoicingStatusSet',
  'OrderInvoiced',
  'OrderCorrectionCreated',
  'OrderCorrectionAccepted',
  'OrderCorrectionRejected',
  'OrderPricesCorrected',
];
export const isInvoicingEventType = (type: string): type is InvoicingEventType =>
  (invoicingEventTypes as readonly string[]).includes(type);

/** What was invoiced (null: not invoiced; no run: marked invoiced by hand, outside the product). */
export interface InvoicedRecord {
  runId: string | null;
  invoiceId: string | null;
  invoiceNumber: string | null;
  at: string;
  price: OrderPrice | null;
}

/** An order's invoicing as its events leave it (the `invoicing` part of an order row). */
export interface OrderInvoicing {
  held: InvoicingStatus | null;
  /** Why it is held (the manual status's reason). */
  heldReason: string | null;
  corrections: OrderCorrection[];
  /** The values of the last accepted correction: what the order is priced on. */
  corrected: CorrectionValues | null;
  invoiced: InvoicedRecord | null;
  /** Pre-advice SMS sent for the order, per vas code (./sms.ts); absent: none. */
  smsSent?: { vasCode: string; count: number }[];
}

export const NO_INVOICING: OrderInvoicing = {
  held: null,
  heldReason: null,
  corrections: [],
  corrected: null,
  invoiced: null,
};

/** When and by whom an event was decided (its metadata). */
export interface EventStamp {
  at: string;
  by: string | null;
}

/** The order's invoicing after one invoicing event (pure; the order fold and deciders share it). */
export function evolveInvoicing(
  inv: OrderInvoicing,
  e: InvoicingEvent,
  stamp: EventStamp,
  orderId: string,
): OrderInvoicing {
  switch (e.type) {
    case 'OrderInvoicingStatusSet':
      return {
        ...inv,
        held: e.data.held,
        heldReason: e.data.held === null ? null : e.data.reason,
        invoiced:
          e.data.held === 'INVOICED_OK' && inv.invoiced === null
            ? { runId: null, invoiceId: null, invoiceNumber: null, at: stamp.at, price: null }
            : inv.invoiced,
      };
    case 'OrderInvoiced':
      return {
        ...inv,
        held: 'INVOICED_OK',
        heldReason: null,
        invoiced: {
          runId: e.data.runId,
          invoiceId: e.data.invoiceId,
          invoiceNumber: e.data.invoiceNumber,
          at: stamp.at,
          price: e.data.price,
        },
      };
    case 'OrderCorrectionCreated':
      return {
        ...inv,
        corrections: [
          ...inv.corrections,
          {
            id: e.data.id,
            orderId,
            state: 'PENDING',
            existingPackages: e.data.existingPackages,
            proposed: e.data.proposed,
            accepted: null,
            comment: e.data.comment,
            createdBy: stamp.by,
            createdAt: stamp.at,
            decidedBy: null,
            decidedAt: null,
            decisionComment: null,
          },
        ],
      };
    case 'OrderCorrectionAccepted':
    case 'OrderCorrectionRejected': {
      const accepted = e.type === 'OrderCorrectionAccepted';
      return {
        ...inv,
        corrected: accepted ? e.data.values : inv.corrected,
        corrections: inv.corrections.map((c) =>
          c.id === e.data.id
            ? {
                ...c,
                state: accepted ? 'ACCEPTED' : 'REJECTED',
                accepted: accepted ? e.data.values : null,
                decidedBy: stamp.by,
                decidedAt: stamp.at,
                decisionComment: e.data.comment,
              }
            : c,
        ),
      };
    }
    case 'OrderPricesCorrected':
      return inv;
    default: {
      const never: never = e;
      return never;
    }
  }
}

export const hasPendingCorrection = (inv: OrderInvoicing): boolean =>
  inv.corrections.some((c) => c.state === 'PENDING');

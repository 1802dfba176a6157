import {
  AppError,
  INVOICE_DUE_DAYS,
  addDays,
  billingOrderStream,
  invoiceStream,
  invoiceTotals,
  isInvoiced,
  orderStream,
  paymentReference,
  type EventMetadata,
  type Invoice,
  type InvoiceCandidate,
  type InvoiceGroup,
  type InvoiceSellerSnapshot,
  type InvoicingRun,
  type OrderPrice,
  type PostalAddress,
  type PricedOn,
} from '@nordlog/contracts';
import type { EventStore, Logger } from '@nordlog/platform';
import { target } from '../framework/decider.js';
import { atomic, executeAtomic } from '../framework/execute.js';
import type { StreamStates } from '../framework/streamStates.js';
import { orderInvoicingDecider } from './decider.js';
import { billingOrderDecider, invoiceDecider } from './deciders.js';

/** An order's candidate carries its price and what the price was computed from (0032). */
export type Candidate = InvoiceCandidate & { price: OrderPrice | null; pricedOn: PricedOn | null };

/** What an invoice keeps of its customer. */
export interface InvoiceCustomer {
  name: string;
  orgNumber: string;
  billingNumber?: string;
  address?: PostalAddress | null;
}

/** Appends of one invoice tried at most this often before its candidates are given up. */
const MAX_ATTEMPTS = 6;

export interface IssueContext {
  store: EventStore;
  /**
   * The run's folded order and billing-order states (docs/decisions/0043): each stream is read
   * once, by the append's own check; a retry after a lost race reads only what is new.
   */
  states: StreamStates;
  logger: Logger;
  clock: () => Date;
  metadata: () => EventMetadata;
}

export interface Issued {
  invoice: Invoice | null;
  taken: number;
  changed: number;
}

/**
 * Issues one planned invoice (docs/decisions/0032): all its candidates marked invoiced with it, or
 * none, in one atomic append. Candidates that are no longer to invoice (another run took them, a
 * planner paused them, a correction changed their price) are left out and the rest tried again.
 */
export async function issueInvoice(
  ctx: IssueContext,
  run: InvoicingRun,
  group: InvoiceGroup,
  invoiceId: string,
  parties: { customer: InvoiceCustomer | undefined; seller: InvoiceSellerSnapshot | null },
): Promise<Issued> {
  const { customer, seller } = parties;
  let candidates = group.candidates as Candidate[];
  let taken = 0;
  let changed = 0;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS && candidates.length > 0; attempt++) {
    const issuedAt = ctx.clock().toISOString();
    const issueDate = issuedAt.slice(0, 10);
    const lines = candidates.flatMap((c) => c.lines);
    const invoice: Invoice = {
      id: invoiceId,
      number: invoiceId,
      runId: run.id,
      departmentId: run.departmentId,
      customerId: group.customerId,
      customerName: customer?.name ?? '',
      customerOrgNumber: customer?.orgNumber ?? '',
      ...(customer?.billingNumber ? { customerBillingNumber: customer.billingNumber } : {}),
      customerAddress: customer?.address ?? null,
      seller,
      paymentReference: seller
        ? paymentReference(seller.country, invoiceId, seller.fikCreditorNumber)
        : null,
      currency: group.currency,
      split: group.split,
      splitKey: group.splitKey,
      standalone: group.standalone,
      periodFrom: run.fromDate,
      periodTo: run.toDate,
      issuedAt,
      issueDate,
      dueDate: addDays(issueDate, INVOICE_DUE_DAYS),
      vatBasisPoints: group.vatBasisPoints,
      lines,
      ...invoiceTotals(lines, group.vatBasisPoints),
      orderIds: candidates.filter((c) => c.kind === 'order').map((c) => c.id),
      billingOrderIds: candidates.filter((c) => c.kind === 'billingOrder').map((c) => c.id),
    };
    const marks = { runId: run.id, invoiceId, invoiceNumber: invoice.number };
    const targets = atomic([
      target({
        id: invoiceId,
        streamId: invoiceStream(invoiceId),
        isNew: true,
        decider: invoiceDecider,
        command: { type: 'issue', invoice },
      }),
      ...candidates.map((c) =>
        c.kind === 'order'
          ? target({
              id: c.id,
              streamId: orderStream(c.id),
              decider: orderInvoicingDecider,
              command: { type: 'INVOICE', ...marks, price: c.price!, pricedOn: c.pricedOn! },
            })
          : target({
              id: c.id,
              streamId: billingOrderStream(c.id),
              decider: billingOrderDecider,
              command: { type: 'invoice', ...marks },
            }),
      ),
    ]);
    let outcome;
    try {
      outcome = await executeAtomic(ctx.store, targets, ctx.metadata(), false, null, ctx.states);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      outcome = { status: err.status };
    }
    if (outcome.status === 200) return { invoice, taken, changed };
    // Refused or raced: keep what is still to invoice as it was priced, and try again.
    const still = await stillToInvoice(ctx.states, candidates);
    taken += still.taken;
    changed += still.changed;
    candidates = still.kept;
  }
  if (candidates.length > 0)
    ctx.logger.warn(
      { invoicingRun: run.id, customerId: group.customerId, left: candidates.length },
      'invoicing: an invoice could not be issued; its orders stay to invoice',
    );
  return { invoice: null, taken, changed };
}

/**
 * The candidates their streams would still let be invoiced as they were priced; of the others,
 * how many are invoiced already (another run took them) and how many changed (a correction, a
 * hold): those are left for the next run, which prices them again. The streams are read together
 * (one round trip for the orders, one for the billing orders), only what is new since the run
 * last folded them.
 */
export async function stillToInvoice(
  states: StreamStates,
  candidates: Candidate[],
): Promise<{ kept: Candidate[]; taken: number; changed: number }> {
  const orders = candidates.filter((c) => c.kind === 'order');
  const billing = candidates.filter((c) => c.kind !== 'order');
  const [orderStates, billingStates] = await Promise.all([
    states.loadMany(
      orders.map((c) => orderStream(c.id)),
      orderInvoicingDecider,
    ),
    states.loadMany(
      billing.map((c) => billingOrderStream(c.id)),
      billingOrderDecider,
    ),
  ]);
  const verdict = new Map<Candidate, 'keep' | 'taken' | 'changed'>();
  orders.forEach((c, i) => {
    const { state } = orderStates[i]!;
    // Invoiced (or sent to be) by another run: INVOICED_OK and AWAITING_ACKNOWLEDGEMENT.
    const held = state.status === 'booked' ? state.invoicing.held : null;
    if (held !== null && isInvoiced(held)) {
      verdict.set(c, 'taken');
      return;
    }
    try {
      // The decider's own rule: what it would refuse now is left out.
      orderInvoicingDecider.decide(
        {
          type: 'INVOICE',
          runId: '',
          invoiceId: '',
          invoiceNumber: '',
          price: c.price!,
          pricedOn: c.pricedOn!,
        },
        state,
      );
      verdict.set(c, 'keep');
    } catch {
      verdict.set(c, 'changed');
    }
  });
  billing.forEach((c, i) => {
    const order = billingStates[i]!.state;
    verdict.set(c, order && order.invoiced === null ? 'keep' : 'taken');
  });
  const verdicts = candidates.map((c) => verdict.get(c)!);
  return {
    kept: candidates.filter((_, i) => verdicts[i] === 'keep'),
    taken: verdicts.filter((v) => v === 'taken').length,
    changed: verdicts.filter((v) => v === 'changed').length,
  };
}

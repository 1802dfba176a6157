import {
  AppError,
  applyBillingOrderEvent,
  applyInvoicingRunEvent,
  type BillingOrder,
  type BillingOrderEvent,
  type Invoice,
  type InvoiceEvent,
  type InvoicingRun,
  type InvoicingRunEvent,
  type InvoicingRunOutcome,
  type RecordedEvent,
} from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';

export type InvoicingRunCommand =
  | { type: 'request'; run: Extract<InvoicingRunEvent, { type: 'InvoicingRunRequested' }>['data'] }
  | { type: 'start'; at: string }
  | ({ type: 'complete'; at: string } & InvoicingRunOutcome)
  | { type: 'fail'; at: string; errors: string[] };

const over = (run: InvoicingRun, what: string) =>
  new AppError('INVALID_STATE_TRANSITION', `Invoicing run ${run.id} is ${run.state}: ${what}`);

/** A run's stream: requested, started by the runner that took it, and one ending. */
export const invoicingRunDecider: Decider<
  InvoicingRun | null,
  InvoicingRunCommand,
  InvoicingRunEvent
> = {
  initialState: null,
  evolve: (run, e) => applyInvoicingRunEvent(run, e),
  decide(command, run) {
    if (command.type === 'request') {
      if (run) throw new AppError('ALREADY_EXISTS', `Invoicing run ${run.id} exists`);
      return [{ type: 'InvoicingRunRequested', data: command.run }];
    }
    if (!run) throw new AppError('NOT_FOUND', 'Invoicing run not found');
    switch (command.type) {
      case 'start':
        if (run.state !== 'REQUESTED') throw over(run, 'it was taken already');
        return [{ type: 'InvoicingRunStarted', data: { id: run.id, at: command.at } }];
      case 'complete': {
        if (run.state !== 'RUNNING') throw over(run, 'it cannot complete');
        const { type: _type, ...data } = command;
        return [{ type: 'InvoicingRunCompleted', data: { id: run.id, ...data } }];
      }
      case 'fail':
        if (run.state === 'COMPLETED' || run.state === 'FAILED') return [];
        return [
          {
            type: 'InvoicingRunFailed',
            data: { id: run.id, at: command.at, errors: command.errors },
          },
        ];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};

/** An invoice is issued once, whole; it never changes (a correction is a credit on a later one). */
export const invoiceDecider: Decider<
  Invoice | null,
  { type: 'issue'; invoice: Invoice },
  InvoiceEvent
> = {
  initialState: null,
  evolve: (_invoice, e) => e.data,
  decide(command, invoice) {
    if (invoice) throw new AppError('ALREADY_EXISTS', `Invoice ${invoice.id} exists`);
    return [{ type: 'InvoiceIssued', data: command.invoice }];
  },
};

export type BillingOrderCommand =
  | { type: 'create'; order: Omit<BillingOrder, 'invoiced'> }
  | { type: 'invoice'; runId: string; invoiceId: string; invoiceNumber: string };

/** A billing order: created, then invoiced once. */
export const billingOrderDecider: Decider<
  BillingOrder | null,
  BillingOrderCommand,
  BillingOrderEvent
> = {
  initialState: null,
  evolve: (order, e) =>
    applyBillingOrderEvent(order, e, (e as Partial<RecordedEvent>).metadata?.occurredAt ?? ''),
  decide(command, order) {
    if (command.type === 'create') {
      if (order) throw new AppError('ALREADY_EXISTS', `Billing order ${order.id} exists`);
      return [{ type: 'BillingOrderCreated', data: command.order }];
    }
    if (!order) throw new AppError('NOT_FOUND', 'Billing order not found');
    if (order.invoiced)
      throw new AppError(
        'INVALID_STATE_TRANSITION',
        `Billing order ${order.id} is invoiced already`,
      );
    const { type: _type, ...data } = command;
    return [{ type: 'BillingOrderInvoiced', data: { id: order.id, ...data } }];
  },
};

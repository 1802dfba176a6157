import {
  AppError,
  INVOICE_DUE_DAYS,
  INVOICING_RUNS_TABLE,
  addDays,
  billingOrderStream,
  invoiceStream,
  invoiceTotals,
  invoicingRunStream,
  isInvoiced,
  orderStream,
  planInvoices,
  type EventMetadata,
  type Invoice,
  type InvoiceCandidate,
  type InvoiceGroup,
  type InvoiceSplit,
  type InvoicingRun,
  type InvoicingRunTotals,
  type InvoiceSellerSnapshot,
  type PostalAddress,
  paymentReference,
  type OrderPrice,
  type PricedOn,
} from '@nordlog/contracts';
import {
  preparedQuery,
  type EventStore,
  type IdAllocator,
  type Knex,
  type Logger,
} from '@nordlog/platform';
import { fold, target, type Target } from '../framework/decider.js';
import { atomic, executeAtomic, executeTargets } from '../framework/execute.js';
import { orderInvoicingDecider } from './decider.js';
import { billingOrderDecider, invoiceDecider, invoicingRunDecider } from './deciders.js';

/** An order's candidate carries its price and what the price was computed from (0032). */
export type Candidate = InvoiceCandidate & { price: OrderPrice | null; pricedOn: PricedOn | null };

export interface InvoicingRunnerDeps {
  store: EventStore;
  knex: Knex;
  ids: IdAllocator;
  /** What a run invoices, read from the read models (the query service's candidates). */
  readCandidates: (run: InvoicingRun) => Promise<{
    candidates: Candidate[];
    customers: Map<string, InvoiceCustomer & { invoiceSplit: InvoiceSplit }>;
    /** The run's department as the seller (absent or null: none to print). */
    seller?: InvoiceSellerSnapshot | null;
  }>;
  logger: Logger;
  /** Waits until every projection has passed a global position (read-your-writes). */
  waitForPosition: (position: string, timeoutMs: number) => Promise<unknown>;
  pollMs?: number;
  clock?: () => Date;
}

/** What an invoice keeps of its customer. */
interface InvoiceCustomer {
  name: string;
  orgNumber: string;
  address?: PostalAddress | null;
}

/** Appends of one invoice tried at most this often before its candidates are given up. */
const MAX_ATTEMPTS = 6;

/** Up to ten runs waiting for the runner, oldest first; polled every 200 ms, so prepared. */
const REQUESTED_RUNS_SQL = `select id::text as id from ${INVOICING_RUNS_TABLE}
  where state = 'REQUESTED' order by id limit 10`;

/**
 * Carries requested invoicing runs through (docs/decisions/0032-invoicing.md): reads what is ready
 * once the projections have passed the request, plans the invoices (split per customer), and
 * issues each invoice in one atomic append with an `OrderInvoiced` on every order it takes (and
 * `BillingOrderInvoiced` on every billing order). An order another run took meanwhile refuses the
 * append (its stream moved, or it is invoiced): the invoice is planned again without it. So an
 * order is on exactly one invoice, however many runs (or runners) race.
 */
export class InvoicingRunner {
  private timer: NodeJS.Timeout | null = null;
  private polling = false;
  private stopped = false;
  private current: Promise<void> | null = null;
  private readonly clock: () => Date;

  constructor(private readonly deps: InvoicingRunnerDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  start(): void {
    this.timer = setInterval(() => void this.poll(), this.deps.pollMs ?? 200);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.current;
  }

  async poll(): Promise<void> {
    if (this.polling || this.stopped) return;
    this.polling = true;
    try {
      const rows = await preparedQuery<{ id: string }>(this.deps.knex, REQUESTED_RUNS_SQL, []);
      for (const { id } of rows) {
        if (this.stopped) break;
        this.current = this.take(id);
        await this.current;
      }
    } catch (err) {
      this.deps.logger.warn({ err }, 'invoicing: polling for runs failed');
    } finally {
      this.current = null;
      this.polling = false;
    }
  }

  private metadata(run: InvoicingRun, correlationId: string): EventMetadata {
    return {
      commandId: crypto.randomUUID(),
      correlationId,
      causationId: invoicingRunStream(run.id),
      // The planner who asked for the run is who invoiced (the audit replay's "who").
      userId: run.requestedBy,
      occurredAt: this.clock().toISOString(),
      commandType: 'START_INVOICING_RUN',
    };
  }

  /** Carries one run; exported for tests that drive runs without the poll timer. */
  async take(id: string): Promise<void> {
    const events = await this.deps.store.readStream(invoicingRunStream(id));
    const run = fold(invoicingRunDecider, events as never[]);
    if (!run || run.state !== 'REQUESTED') return;
    const correlationId = events[0]!.metadata.correlationId;
    const logger = this.deps.logger.child({ invoicingRun: id, department: run.departmentId });
    await this.deps.waitForPosition(events[0]!.global.position, 10_000).catch(() => undefined);
    const started = await executeTargets(
      this.deps.store,
      [this.runTarget(id, { type: 'start', at: this.clock().toISOString() })],
      this.metadata(run, correlationId),
      false,
    );
    // Another runner took it.
    if (started.status !== 200) return;
    try {
      const { candidates, customers, seller = null } = await this.deps.readCandidates(run);
      const groups = planInvoices(
        candidates,
        (customerId) => customers.get(customerId)?.invoiceSplit ?? 'NONE',
      );
      const invoiceIds: string[] = [];
      const totals = new Map<string, InvoicingRunTotals>();
      let orders = 0;
      let billingOrders = 0;
      let takenByOthers = 0;
      let changed = 0;
      for (const group of groups) {
        const customer = customers.get(group.customerId);
        const outcome = await this.issue(run, group, { customer, seller }, correlationId);
        takenByOthers += outcome.taken;
        changed += outcome.changed;
        if (!outcome.invoice) continue;
        const invoice = outcome.invoice;
        invoiceIds.push(invoice.id);
        orders += invoice.orderIds.length;
        billingOrders += invoice.billingOrderIds.length;
        const sum = totals.get(invoice.currency) ?? {
          currency: invoice.currency,
          net: 0,
          vat: 0,
          gross: 0,
        };
        totals.set(invoice.currency, {
          currency: invoice.currency,
          net: sum.net + invoice.net,
          vat: sum.vat + invoice.vat,
          gross: sum.gross + invoice.gross,
        });
      }
      await executeTargets(
        this.deps.store,
        [
          this.runTarget(id, {
            type: 'complete',
            at: this.clock().toISOString(),
            invoiceIds,
            orders,
            billingOrders,
            takenByOthers,
            changed,
            totals: [...totals.values()],
          }),
        ],
        this.metadata(run, correlationId),
        false,
      );
      logger.info(
        { invoices: invoiceIds.length, orders, billingOrders, takenByOthers, changed },
        'invoicing: completed',
      );
    } catch (err) {
      logger.error({ err }, 'invoicing: the run failed');
      await executeTargets(
        this.deps.store,
        [
          this.runTarget(id, {
            type: 'fail',
            at: this.clock().toISOString(),
            errors: [(err as Error).message],
          }),
        ],
        this.metadata(run, correlationId),
        false,
      );
    }
  }

  private runTarget(id: string, command: Parameters<typeof invoicingRunDecider.decide>[0]): Target {
    return target({ id, streamId: invoicingRunStream(id), decider: invoicingRunDecider, command });
  }

  /**
   * Issues one planned invoice: all its candidates marked invoiced with it, or none. Candidates
   * that are no longer to invoice (another run took them, a planner paused them) are left out and
   * the rest tried again.
   */
  private async issue(
    run: InvoicingRun,
    group: InvoiceGroup,
    parties: { customer: InvoiceCustomer | undefined; seller: InvoiceSellerSnapshot | null },
    correlationId: string,
  ): Promise<{ invoice: Invoice | null; taken: number; changed: number }> {
    const invoiceId = await this.deps.ids.next('invoice');
    const { customer, seller } = parties;
    let candidates = group.candidates as Candidate[];
    let taken = 0;
    let changed = 0;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS && candidates.length > 0; attempt++) {
      const issuedAt = this.clock().toISOString();
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
        outcome = await executeAtomic(
          this.deps.store,
          targets,
          this.metadata(run, correlationId),
          false,
        );
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        outcome = { status: err.status };
      }
      if (outcome.status === 200) return { invoice, taken, changed };
      // Refused or raced: keep what is still to invoice as it was priced, and try again.
      const still = await this.stillToInvoice(candidates);
      taken += still.taken;
      changed += still.changed;
      candidates = still.kept;
    }
    if (candidates.length > 0)
      this.deps.logger.warn(
        { invoicingRun: run.id, customerId: group.customerId, left: candidates.length },
        'invoicing: an invoice could not be issued; its orders stay to invoice',
      );
    return { invoice: null, taken, changed };
  }

  /**
   * The candidates their streams would still let be invoiced as they were priced; of the others,
   * how many are invoiced already (another run took them) and how many changed (a correction, a
   * hold): those are left for the next run, which prices them again.
   */
  private async stillToInvoice(
    candidates: Candidate[],
  ): Promise<{ kept: Candidate[]; taken: number; changed: number }> {
    const verdicts = await Promise.all(
      candidates.map(async (c): Promise<'keep' | 'taken' | 'changed'> => {
        if (c.kind === 'order') {
          const state = fold(
            orderInvoicingDecider,
            (await this.deps.store.readStream(orderStream(c.id))) as never[],
          );
          // Invoiced (or sent to be) by another run: INVOICED_OK and AWAITING_ACKNOWLEDGEMENT.
          const held = state.status === 'booked' ? state.invoicing.held : null;
          if (held !== null && isInvoiced(held)) return 'taken';
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
            return 'keep';
          } catch {
            return 'changed';
          }
        }
        const order = fold(
          billingOrderDecider,
          (await this.deps.store.readStream(billingOrderStream(c.id))) as never[],
        );
        return order && order.invoiced === null ? 'keep' : 'taken';
      }),
    );
    return {
      kept: candidates.filter((_, i) => verdicts[i] === 'keep'),
      taken: verdicts.filter((v) => v === 'taken').length,
      changed: verdicts.filter((v) => v === 'changed').length,
    };
  }
}

import {
  INVOICING_RUNS_TABLE,
  invoicingRunStream,
  planInvoices,
  type EventMetadata,
  type InvoiceSplit,
  type InvoicingRun,
  type InvoicingRunTotals,
  type InvoiceSellerSnapshot,
} from '@nordlog/contracts';
import {
  preparedQuery,
  type EventStore,
  type IdAllocator,
  type Knex,
  type Logger,
} from '@nordlog/platform';
import { fold, target, type Target } from '../framework/decider.js';
import { executeTargets } from '../framework/execute.js';
import { StreamStates } from '../framework/streamStates.js';
import { invoicingRunDecider } from './deciders.js';
import type { JobControl } from '../jobs/control.js';
import { issueInvoice, type Candidate, type InvoiceCustomer, type Issued } from './issue.js';

export type { Candidate } from './issue.js';

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
  /**
   * The admin's switch of INVOICING_RUNS (docs/decisions/0076): disabled, requested runs wait
   * (REQUESTED) until it is enabled again; each round that carries runs is recorded as a pass.
   */
  control?: JobControl;
}

/**
 * Invoices of a run issued at the same time. Each is one atomic append of streams no other
 * invoice of the run touches, so they never race each other; a few in flight keep the database
 * busy while this process builds the next (docs/decisions/0047).
 */
const INVOICES_IN_FLIGHT = 3;

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
      const carry = async () => {
        let carried = 0;
        for (const { id } of rows) {
          if (this.stopped) break;
          this.current = this.take(id);
          await this.current;
          carried++;
        }
        return carried;
      };
      if (rows.length === 0) return;
      const control = this.deps.control;
      if (control)
        await control.governed('INVOICING_RUNS', this.clock(), this.deps.pollMs ?? 200, carry);
      else await carry();
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
      const issued = await this.issueAll(run, groups, customers, seller, correlationId);
      const invoiceIds: string[] = [];
      const totals = new Map<string, InvoicingRunTotals>();
      let orders = 0;
      let billingOrders = 0;
      let takenByOthers = 0;
      let changed = 0;
      for (const outcome of issued) {
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
   * Issues the planned invoices, a few at a time, each under an id taken in plan order (so the
   * numbers follow the plan as they did one at a time); the outcomes in plan order.
   */
  private async issueAll(
    run: InvoicingRun,
    groups: ReturnType<typeof planInvoices>,
    customers: Map<string, InvoiceCustomer>,
    seller: InvoiceSellerSnapshot | null,
    correlationId: string,
  ): Promise<Issued[]> {
    const invoiceIds: string[] = [];
    for (let i = 0; i < groups.length; i++) invoiceIds.push(await this.deps.ids.next('invoice'));
    const ctx = {
      store: this.deps.store,
      states: new StreamStates(this.deps.store),
      logger: this.deps.logger,
      clock: this.clock,
      metadata: () => this.metadata(run, correlationId),
    };
    const outcomes: Issued[] = new Array<Issued>(groups.length);
    let next = 0;
    // After a failure no invoice is started, and the run fails only once those under way are
    // done, so nothing is issued after the run is marked failed (as one at a time).
    let failed = false;
    const worker = async () => {
      while (next < groups.length && !failed) {
        const i = next++;
        const group = groups[i]!;
        try {
          outcomes[i] = await issueInvoice(ctx, run, group, invoiceIds[i]!, {
            customer: customers.get(group.customerId),
            seller,
          });
        } catch (err) {
          failed = true;
          throw err;
        }
      }
    };
    const settled = await Promise.allSettled(
      Array.from({ length: Math.min(INVOICES_IN_FLIGHT, groups.length) }, worker),
    );
    const rejected = settled.find((s) => s.status === 'rejected');
    if (rejected) throw rejected.reason;
    return outcomes;
  }
}

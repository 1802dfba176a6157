import {
  BILLING_ORDERS_ENTITY,
  BILLING_ORDERS_TABLE,
  INVOICES_ENTITY,
  INVOICES_TABLE,
  INVOICING_RUNS_ENTITY,
  INVOICING_RUNS_TABLE,
  applyBillingOrderEvent,
  applyInvoicingRunEvent,
  type BillingOrderEvent,
  type BillingOrderRow,
  type InvoiceRow,
  type InvoicingRunEvent,
  type InvoicingRunRow,
  type RecordedEvent,
} from '@nordlog/contracts';
import { rowProjection } from '../framework/rowProjection.js';

const metaOf = (recorded: RecordedEvent) => ({
  revision: recorded.streamRevision,
  updatedAtEpoch: Date.parse(recorded.metadata.occurredAt),
});
const idOf = (e: RecordedEvent) => (e.data as { id: string }).id;

const runEvents = new Set<string>([
  'InvoicingRunRequested',
  'InvoicingRunStarted',
  'InvoicingRunCompleted',
  'InvoicingRunFailed',
]);

/** Invoicing runs (docs/decisions/0032): the runner takes the requested ones from here. */
export const invoicingRunsProjection = rowProjection<InvoicingRunRow>({
  name: 'invoicingRuns',
  table: INVOICING_RUNS_TABLE,
  entity: INVOICING_RUNS_ENTITY,
  migrations: [
    {
      name: '0001_rm_invoicing_runs',
      async up(knex) {
        await knex.raw(`create table ${INVOICING_RUNS_TABLE} (
          id bigint primary key, revision integer not null, department_id bigint not null,
          state text not null, data jsonb not null);
          create index ${INVOICING_RUNS_TABLE}_department on ${INVOICING_RUNS_TABLE} (department_id);
          create index ${INVOICING_RUNS_TABLE}_requested on ${INVOICING_RUNS_TABLE} (id)
            where state = 'REQUESTED';`);
      },
    },
  ],
  rowId: (e) => (runEvents.has(e.type) ? idOf(e) : null),
  evolve(row, recorded) {
    const run = applyInvoicingRunEvent(row, recorded as unknown as InvoicingRunEvent);
    return run ? { ...run, ...metaOf(recorded) } : null;
  },
  columns: (row) => ({ department_id: row.departmentId, state: row.state }),
});

/** Issued invoices, each whole (it never changes). */
export const invoicesProjection = rowProjection<InvoiceRow>({
  name: 'invoices',
  table: INVOICES_TABLE,
  entity: INVOICES_ENTITY,
  migrations: [
    {
      name: '0001_rm_invoices',
      async up(knex) {
        await knex.raw(`create table ${INVOICES_TABLE} (
          id bigint primary key, revision integer not null, department_id bigint not null,
          customer_id bigint not null, run_id bigint not null, issue_date date not null,
          order_ids jsonb not null, data jsonb not null);
          create index ${INVOICES_TABLE}_run on ${INVOICES_TABLE} (run_id);
          create index ${INVOICES_TABLE}_customer on ${INVOICES_TABLE} (customer_id, issue_date);
          create index ${INVOICES_TABLE}_orders on ${INVOICES_TABLE} using gin (order_ids jsonb_path_ops);`);
      },
    },
  ],
  rowId: (e) => (e.type === 'InvoiceIssued' ? idOf(e) : null),
  evolve: (_row, recorded) => ({
    ...(recorded.data as InvoiceRow),
    ...metaOf(recorded),
  }),
  columns: (row) => ({
    department_id: row.departmentId,
    customer_id: row.customerId,
    run_id: row.runId,
    issue_date: row.issueDate,
    order_ids: row.orderIds,
  }),
});

/** Billing orders (spec §3), with the invoice that took each. */
export const billingOrdersProjection = rowProjection<BillingOrderRow>({
  name: 'billingOrders',
  table: BILLING_ORDERS_TABLE,
  entity: BILLING_ORDERS_ENTITY,
  migrations: [
    {
      name: '0001_rm_billing_orders',
      async up(knex) {
        await knex.raw(`create table ${BILLING_ORDERS_TABLE} (
          id bigint primary key, revision integer not null, department_id bigint not null,
          customer_id bigint not null, delivery_date date not null, invoiced boolean not null,
          data jsonb not null);
          create index ${BILLING_ORDERS_TABLE}_department on ${BILLING_ORDERS_TABLE} (department_id, delivery_date);`);
      },
    },
  ],
  rowId: (e) =>
    e.type === 'BillingOrderCreated' || e.type === 'BillingOrderInvoiced' ? idOf(e) : null,
  evolve(row, recorded) {
    const order = applyBillingOrderEvent(
      row,
      recorded as unknown as BillingOrderEvent,
      recorded.metadata.occurredAt,
    );
    return order ? { ...order, ...metaOf(recorded) } : null;
  },
  columns: (row) => ({
    department_id: row.departmentId,
    customer_id: row.customerId,
    delivery_date: row.deliveryDate,
    invoiced: row.invoiced !== null,
  }),
});

import type { Migration } from './migrations.js';

/**
 * The platform's migrations from 0019 on (deviations, recurring orders, imports, the address
 * book, pre-advice, blobs, webhooks, help desk, jobs, time windows, the matrix, texts, upsales, the proof sweep):
 * the list `platformMigrations` (schema.ts) runs them after the first eighteen, in this order.
 * A new migration is added at the end here.
 */
export const laterPlatformMigrations: Migration[] = [
  {
    // Deviations (docs/decisions/0051-deviations.md): their ids.
    name: '0019_deviations',
    async up(knex) {
      await knex.raw('create sequence id_seq_deviation');
    },
  },
  {
    // Recurring orders (docs/decisions/0058-recurring-orders.md): their ids.
    name: '0020_recurring_orders',
    async up(knex) {
      await knex.raw('create sequence id_seq_recurring_order');
    },
  },
  {
    // Spreadsheet imports (docs/decisions/0059-import.md): a job and its rows, owned by the job.
    name: '0021_imports',
    async up(knex) {
      await knex.raw(`
        create table import_jobs (
          id uuid primary key,
          kind text not null,
          department_id text not null,
          user_id text not null,
          identity jsonb not null,
          file_name text not null,
          status text not null,
          total integer not null,
          error text,
          created_at timestamptz not null default now(),
          finished_at timestamptz
        );
        create index import_jobs_department on import_jobs (department_id, created_at desc);
        create index import_jobs_running on import_jobs (status) where status = 'RUNNING';
        create table import_rows (
          import_id uuid not null references import_jobs (id) on delete cascade,
          row integer not null,
          status text not null,
          values jsonb not null,
          errors jsonb not null default '[]',
          order_id text,
          shipment_id text,
          attempts integer not null default 0,
          single boolean not null default false,
          primary key (import_id, row)
        );`);
    },
  },
  {
    // The address book (docs/decisions/0061-address-book.md): its addresses' ids.
    name: '0022_address_book',
    async up(knex) {
      await knex.raw('create sequence id_seq_address');
    },
  },
  {
    // Pre-advice (docs/decisions/0062-pre-advice.md): policy ids, and the send log of the
    // outbox relay: one row per order and attempt key, claimed before the message is handed to
    // the delivery adapters and marked when they took it, so no attempt is sent twice.
    name: '0023_pre_advice',
    async up(knex) {
      await knex.raw(`
        create sequence id_seq_pre_advice_policy;
        create table pre_advice_sends (
          order_id text not null,
          key text not null,
          attempts integer not null default 1,
          claimed_at timestamptz not null default now(),
          sent_at timestamptz,
          result jsonb,
          primary key (order_id, key)
        );`);
    },
  },
  {
    // The proof store's database adapter (docs/decisions/0068-proof-of-delivery.md): a delivery's
    // signature and photos by key (`delivery-proof/{orderId}/{sha256}`), deleted by the order's
    // prefix when its parties' data is erased.
    name: '0024_blob_objects',
    async up(knex) {
      await knex.raw(`
        create table blob_objects (
          key text primary key collate "C",
          content_type text not null,
          size integer not null,
          data bytea not null,
          created_at timestamptz not null default now()
        );`);
    },
  },
  {
    // Webhooks (docs/decisions/0070-webhooks.md): hook ids, the durable queue and delivery log
    // (written by the projector's enqueuer in its own transaction, one row per hook and event,
    // sent by the webhook worker under a lease) and each attempt with the receiver's answer.
    name: '0025_webhooks',
    async up(knex) {
      await knex.raw(`
        create sequence id_seq_webhook;
        create table webhook_deliveries (
          id uuid primary key,
          webhook_id bigint not null,
          customer_id bigint not null,
          order_id bigint not null,
          event_id text not null,
          event_type text not null,
          occurred_at timestamptz not null,
          created_at timestamptz not null default now(),
          payload jsonb not null,
          status text not null default 'PENDING',
          attempts integer not null default 0,
          next_at timestamptz not null default now(),
          claim uuid,
          claimed_until timestamptz,
          delivered_at timestamptz,
          last_status_code integer,
          last_error text,
          replay_of uuid
        );
        create unique index webhook_deliveries_event on webhook_deliveries (webhook_id, event_id)
          where replay_of is null;
        create index webhook_deliveries_due on webhook_deliveries (next_at) where status = 'PENDING';
        create index webhook_deliveries_customer on webhook_deliveries (customer_id, created_at desc);
        create index webhook_deliveries_hook on webhook_deliveries (webhook_id, created_at desc);
        create index webhook_deliveries_created on webhook_deliveries (created_at);
        create table webhook_attempts (
          delivery_id uuid not null references webhook_deliveries (id) on delete cascade,
          attempt integer not null,
          at timestamptz not null,
          status_code integer,
          duration_ms integer not null,
          answer text,
          error text,
          primary key (delivery_id, attempt)
        );`);
    },
  },
  {
    // Help-desk sign-in tokens (docs/decisions/0074-customer-portal.md): each token's id once,
    // with who it signed in, when and from where: the single use and the audit in one row.
    name: '0026_helpdesk_tokens',
    async up(knex) {
      await knex.raw(`
        create table auth_helpdesk_tokens (
          token_id text primary key,
          user_id text not null,
          used_at timestamptz not null,
          expires_at timestamptz not null,
          address text
        );
        create index auth_helpdesk_tokens_used on auth_helpdesk_tokens (used_at);`);
    },
  },
  {
    // The passes of the scheduled jobs (docs/decisions/0076-admin-jobs.md): one row per job,
    // written by whichever process runs a pass (its start, its outcome), read by `jobsStatus`;
    // and the ids of content items (docs/decisions/0077-content.md).
    name: '0027_job_runs',
    async up(knex) {
      await knex.raw(`
        create sequence id_seq_cms;
        create table job_runs (
          job text primary key,
          interval_seconds integer not null,
          running_since timestamptz,
          running_pass uuid,
          running_by text,
          last_started_at timestamptz,
          last_finished_at timestamptz,
          last_outcome text,
          last_count integer,
          last_error text,
          next_run_at timestamptz,
          updated_at timestamptz not null default now()
        );`);
    },
  },
  {
    // The ids of production time windows (docs/decisions/0078-time-windows.md).
    name: '0028_production_time_windows',
    async up(knex) {
      await knex.raw('create sequence id_seq_production_time_window');
    },
  },
  {
    // The ids of the department matrix's entries (docs/decisions/0079-department-matrix.md).
    name: '0029_matrix_entries',
    async up(knex) {
      await knex.raw('create sequence id_seq_matrix_entry');
    },
  },
  {
    // The ids of the texts (docs/decisions/0081-services-and-texts.md).
    name: '0030_texts',
    async up(knex) {
      await knex.raw('create sequence id_seq_text');
    },
  },
  {
    // The ids of the upsales rules (docs/decisions/0087-upsales-rules.md).
    name: '0032_upsales_rules',
    async up(knex) {
      await knex.raw('create sequence id_seq_upsales_rule');
    },
  },
  {
    // The ids of the vendors (docs/decisions/0091-vendors.md).
    name: '0033_vendors',
    async up(knex) {
      await knex.raw('create sequence id_seq_vendor');
    },
  },
  {
    // The sweep of unreferenced proof images (docs/decisions/0095-proof-image-sweep.md): an
    // image the sweep found referenced by its order's stream is marked (`checked_at`) and never
    // read again; the sweep reads the unmarked ones older than its grace, by `created_at`.
    name: '0036_blob_objects_checked',
    async up(knex) {
      await knex.raw(`
        alter table blob_objects add column if not exists
          created_at timestamptz not null default now();
        alter table blob_objects add column checked_at timestamptz;
        create index blob_objects_unchecked on blob_objects (created_at) where checked_at is null;`);
    },
  },
  {
    // The S3-compatible proof store (docs/decisions/0103-s3-blob-store.md): an object's row stays
    // in `blob_objects` without its bytes (`data` null: they are in the bucket), so the sweep and
    // erasure find it by SQL; the bucket's deletes wait in `blob_deletes` until done after the
    // commit that asked for them (an exact key, or a prefix: an erased order's images).
    name: '0041_blob_deletes',
    async up(knex) {
      await knex.raw(`
        alter table blob_objects alter column data drop not null;
        create table blob_deletes (
          id bigserial primary key,
          target text not null collate "C",
          is_prefix boolean not null,
          requested_at timestamptz not null default now(),
          attempts integer not null default 0,
          next_at timestamptz not null default now(),
          last_error text
        );
        create index blob_deletes_due on blob_deletes (next_at);`);
    },
  },
];

import type { Migration } from './migrations.js';
import { laterPlatformMigrations } from './schemaLater.js';

/**
 * The platform's own tables: the event store, command results, id allocation, projection
 * checkpoints and the change outbox. SQL that PostgreSQL 15 accepts (the embedded server is 18).
 */
export const platformMigrations: Migration[] = [
  {
    name: '0001_event_store',
    async up(knex) {
      await knex.raw(`
        create table es_events (
          position bigint generated always as identity primary key,
          transaction_id xid8 not null default pg_current_xact_id(),
          event_id uuid not null unique,
          stream_id text not null,
          stream_revision integer not null,
          type text not null,
          data jsonb not null,
          metadata jsonb not null,
          created_at timestamptz not null default now(),
          constraint es_events_stream_revision unique (stream_id, stream_revision)
        );
        create index es_events_global_order on es_events (transaction_id, position);
        create table es_command_results (
          command_id uuid primary key,
          status integer not null,
          body jsonb not null,
          created_at timestamptz not null default now()
        );
        create table id_allocations (
          kind text not null,
          key text not null,
          id bigint not null,
          primary key (kind, key)
        );
        create sequence id_seq_department;
        create sequence id_seq_customer;
        create sequence id_seq_order;
      `);
    },
  },
  {
    name: '0002_projections_and_outbox',
    async up(knex) {
      await knex.raw(`
        create table projection_checkpoints (
          name text primary key,
          transaction_id xid8 not null,
          position bigint not null,
          updated_at timestamptz not null default now()
        );
        create table rm_changes (
          position bigint generated always as identity primary key,
          transaction_id xid8 not null default pg_current_xact_id(),
          entity text not null,
          op text not null,
          entity_id text not null,
          revision integer not null,
          data jsonb,
          department_id text,
          customer_id text,
          date text,
          state text,
          created_at timestamptz not null default now()
        );
        create index rm_changes_order on rm_changes (transaction_id, position);
        create index rm_changes_created on rm_changes (created_at);
      `);
    },
  },
  {
    // Fewer indexes to write per append: global reads use (transaction_id, position) and stream
    // reads (stream_id, stream_revision); positions are unique by their identity sequence, and
    // repeats are recognised by the command id in the stream, not by event id.
    name: '0003_lighter_event_indexes',
    async up(knex) {
      await knex.raw(`
        alter table es_events drop constraint es_events_pkey;
        alter table es_events drop constraint es_events_event_id_key;
      `);
    },
  },
  {
    name: '0004_user_and_role_ids',
    async up(knex) {
      await knex.raw('create sequence id_seq_user; create sequence id_seq_role;');
    },
  },
  {
    // Sessions and one-time tokens are kept by hash only; messages to send (SMS, e-mail) wait in
    // an outbox that the embedded default only logs and lists.
    name: '0005_auth',
    async up(knex) {
      await knex.raw(`
        create table auth_sessions (
          id_hash text primary key,
          user_id text not null,
          csrf_token text not null,
          created_at timestamptz not null,
          last_seen_at timestamptz not null
        );
        create index auth_sessions_user on auth_sessions (user_id);
        create table auth_tokens (
          phone_number text primary key,
          token_hash text not null,
          expires_at timestamptz not null,
          tries integer not null default 0
        );
        create table message_outbox (
          id bigint generated always as identity primary key,
          channel text not null,
          recipient text not null,
          body text not null,
          created_at timestamptz not null default now()
        );`);
    },
  },
  {
    // Password hashes never enter the event log (it is published downstream): they live here.
    name: '0006_passwords',
    async up(knex) {
      await knex.raw(`
        alter table auth_sessions add column pwd_verified boolean not null default false;
        alter table auth_sessions add column pwd_failures integer not null default 0;
        create table auth_credentials (
          user_id text primary key,
          password_hash text not null,
          updated_at timestamptz not null
        );
        create table auth_pwd_resets (
          token_hash text primary key,
          user_id text not null,
          expires_at timestamptz not null
        );`);
    },
  },
  {
    // E-mails in the development outbox keep their subject (docs/decisions/0012).
    name: '0007_message_subject',
    async up(knex) {
      await knex.raw(`alter table message_outbox add column subject text`);
    },
  },
  {
    // Admin reference data (docs/decisions/0011). Holidays need no sequence: their id is their key.
    name: '0008_admin_reference_ids',
    async up(knex) {
      await knex.raw(`
        create sequence id_seq_department_group;
        create sequence id_seq_customer_group;
        create sequence id_seq_number_series;`);
    },
  },
  {
    // Login rate limits shared by every gateway process (docs/decisions/0009).
    name: '0009_auth_rate_hits',
    async up(knex) {
      await knex.raw(`
        create table auth_rate_hits (
          key_hash text not null,
          at timestamptz not null
        );
        create index auth_rate_hits_key on auth_rate_hits (key_hash, at);`);
    },
  },
  {
    // A change of a row of several departments carries them all (docs/decisions/0018).
    name: '0010_change_department_ids',
    async up(knex) {
      await knex.raw(`alter table rm_changes add column department_ids jsonb`);
    },
  },
  {
    // Who sent a command and which one: a commandId reused by another user or for another
    // command is refused, never answered with the first command's reply.
    name: '0011_command_owner',
    async up(knex) {
      await knex.raw(`alter table es_command_results add column owner text`);
    },
  },
  {
    // Label documents (docs/decisions/0020-labels.md).
    name: '0012_order_label_ids',
    async up(knex) {
      await knex.raw('create sequence id_seq_order_label');
    },
  },
  {
    // Planning (docs/decisions/0021-planning.md): units, slots and templates; a slot's courier in
    // the outbox, so a courier's socket gets only its own slots.
    name: '0013_planning',
    async up(knex) {
      await knex.raw(`create sequence id_seq_unit; create sequence id_seq_slot;
        create sequence id_seq_template;
        alter table rm_changes add column courier_id text`);
    },
  },
  {
    // The Kafka relay's checkpoints (docs/decisions/0025-topology.md): the last position of each
    // source (events, changes) the broker acknowledged.
    name: '0014_relay_checkpoints',
    async up(knex) {
      await knex.raw(`create table relay_checkpoints (
        name text primary key,
        transaction_id xid8 not null,
        position bigint not null,
        updated_at timestamptz not null default now())`);
    },
  },
  {
    // Optimising runs (docs/decisions/0026-optimizing.md): their ids, and the documents a run
    // exchanged with the solver (the problem it was given, the plan it answered), which are
    // diagnostics kept beside the events, not events themselves.
    name: '0015_optimizing',
    async up(knex) {
      await knex.raw(`create sequence id_seq_optimizing;
        create table optimizing_documents (
          run_id bigint not null,
          kind text not null,
          body jsonb not null,
          created_at timestamptz not null default now(),
          primary key (run_id, kind))`);
    },
  },
  {
    // Prices (docs/decisions/0030-prices.md): the ids of articles and price lists.
    name: '0016_pricing',
    async up(knex) {
      await knex.raw('create sequence id_seq_article; create sequence id_seq_price_list;');
    },
  },
  {
    // Invoicing (docs/decisions/0032-invoicing.md): corrections, runs, invoices, billing orders.
    name: '0017_invoicing',
    async up(knex) {
      await knex.raw(`create sequence id_seq_order_correction; create sequence id_seq_invoicing_run;
        create sequence id_seq_invoice; create sequence id_seq_billing_order;`);
    },
  },
  {
    // Personal data (docs/decisions/0050-personal-data.md): one key per data subject, wrapped by
    // the master key; an erased subject keeps its row without the key, so it never gets a new one.
    // The master key itself is here only where PERSONAL_DATA_KEY is not set (never in production).
    name: '0018_privacy',
    async up(knex) {
      await knex.raw(`create table privacy_subject_keys (
          subject text primary key,
          wrapped bytea,
          created_at timestamptz not null default now(),
          erased_at timestamptz,
          check ((wrapped is null) = (erased_at is not null)));
        create table privacy_master_key (
          id int primary key check (id = 1),
          key bytea not null,
          created_at timestamptz not null default now())`);
    },
  },
  ...laterPlatformMigrations,
];

export const PLATFORM_MIGRATIONS_TABLE = 'migrations_platform';

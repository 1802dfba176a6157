import {
  ORDERS_TABLE,
  OPTIMIZING_RUNS_TABLE,
  USERS_TABLE,
  erasedValue,
  parseSubject,
  proofKeyPrefix,
} from '@nordlog/contracts';
import { BLOB_DELETES_TABLE } from '../blobs/s3.js';
import { BLOB_OBJECTS_TABLE, keyPrefixPattern } from '../blobs/store.js';
import type { Knex } from 'knex';

/**
 * What the product keeps of a data subject outside the event store and the read models, erased
 * with it in the erasure's transaction (docs/decisions/0050, addendum), before the read models are
 * folded again (their rows still hold what finds it):
 * - a user's sessions, password hash, waiting login code, and the messages to its phone or mailbox
 *   in the outbox;
 * - an order's exact points in the optimiser's documents (the problem a run was given and its
 *   answer, kept for diagnostics): each becomes the erased point (about a kilometre), as in the
 *   order's own rows;
 * - an order's pre-advice messages in the outbox (docs/decisions/0062): each carries the order's
 *   tracking link, which finds them;
 * - an order's proof of delivery images in the proof store's table (docs/decisions/0068).
 */
export async function eraseSubjectRecords(
  trx: Knex.Transaction,
  subjects: readonly string[],
): Promise<void> {
  const ids = (kind: string) =>
    subjects
      .map(parseSubject)
      .filter((s) => s?.kind === kind)
      .map((s) => s!.id);
  await eraseUserRecords(trx, ids('user'));
  await eraseOrderPoints(trx, ids('order'));
  await eraseOrderMessages(trx, ids('order'));
  await eraseOrderProofs(trx, ids('order'));
}

/**
 * The signature and photos of the orders' deliveries (their keys carry the order's id): their rows
 * deleted here, and, for an order with objects in an S3-compatible store (rows without bytes), the
 * bucket's delete of the order's prefix asked in the same transaction, done after the commit and
 * retried until done (`blob_deletes`, docs/decisions/0103).
 */
async function eraseOrderProofs(trx: Knex.Transaction, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const prefixes = orderIds.map(proofKeyPrefix);
  await trx.raw(
    `with gone as (
       delete from ${BLOB_OBJECTS_TABLE} where key like any(?::text[])
       returning key, data is null as elsewhere)
     insert into ${BLOB_DELETES_TABLE} (target, is_prefix)
     select p, true from unnest(?::text[]) as p
     where exists (select 1 from gone where gone.elsewhere and starts_with(gone.key, p))`,
    [prefixes.map(keyPrefixPattern), prefixes],
  );
}

async function eraseOrderMessages(trx: Knex.Transaction, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await trx.raw(
    `delete from message_outbox m
     using ${ORDERS_TABLE} o
     where o.id = any(?::bigint[]) and o.data->'order'->>'trackingId' is not null
       and position('/track/' || (o.data->'order'->>'trackingId') in m.body) > 0`,
    [orderIds],
  );
}

async function eraseUserRecords(trx: Knex.Transaction, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await trx.raw(
    `with gone as (
       select phone_number, nullif(data->>'email', '') as email
       from ${USERS_TABLE} where id = any(?::bigint[])),
     sessions as (delete from auth_sessions where user_id = any(?::text[])),
     credentials as (delete from auth_credentials where user_id = any(?::text[])),
     codes as (delete from auth_tokens where phone_number in (select phone_number from gone)),
     helpdesk as (delete from auth_helpdesk_tokens where user_id = any(?::text[]))
     delete from message_outbox
     where recipient in (select phone_number from gone union select email from gone where email is not null)`,
    [userIds, userIds, userIds, userIds],
  );
}

/** Every number under a `lat` or `lng` key of a JSON value. */
function pointsIn(value: unknown, found = new Set<number>()): Set<number> {
  if (Array.isArray(value)) for (const v of value) pointsIn(v, found);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if ((k === 'lat' || k === 'lng') && typeof v === 'number') found.add(v);
      else pointsIn(v, found);
    }
  return found;
}

async function eraseOrderPoints(trx: Knex.Transaction, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const orders = (
    await trx.raw<{ rows: { department_id: string; date: string; data: unknown }[] }>(
      `select department_id::text, date::text, data from ${ORDERS_TABLE} where id = any(?::bigint[])`,
      [orderIds],
    )
  ).rows;
  // Exact points only: a point already as coarse as the erased one is no one's house.
  const points = [...new Set(orders.flatMap((o) => [...pointsIn(o.data)]))].filter(
    (p) => erasedValue('position', p) !== p,
  );
  if (points.length === 0) return;
  const documents = (
    await trx.raw<{ rows: { run_id: string; kind: string; body: string }[] }>(
      `select d.run_id::text, d.kind, d.body::text as body
       from optimizing_documents d join ${OPTIMIZING_RUNS_TABLE} r on r.id = d.run_id
       where (r.department_id, r.date) in (select * from unnest(?::bigint[], ?::text[]))`,
      [orders.map((o) => o.department_id), orders.map((o) => o.date)],
    )
  ).rows;
  for (const doc of documents) {
    let body = doc.body;
    for (const p of points) {
      const text = String(p).replace('.', '\\.');
      body = body.replace(
        new RegExp(`(?<![\\d.])${text}(?![\\d])`, 'g'),
        String(erasedValue('position', p)),
      );
    }
    if (body !== doc.body)
      await trx.raw(
        'update optimizing_documents set body = ?::jsonb where run_id = ? and kind = ?',
        [body, doc.run_id, doc.kind],
      );
  }
}

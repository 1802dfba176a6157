import { USERS_TABLE, parseSubject } from '@nordlog/contracts';
import type { Knex } from 'knex';

/**
 * What the gateway keeps of a user outside the event store (its sessions, its password hash, a
 * login code waiting for its phone, and the messages to its phone or mailbox waiting in the
 * outbox), deleted when the user's personal data is erased (docs/decisions/0050, addendum). Runs
 * in the erasure's transaction before the users' rows are folded again: their phone numbers and
 * addresses find the code and the messages.
 */
export async function eraseSubjectRecords(
  trx: Knex.Transaction,
  subjects: readonly string[],
): Promise<void> {
  const userIds = subjects
    .map(parseSubject)
    .filter((s) => s?.kind === 'user')
    .map((s) => s!.id);
  if (userIds.length === 0) return;
  await trx.raw(
    `with gone as (
       select phone_number, nullif(data->>'email', '') as email
       from ${USERS_TABLE} where id = any(?::bigint[])),
     sessions as (delete from auth_sessions where user_id = any(?::text[])),
     credentials as (delete from auth_credentials where user_id = any(?::text[])),
     codes as (delete from auth_tokens where phone_number in (select phone_number from gone))
     delete from message_outbox
     where recipient in (select phone_number from gone union select email from gone where email is not null)`,
    [userIds, userIds, userIds],
  );
}

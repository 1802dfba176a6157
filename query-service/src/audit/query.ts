import {
  AppError,
  ORDER_HISTORY_SCOPE_TABLE,
  ORDER_HISTORY_TABLE,
  ORDER_NOT_FOUND_MESSAGE,
  ORDERS_TABLE,
  USERS_TABLE,
  eventsUpTo,
  foldOrderRow,
  inScope,
  replay,
  stateChanges,
  stepChanges,
  type AuditActor,
  type AuditEvent,
  type AuditLog,
  type AuditLogDetails,
  type AuditLogEntry,
  type Identity,
  type LmStatusEvent,
} from '@nordlog/contracts';
import { preparedQuery, type Knex } from '@nordlog/platform';
import type { QueryHandler } from '../framework.js';
import { referenceNames } from './names.js';

/**
 * The audit replay's queries (docs/decisions/0029-audit-replay.md): an order's events from the
 * order history read model (each event's data, who, when and the command), folded by contracts'
 * order fold (`evolveOrderRow`, the one the `orders` read model runs), never read from `rm_orders`.
 */

const notFound = () => new AppError('ORDER_NOT_FOUND', ORDER_NOT_FOUND_MESSAGE);

interface Scope {
  department_id: string;
  customer_id: string;
}

interface HistoryRecord {
  stream_revision: number;
  position: string;
  event_type: string;
  data: unknown;
  user_id: string;
  command_id: string;
  command_type: string | null;
  occurred_at: Date;
}

const HISTORY_SQL = `select stream_revision, position::text, event_type, data, user_id, command_id,
    command_type, occurred_at from ${ORDER_HISTORY_TABLE} where order_id = $1
  order by stream_revision`;
const SCOPE_SQL = `select department_id, customer_id from ${ORDER_HISTORY_SCOPE_TABLE}
  where order_id = $1`;

const auditEvent = (r: HistoryRecord): AuditEvent => ({
  type: r.event_type,
  data: r.data,
  streamRevision: r.stream_revision,
  position: r.position,
  metadata: {
    occurredAt: r.occurred_at.toISOString(),
    userId: r.user_id,
    commandId: r.command_id,
    commandType: r.command_type,
  },
});

/** The order's events, oldest first, when the caller may read the order (else not found). */
async function orderEvents(knex: Knex, identity: Identity, orderId: string) {
  const [scope] = await preparedQuery<Scope>(knex, SCOPE_SQL, [orderId]);
  if (!scope || !inScope(identity, String(scope.department_id), String(scope.customer_id)))
    throw notFound();
  const records = await preparedQuery<HistoryRecord>(knex, HISTORY_SQL, [orderId]);
  if (records.length === 0) throw notFound();
  return {
    events: records.map(auditEvent),
    departmentId: String(scope.department_id),
    customerId: String(scope.customer_id),
  };
}

/**
 * The order a shipment id, a package's SSCC or an order id names. One key may read as more than
 * one of them (an 18-digit order id and an SSCC): the shipment id wins, then the package, then
 * the order id.
 */
async function findOrderId(knex: Knex, key: string): Promise<string> {
  const rows = await preparedQuery<{ id: string; rank: number }>(
    knex,
    `select id::text, case when shipment_id = $1 then 0
         when data->'order'->'measurements' @> $2::jsonb then 1 else 2 end as rank
       from ${ORDERS_TABLE}
      where shipment_id = $1 or data->'order'->'measurements' @> $2::jsonb
         or ($3::bigint is not null and id = $3::bigint)
      order by rank, id limit 1`,
    [key, JSON.stringify([{ packageIds: [key] }]), /^[1-9]/.test(key) ? key : null],
  );
  if (!rows[0]) throw notFound();
  return rows[0].id;
}

/** Who caused each event: the user ids with the names the users read model has. */
async function actors(knex: Knex, events: readonly AuditEvent[]) {
  const ids = [...new Set(events.map((e) => e.metadata.userId))];
  const rows = await preparedQuery<{ id: string; name: string }>(
    knex,
    `select id::text, name from ${USERS_TABLE} where id::text = any($1::text[])`,
    [ids],
  );
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return (e: AuditEvent): AuditActor => ({
    userId: e.metadata.userId,
    userName: names.get(e.metadata.userId) ?? null,
  });
}

const eventFacts = (e: AuditEvent) => ({
  revision: e.streamRevision,
  position: e.position,
  eventType: e.type,
  occurredAt: e.metadata.occurredAt,
  commandId: e.metadata.commandId,
  commandType: e.metadata.commandType ?? null,
});

/**
 * Query `apolloAuditLogEntries {id}`: the events of the order the id names, oldest first, each
 * with who, when, the command and the fields of the order it changed.
 */
export const apolloAuditLogEntries: QueryHandler<'apolloAuditLogEntries'> = async (
  { id },
  { knex, identity },
): Promise<AuditLog> => {
  const orderId = await findOrderId(knex, id);
  const { events, departmentId, customerId } = await orderEvents(knex, identity, orderId);
  const who = await actors(knex, events);
  const steps = replay(events);
  const entries = steps.map((step): AuditLogEntry => ({
    ...eventFacts(step.event),
    ...who(step.event),
    state: step.after?.state ?? null,
    changes: stepChanges(step),
  }));
  const shipmentId = steps[steps.length - 1]?.after?.shipmentId ?? null;
  const references = await referenceNames(knex, identity, entries);
  return { orderId, shipmentId, departmentId, customerId, entries, references };
};

/**
 * Query `apolloAuditLogEntriesDetails {orderId, revision?|at?}`: the order as it was after the
 * event of that revision, or at that instant, folded from its events up to then.
 */
export const apolloAuditLogEntriesDetails: QueryHandler<'apolloAuditLogEntriesDetails'> = async (
  { orderId, revision, at },
  { knex, identity },
): Promise<AuditLogDetails> => {
  const { events } = await orderEvents(knex, identity, orderId);
  const folded = eventsUpTo(events, { revision, at });
  const last = folded[folded.length - 1];
  return {
    orderId,
    asOf: last
      ? {
          revision: last.streamRevision,
          position: last.position,
          occurredAt: last.metadata.occurredAt,
        }
      : null,
    eventCount: events.length,
    foldedCount: folded.length,
    order: foldOrderRow(folded),
  };
};

/**
 * Query `eventsWithSentLmStatus {orderId}`: the events that changed the consignment's state (the
 * status messages a last-mile system is sent), with the state before and after.
 */
export const eventsWithSentLmStatus: QueryHandler<'eventsWithSentLmStatus'> = async (
  { orderId },
  { knex, identity },
): Promise<LmStatusEvent[]> => {
  const { events } = await orderEvents(knex, identity, orderId);
  const who = await actors(knex, events);
  return stateChanges(replay(events)).map(({ step, previousState, state }) => ({
    ...eventFacts(step.event),
    ...who(step.event),
    previousState,
    state,
  }));
};

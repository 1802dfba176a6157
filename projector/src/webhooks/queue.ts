import {
  WEBHOOK_DELIVERIES_CHANNEL,
  WEBHOOK_DELIVERIES_TABLE,
  WEBHOOK_QUEUE_HOOKS_TABLE,
  WEBHOOK_QUEUE_ORDERS_TABLE,
  consignmentEventTypes,
  type BookedOrder,
  type RecordedEvent,
  type WebhookEvent,
  type WebhookPayload,
} from '@nordlog/contracts';
import { deterministicUuid, preparedQuery, type Knex } from '@nordlog/platform';
import type { BatchWrites } from '../framework/batchWrites.js';
import type { Projection } from '../framework/projection.js';
import { isWebhookEvent } from './projection.js';

/**
 * The webhook enqueuer (docs/decisions/0070-webhooks.md): a projection, so it reads the global
 * order once, in order, and writes each hook's deliveries in the same transaction that moves its
 * checkpoint: a crash replays the batch and the deliveries' keys (hook, event) make the second
 * write a no-op; nothing is lost and nothing is queued twice. It keeps its own copy of the hooks
 * and of each order's customer (fed by the same batches), so a hook and the order events around
 * its creation are seen in the order they happened, whatever other projections have done.
 * A rebuild refolds those two tables and queues nothing (the deliveries are a log, not rebuilt).
 */

const orderEvents = new Set<string>(consignmentEventTypes);
const H = WEBHOOK_QUEUE_HOOKS_TABLE;
const O = WEBHOOK_QUEUE_ORDERS_TABLE;

/** Each row keeps the revision of its stream it has applied: an event delivered again is skipped. */
interface Hook {
  revision: number;
  id: string;
  customerId: string;
  events: string[];
  enabled: boolean;
  deleted: boolean;
}
interface OrderOwner {
  revision: number;
  customerId: string;
  departmentId: string | null;
  shipmentId: string | null;
}

const orderIdOf = (e: RecordedEvent) => e.streamId.slice('order-'.length);

async function loadHooks(trx: Knex.Transaction): Promise<Map<string, Hook>> {
  const rows = await trx(H).select<{ data: Hook }[]>('data');
  return new Map(rows.map((r) => [r.data.id, r.data]));
}

async function loadOwners(
  trx: Knex.Transaction,
  events: RecordedEvent[],
): Promise<Map<string, OrderOwner>> {
  const ids = [...new Set(events.filter((e) => orderEvents.has(e.type)).map(orderIdOf))];
  if (ids.length === 0) return new Map();
  const rows = await trx(O)
    .whereIn('order_id', ids)
    .select<{ order_id: string; data: OrderOwner }[]>(trx.raw('order_id::text'), 'data');
  return new Map(rows.map((r) => [r.order_id, r.data]));
}

/** A hook's state after one of its events (null: delivered before, nothing changes). */
function evolveHook(
  hooks: Map<string, Hook>,
  event: WebhookEvent,
  revision: number,
): string | null {
  const { id } = event.data;
  const found = hooks.get(id);
  if (found && revision <= found.revision) return null;
  const hook = found && { ...found, revision };
  switch (event.type) {
    case 'WebhookCreated':
      hooks.set(id, {
        revision,
        id,
        customerId: event.data.customerId,
        events: event.data.events,
        enabled: true,
        deleted: false,
      });
      break;
    case 'WebhookUpdated':
      if (hook)
        hooks.set(id, {
          ...hook,
          ...(event.data.events ? { events: event.data.events } : {}),
          ...(event.data.enabled !== undefined ? { enabled: event.data.enabled } : {}),
        });
      break;
    case 'WebhookDeleted':
      if (hook) hooks.set(id, { ...hook, deleted: true });
      break;
    // The secret and replays do not change whom the hook's deliveries go to.
    case 'WebhookSecretRotated':
    case 'WebhookMessageReplayRequested':
      if (hook) hooks.set(id, hook);
      break;
    default: {
      const never: never = event;
      return never;
    }
  }
  return id;
}

/** What the batch changes: the hooks and owners to write, the deliveries and replays to queue. */
interface Batch {
  hooks: Map<string, Hook>;
  owners: Map<string, OrderOwner>;
  dirtyHooks: Set<string>;
  dirtyOwners: Set<string>;
  deliveries: Record<string, unknown>[];
  replays: { id: string; messageId: string; webhookId: string }[];
}

function ownerAfter(owner: OrderOwner | undefined, e: RecordedEvent): OrderOwner | undefined {
  const revision = e.streamRevision;
  if (e.type === 'OrderCreated' || e.type === 'OrderUpdated') {
    const order = (e.data as { order: BookedOrder }).order;
    return {
      revision,
      customerId: String(order.customerId),
      departmentId: String(order.departmentId),
      shipmentId: order.shipmentId ?? owner?.shipmentId ?? null,
    };
  }
  if (e.type === 'OrderMoved' && owner)
    return { ...owner, revision, departmentId: (e.data as { departmentId: string }).departmentId };
  return owner && { ...owner, revision };
}

function fold(b: Batch, events: RecordedEvent[], queue: boolean): void {
  for (const e of events) {
    if (isWebhookEvent(e)) {
      const event = e as unknown as WebhookEvent;
      const changed = evolveHook(b.hooks, event, e.streamRevision);
      if (changed === null) continue;
      b.dirtyHooks.add(changed);
      if (queue && event.type === 'WebhookMessageReplayRequested')
        b.replays.push({
          id: event.data.replayId,
          messageId: event.data.messageId,
          webhookId: event.data.id,
        });
      continue;
    }
    if (!orderEvents.has(e.type)) continue;
    const orderId = orderIdOf(e);
    const before = b.owners.get(orderId);
    if (before && e.streamRevision <= before.revision) continue;
    const owner = ownerAfter(before, e);
    if (!owner) continue;
    b.owners.set(orderId, owner);
    b.dirtyOwners.add(orderId);
    if (!queue) continue;
    for (const hook of b.hooks.values()) {
      // Only the hook's own customer's orders: the one rule that keeps another customer's data out.
      if (hook.customerId !== owner.customerId || !hook.enabled || hook.deleted) continue;
      if (!hook.events.includes(e.type)) continue;
      const payload: WebhookPayload = {
        id: e.eventId,
        type: e.type as WebhookPayload['type'],
        occurredAt: e.metadata.occurredAt,
        customerId: owner.customerId,
        order: {
          id: orderId,
          shipmentId: owner.shipmentId,
          departmentId: owner.departmentId,
          state: (e.data as { state?: string }).state ?? null,
        },
      };
      b.deliveries.push({
        id: deterministicUuid('webhook-delivery', hook.id, e.eventId),
        webhook_id: hook.id,
        customer_id: owner.customerId,
        order_id: orderId,
        event_id: e.eventId,
        event_type: e.type,
        occurred_at: e.metadata.occurredAt,
        payload,
      });
    }
  }
}

/**
 * The batch's writes. Given the runner's `BatchWrites` (docs/decisions/0066), the hooks, the
 * owners and the deliveries go with the batch's other writes in one statement: a booking's batch
 * pays no round trip of its own for the queue (its owner row is all it writes). A replay, rare,
 * is a statement of its own.
 */
async function write(trx: Knex.Transaction, b: Batch, writes?: BatchWrites): Promise<void> {
  const hookRows = [...b.dirtyHooks].map((id) => ({ id, data: b.hooks.get(id) }));
  const ownerRows = [...b.dirtyOwners].map((id) => ({ order_id: id, data: b.owners.get(id) }));
  if (writes) {
    if (hookRows.length > 0) writes.add(UPSERT_HOOKS_SQL, [JSON.stringify(hookRows)]);
    if (ownerRows.length > 0) writes.add(UPSERT_OWNERS_SQL, [JSON.stringify(ownerRows)]);
    if (b.deliveries.length > 0) writes.add(QUEUE_SQL, [JSON.stringify(b.deliveries)]);
  } else {
    if (hookRows.length > 0) await preparedQuery(trx, UPSERT_HOOKS_SQL, [JSON.stringify(hookRows)]);
    for (let i = 0; i < ownerRows.length; i += 5000)
      await preparedQuery(trx, UPSERT_OWNERS_SQL, [JSON.stringify(ownerRows.slice(i, i + 5000))]);
    for (let i = 0; i < b.deliveries.length; i += 2000)
      await preparedQuery(trx, QUEUE_SQL, [JSON.stringify(b.deliveries.slice(i, i + 2000))]);
  }
  for (const r of b.replays)
    // A replay copies a message of the same hook (another hook's message id is ignored).
    await trx.raw(
      `insert into ${WEBHOOK_DELIVERIES_TABLE}
         (id, webhook_id, customer_id, order_id, event_id, event_type, occurred_at, payload, replay_of)
       select ?, webhook_id, customer_id, order_id, event_id, event_type, occurred_at, payload, id
         from ${WEBHOOK_DELIVERIES_TABLE} where id = ? and webhook_id = ?
       on conflict (id) do nothing
       returning ${WAKE}`,
      [r.id, r.messageId, r.webhookId],
    );
}

/**
 * What a queueing insert returns for each row it queued: a NOTIFY of the workers' channel, sent by
 * PostgreSQL when the batch commits, once however many rows (identical notifications of one
 * transaction are one) and not at all when none was queued (a replayed batch).
 */
const WAKE = `pg_notify('${WEBHOOK_DELIVERIES_CHANNEL}', '')`;

// Each takes one parameter, `$1`: a JSON array of its rows.
const UPSERT_HOOKS_SQL = `insert into ${H} (id, data)
  select (r->>'id')::bigint, r->'data' from jsonb_array_elements($1::jsonb) r
  on conflict (id) do update set data = excluded.data`;
const UPSERT_OWNERS_SQL = `insert into ${O} (order_id, data)
  select (r->>'order_id')::bigint, r->'data' from jsonb_array_elements($1::jsonb) r
  on conflict (order_id) do update set data = excluded.data`;
const QUEUE_SQL = `insert into ${WEBHOOK_DELIVERIES_TABLE}
    (id, webhook_id, customer_id, order_id, event_id, event_type, occurred_at, payload)
  select d.id, d.webhook_id, d.customer_id, d.order_id, d.event_id, d.event_type, d.occurred_at,
    d.payload
  from jsonb_to_recordset($1::jsonb) as d(id uuid, webhook_id bigint, customer_id bigint,
    order_id bigint, event_id text, event_type text, occurred_at timestamptz, payload jsonb)
  on conflict (webhook_id, event_id) where replay_of is null do nothing
  returning ${WAKE}`;

async function applyEvents(
  trx: Knex.Transaction,
  events: RecordedEvent[],
  queue: boolean,
  writes?: BatchWrites,
) {
  const batch: Batch = {
    hooks: await loadHooks(trx),
    owners: await loadOwners(trx, events),
    dirtyHooks: new Set(),
    dirtyOwners: new Set(),
    deliveries: [],
    replays: [],
  };
  fold(batch, events, queue);
  await write(trx, batch, writes);
}

export const webhookQueueProjection: Projection = {
  name: 'webhookQueue',
  tables: [H, O],
  entities: [],
  migrations: [
    {
      name: '0001_rm_webhook_queue',
      async up(knex) {
        await knex.raw(`create table ${H} (id bigint primary key, data jsonb not null);
          create table ${O} (order_id bigint primary key, data jsonb not null);`);
      },
    },
  ],
  handles: (e) => isWebhookEvent(e) || orderEvents.has(e.type),
  async apply(trx, events, writes) {
    await applyEvents(trx, events, true, writes);
    return [];
  },
  async applyBulk(trx, events) {
    await applyEvents(trx, events, false);
  },
};

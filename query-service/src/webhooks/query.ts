import {
  AppError,
  CUSTOMERS_TABLE,
  WEBHOOK_ATTEMPTS_TABLE,
  WEBHOOK_DELIVERIES_TABLE,
  WEBHOOK_SECRET_SHOWN_MS,
  WEBHOOKS_TABLE,
  customerScope,
  inScope,
  type Identity,
  type WebhookAttempt,
  type WebhookDay,
  type WebhookMessage,
  type WebhookMessageDetails,
  type WebhookPayload,
  type WebhookRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import type { QueryHandler } from '../framework.js';

/** Webhooks' queries (docs/decisions/0070-webhooks.md): hooks, secret, delivery log, a day's overview. */

/** The customers (id → department) a caller may read, of those given. */
async function readableCustomers(
  knex: Knex,
  identity: Identity,
  ids: readonly string[],
): Promise<Map<string, { departmentId: string | null; name: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await knex(CUSTOMERS_TABLE)
    .whereIn('id', [...new Set(ids)])
    .select<{ id: string; department_id: string | null; name: string | null }[]>(
      knex.raw('id::text'),
      knex.raw(`data->>'departmentId' as department_id`),
      knex.raw(`data->>'name' as name`),
    );
  return new Map(
    rows
      .filter((r) => inScope(identity, r.department_id, r.id))
      .map((r) => [r.id, { departmentId: r.department_id, name: r.name }]),
  );
}

const customerMissing = (id: string) => new AppError('NOT_FOUND', `Customer ${id} not found`);

/** Query `webhooks {customerId}`: its live hooks, oldest first. */
export const webhooks: QueryHandler<'webhooks'> = async ({ customerId }, { knex, identity }) => {
  if (!(await readableCustomers(knex, identity, [customerId])).has(customerId))
    throw customerMissing(customerId);
  const rows = await knex(WEBHOOKS_TABLE)
    .where({ customer_id: customerId, deleted: false })
    .orderBy('id')
    .select<{ data: WebhookRow }[]>('data');
  return rows.map((r) => r.data);
};

async function readableHook(knex: Knex, identity: Identity, id: string): Promise<WebhookRow> {
  const row = await knex(WEBHOOKS_TABLE)
    .where({ id, deleted: false })
    .first<{ data: WebhookRow } | undefined>('data');
  if (!row || !inScope(identity, row.data.departmentId, row.data.customerId))
    throw new AppError('NOT_FOUND', `Webhook ${id} not found`);
  return row.data;
}

/**
 * Query `webhookSecret {id}`: the secret that signs now, only within WEBHOOK_SECRET_SHOWN_MS of
 * its making (the screen shows it once, after a create or rotation); later, 409 and rotate.
 */
export const webhookSecret: QueryHandler<'webhookSecret'> = async (
  { id },
  { knex, identity, clock, webhookSecret: secretOf },
) => {
  const hook = await readableHook(knex, identity, id);
  const age = clock().getTime() - Date.parse(hook.secretIssuedAt);
  if (!secretOf || age > WEBHOOK_SECRET_SHOWN_MS)
    throw new AppError(
      'SECRET_NO_LONGER_SHOWN',
      `The secret of webhook ${id} is shown only just after it is made: rotate it for a new one`,
    );
  return { id, secretVersion: hook.secretVersion, secret: secretOf(id, hook.secretVersion) };
};

interface DeliveryRow {
  id: string;
  webhook_id: string;
  customer_id: string;
  order_id: string;
  event_id: string;
  event_type: string;
  occurred_at: Date;
  created_at: Date;
  status: WebhookMessage['status'];
  attempts: number;
  next_at: Date;
  delivered_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  replay_of: string | null;
  payload?: WebhookPayload;
}

const COLUMNS = [
  'id',
  'webhook_id',
  'customer_id',
  'order_id',
  'event_id',
  'event_type',
  'occurred_at',
  'created_at',
  'status',
  'attempts',
  'next_at',
  'delivered_at',
  'last_status_code',
  'last_error',
  'replay_of',
];

const messageOf = (r: DeliveryRow): WebhookMessage => ({
  id: r.id,
  webhookId: String(r.webhook_id),
  customerId: String(r.customer_id),
  orderId: String(r.order_id),
  eventType: r.event_type,
  eventId: r.event_id,
  occurredAt: r.occurred_at.toISOString(),
  createdAt: r.created_at.toISOString(),
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: r.status === 'PENDING' ? r.next_at.toISOString() : null,
  deliveredAt: r.delivered_at?.toISOString() ?? null,
  lastStatusCode: r.last_status_code,
  lastError: r.last_error,
  replayOf: r.replay_of,
});

/** Query `webhookMessages`: the log, newest first, of the customers the caller reads. */
export const webhookMessages: QueryHandler<'webhookMessages'> = async (
  params,
  { knex, identity },
) => {
  const q = knex(WEBHOOK_DELIVERIES_TABLE)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(params.limit)
    .select<DeliveryRow[]>(COLUMNS);
  if (params.customerId) q.where('customer_id', params.customerId);
  if (params.webhookId) q.where('webhook_id', params.webhookId);
  if (params.status) q.where('status', params.status);
  if (params.orderId) q.where('order_id', params.orderId);
  // A customer user's log (the portal, 0085): its customers' rows only, before the limit.
  const scope = customerScope(identity);
  if (scope) q.whereIn('customer_id', scope);
  if (params.date)
    q.where('created_at', '>=', `${params.date}T00:00:00Z`).where(
      'created_at',
      '<',
      knex.raw(`?::date + 1`, [params.date]),
    );
  // A customer named must be one the caller reads (another's is NOT_FOUND, as `webhooks` says).
  if (
    params.customerId !== undefined &&
    !(await readableCustomers(knex, identity, [params.customerId])).has(params.customerId)
  )
    throw customerMissing(params.customerId);
  // Only customers the caller reads: a customer user sees its own, a planner its departments'.
  const rows = await q;
  const customers = await readableCustomers(
    knex,
    identity,
    rows.map((r) => String(r.customer_id)),
  );
  return rows.filter((r) => customers.has(String(r.customer_id))).map(messageOf);
};

/** Query `webhookMessage {id}`: one delivery, its payload and every attempt. */
export const webhookMessage: QueryHandler<'webhookMessage'> = async (
  { id },
  { knex, identity },
) => {
  const row = await knex(WEBHOOK_DELIVERIES_TABLE)
    .where({ id })
    .first<DeliveryRow | undefined>([...COLUMNS, 'payload']);
  const missing = new AppError('NOT_FOUND', `Webhook message ${id} not found`);
  if (!row) throw missing;
  if (!(await readableCustomers(knex, identity, [String(row.customer_id)])).size) throw missing;
  const attempts = await knex(WEBHOOK_ATTEMPTS_TABLE)
    .where({ delivery_id: id })
    .orderBy('attempt')
    .select<
      {
        attempt: number;
        at: Date;
        status_code: number | null;
        duration_ms: number;
        answer: string | null;
        error: string | null;
      }[]
    >('attempt', 'at', 'status_code', 'duration_ms', 'answer', 'error');
  const attemptsLog: WebhookAttempt[] = attempts.map((a) => ({
    attempt: a.attempt,
    at: a.at.toISOString(),
    statusCode: a.status_code,
    durationMs: a.duration_ms,
    answer: a.answer,
    error: a.error,
  }));
  const details: WebhookMessageDetails = { ...messageOf(row), payload: row.payload!, attemptsLog };
  return details;
};

/**
 * Query `webhookIntegrations {date}`: for each hook with deliveries queued that day (UTC), or
 * live: its counts, its tries, how long from the event to the receiver's 2xx (p50, p99), and
 * its last failure: what an operator looks at to see which receiver is down.
 */
export const webhookIntegrations: QueryHandler<'webhookIntegrations'> = async (
  { date },
  { knex, identity },
) => {
  const { rows } = await knex.raw<{
    rows: {
      webhook_id: string;
      messages: number;
      delivered: number;
      pending: number;
      failed: number;
      attempts: number;
      p50: number | null;
      p99: number | null;
      last_failure_at: Date | null;
      last_failure: string | null;
    }[];
  }>(
    `select webhook_id::text, count(*)::int as messages,
       count(*) filter (where status = 'DELIVERED')::int as delivered,
       count(*) filter (where status = 'PENDING')::int as pending,
       count(*) filter (where status = 'FAILED')::int as failed,
       coalesce(sum(attempts), 0)::int as attempts,
       percentile_cont(0.5) within group (order by extract(epoch from delivered_at - occurred_at) * 1000)
         filter (where status = 'DELIVERED') as p50,
       percentile_cont(0.99) within group (order by extract(epoch from delivered_at - occurred_at) * 1000)
         filter (where status = 'DELIVERED') as p99,
       max(created_at) filter (where last_error is not null and status <> 'DELIVERED') as last_failure_at,
       (array_agg(coalesce(last_status_code::text || ' ', '') || last_error order by created_at desc)
         filter (where last_error is not null and status <> 'DELIVERED'))[1] as last_failure
     from ${WEBHOOK_DELIVERIES_TABLE}
     where created_at >= ?::date and created_at < ?::date + 1
     group by webhook_id`,
    [date, date],
  );
  const byHook = new Map(rows.map((r) => [r.webhook_id, r]));
  const hooks = await knex(WEBHOOKS_TABLE)
    .where((q) => {
      void q.where('deleted', false).orWhereIn('id', [...byHook.keys()]);
    })
    .select<{ data: WebhookRow }[]>('data');
  const customers = await readableCustomers(
    knex,
    identity,
    hooks.map((h) => h.data.customerId),
  );
  const days: WebhookDay[] = [];
  for (const { data: h } of hooks) {
    const customer = customers.get(h.customerId);
    if (!customer) continue;
    const r = byHook.get(h.id);
    days.push({
      webhookId: h.id,
      customerId: h.customerId,
      customerName: customer.name,
      url: h.url,
      enabled: h.enabled,
      deleted: h.deleted,
      messages: r?.messages ?? 0,
      delivered: r?.delivered ?? 0,
      pending: r?.pending ?? 0,
      failed: r?.failed ?? 0,
      attempts: r?.attempts ?? 0,
      p50Ms: r?.p50 == null ? null : Math.round(r.p50),
      p99Ms: r?.p99 == null ? null : Math.round(r.p99),
      lastFailureAt: r?.last_failure_at?.toISOString() ?? null,
      lastFailure: r?.last_failure ?? null,
    });
  }
  return days.sort(
    (a, b) =>
      b.failed - a.failed || b.messages - a.messages || Number(a.webhookId) - Number(b.webhookId),
  );
};

import {
  PRE_ADVICE_ENTITY,
  PRE_ADVICE_POLICIES_ENTITY,
  PRE_ADVICE_POLICIES_TABLE,
  PRE_ADVICE_TABLE,
  followPlacement,
  isConsignmentState,
  isPreAdviceEventType,
  sentOutcomes,
  type BookedOrder,
  type PreAdviceAttempt,
  type PreAdviceEvent,
  type PreAdvicePolicyRow,
  type PreAdviceRow,
  type RecordedEvent,
} from '@nordlog/contracts';
import { referenceRows } from '../framework/referenceRows.js';
import { rowProjection } from '../framework/rowProjection.js';

/** Pre-advice policies (docs/decisions/0062); a deleted one is a tombstone. */
export const preAdvicePoliciesProjection = rowProjection<PreAdvicePolicyRow>({
  name: 'preAdvicePolicies',
  table: PRE_ADVICE_POLICIES_TABLE,
  entity: PRE_ADVICE_POLICIES_ENTITY,
  migrations: [
    {
      name: '0001_rm_pre_advice_policies',
      async up(knex) {
        await knex.raw(`create table ${PRE_ADVICE_POLICIES_TABLE} (
          id bigint primary key, revision integer not null, department_id bigint,
          customer_id bigint, customer_group_id bigint, service_id text,
          deleted boolean not null, data jsonb not null);`);
      },
    },
  ],
  ...referenceRows<PreAdvicePolicyRow>('PreAdvicePolicyCreated', null, 'PreAdvicePolicyDeleted'),
  columns: (row) => ({
    department_id: row.departmentId,
    customer_id: row.customerId,
    customer_group_id: row.customerGroupId,
    service_id: row.serviceId,
    deleted: row.deleted,
  }),
});

/** The order events the pre-advice row follows besides its own. */
const orderEvents = new Set([
  'OrderCreated',
  'OrderUpdated',
  // The recipient's answer (0063): the order it left (a new day is a new trigger, 0062).
  'RecipientAnswered',
  'OrderMoved',
  'ConsignmentAssignedToSlot',
  'ConsignmentUnassignedFromSlot',
  'OrderDeleted',
  'OrderRestored',
  'OrderAccepted',
  'OrderRejected',
  'ConsignmentCollected',
  'ConsignmentDelivered',
  'ConsignmentDeviated',
  'ConsignmentReturned',
]);

const fromOrder = (o: BookedOrder) => ({
  departmentId: o.departmentId,
  customerId: o.customerId,
  serviceId: o.serviceId ?? null,
  deliveryDate: o.deliveryDate ?? o.pickupDate,
});

const without = (list: string[], key: string) => list.filter((k) => k !== key);

function withAttempt(row: PreAdviceRow, attempt: PreAdviceAttempt): PreAdviceRow {
  const at = row.attempts.findIndex((a) => a.key === attempt.key);
  const attempts =
    at < 0 ? [...row.attempts, attempt] : row.attempts.map((a, i) => (i === at ? attempt : a));
  return { ...row, attempts, lastOutcome: attempt.outcome };
}

function evolvePreAdvice(row: PreAdviceRow, e: PreAdviceEvent, r: RecordedEvent): PreAdviceRow {
  const stamp = { at: r.metadata.occurredAt, by: r.metadata.userId ?? null };
  const isTrigger = (cause: string) => cause !== 'MANUAL' && cause !== 'PRE_PICKUP';
  switch (e.type) {
    case 'PreAdviceRequested':
      return withAttempt(
        { ...row, requested: [...without(row.requested, e.data.key), e.data.key] },
        {
          key: e.data.key,
          cause: e.data.cause,
          outcome: 'MANUAL_ATTEMPT',
          policyId: null,
          vasCode: null,
          channels: [],
          ...stamp,
        },
      );
    case 'PreAdviceQueued': {
      const { key, cause, policyId, messages, vasCode } = e.data;
      const channels = [
        ...(messages.sms ? ['sms' as const] : []),
        ...(messages.email ? ['email' as const] : []),
      ];
      return withAttempt(
        {
          ...row,
          requested: without(row.requested, key),
          pending: [...without(row.pending, key), key],
          decided: isTrigger(cause) ? [...without(row.decided, key), key] : row.decided,
        },
        { key, cause, outcome: 'ALREADY_IN_PROGRESS', policyId, vasCode, channels, ...stamp },
      );
    }
    case 'PreAdviceOutcomeRecorded': {
      const { key, cause, outcome, policyId } = e.data;
      const before = row.attempts.find((a) => a.key === key);
      const channels = before?.channels ?? [];
      const sent = sentOutcomes.includes(outcome) ? (outcome === 'SMS_AND_EMAIL_SENT' ? 2 : 1) : 0;
      return withAttempt(
        {
          ...row,
          requested: without(row.requested, key),
          pending: without(row.pending, key),
          decided: isTrigger(cause) ? [...without(row.decided, key), key] : row.decided,
          sent: row.sent + sent,
        },
        {
          key,
          cause,
          outcome,
          policyId,
          vasCode: e.data.vasCode ?? null,
          channels,
          ...(e.data.reason ? { reason: e.data.reason } : {}),
          ...stamp,
        },
      );
    }
    case 'PreAdviceLocked':
      return { ...row, locked: true };
    case 'PreAdviceUnlocked':
      return { ...row, locked: false };
    default: {
      const never: never = e;
      return never;
    }
  }
}

/**
 * An order's pre-advice (docs/decisions/0062): what the process needs to find the orders whose
 * trigger came (dates, slot, state) and what planners read (attempts and outcomes). It holds no
 * recipient: the messages stay in the order's sealed events.
 */
export const preAdviceProjection = rowProjection<PreAdviceRow>({
  name: 'preAdvice',
  table: PRE_ADVICE_TABLE,
  entity: PRE_ADVICE_ENTITY,
  migrations: [
    {
      name: '0001_rm_pre_advice',
      async up(knex) {
        await knex.raw(`create table ${PRE_ADVICE_TABLE} (
          id bigint primary key, revision integer not null, department_id bigint not null,
          customer_id bigint not null, delivery_date text not null, slot_id bigint,
          state text not null, decided text[] not null, waiting boolean not null,
          last_outcome text, data jsonb not null);
          create index ${PRE_ADVICE_TABLE}_department_date on ${PRE_ADVICE_TABLE} (department_id, delivery_date);
          create index ${PRE_ADVICE_TABLE}_date on ${PRE_ADVICE_TABLE} (delivery_date);
          create index ${PRE_ADVICE_TABLE}_slot on ${PRE_ADVICE_TABLE} (slot_id) where slot_id is not null;
          create index ${PRE_ADVICE_TABLE}_waiting on ${PRE_ADVICE_TABLE} (id) where waiting;
          create index ${PRE_ADVICE_TABLE}_unbooked on ${PRE_ADVICE_TABLE} (id) where not ('BOOKED' = any(decided));`);
      },
    },
  ],
  rowId: (e) =>
    e.streamId.startsWith('order-') && (orderEvents.has(e.type) || isPreAdviceEventType(e.type))
      ? e.streamId.slice('order-'.length)
      : null,
  evolve(row, r) {
    const meta = { revision: r.streamRevision, updatedAtEpoch: Date.parse(r.metadata.occurredAt) };
    const data = r.data as {
      order?: BookedOrder;
      state?: unknown;
      slotId?: string;
      departmentId?: string;
    };
    if (r.type === 'OrderCreated' && data.order)
      return {
        id: data.order.orderId,
        ...meta,
        ...fromOrder(data.order),
        state: isConsignmentState(data.state) ? data.state : 'CREATED',
        slotId: null,
        locked: false,
        attempts: [],
        requested: [],
        pending: [],
        decided: [],
        sent: 0,
        lastOutcome: null,
      };
    if (!row) return row;
    if (isPreAdviceEventType(r.type))
      return { ...evolvePreAdvice(row, r as unknown as PreAdviceEvent, r), ...meta };
    const next = followPlacement({ ...row, ...meta }, r);
    const changed = r.type === 'OrderUpdated' || r.type === 'RecipientAnswered';
    return changed && data.order ? { ...next, ...fromOrder(data.order) } : next;
  },
  columns: (row) => ({
    department_id: row.departmentId,
    customer_id: row.customerId,
    delivery_date: row.deliveryDate,
    slot_id: row.slotId,
    state: row.state,
    decided: row.decided,
    waiting: row.requested.length > 0 || row.pending.length > 0,
    last_outcome: row.lastOutcome,
  }),
});

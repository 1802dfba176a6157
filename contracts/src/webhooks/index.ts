import { z } from 'zod';
import { entityId } from '../common.js';
import { consignmentEventTypes, type ConsignmentEventType } from '../consignments/events.js';

/**
 * Webhooks (issue 43 §5; docs/decisions/0070-webhooks.md): a customer's systems subscribe to its
 * orders' events. A hook belongs to one customer and gets that customer's orders only (not its
 * sub-customers': each is a customer with hooks of its own). Each delivery is signed with the
 * hook's secret (see `WEBHOOK_SIGNATURE_HEADER`), retried on the back-off of `retryDelayMs` for a
 * day, and kept in the delivery log with the receiver's answers.
 */
export const WEBHOOKS_TABLE = 'rm_webhooks';
export const WEBHOOKS_ENTITY = 'webhooks';
/** The queue's own copy of the hooks and of each order's customer (the enqueuer's read model). */
export const WEBHOOK_QUEUE_HOOKS_TABLE = 'rm_webhook_queue_hooks';
export const WEBHOOK_QUEUE_ORDERS_TABLE = 'rm_webhook_queue_orders';
/** The durable queue and delivery log: not a read model (a record of what was sent; no rebuild). */
export const WEBHOOK_DELIVERIES_TABLE = 'webhook_deliveries';
export const WEBHOOK_ATTEMPTS_TABLE = 'webhook_attempts';
/** NOTIFYed when deliveries are queued (at the commit that queues them): the workers wake. */
export const WEBHOOK_DELIVERIES_CHANNEL = 'webhook_deliveries';
export const webhookStream = (id: string) => `webhook-${id}`;

/** The order events a hook may subscribe to: every consignment event. */
export const webhookEventTypes: readonly ConsignmentEventType[] = consignmentEventTypes;

/** Headers of a delivery: its id, the signing time (Unix seconds) and the signature. */
export const WEBHOOK_ID_HEADER = 'webhook-id';
export const WEBHOOK_TIMESTAMP_HEADER = 'webhook-timestamp';
/** `v1=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>`; a receiver refuses a timestamp > 5 min off. */
export const WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';

/** How long after its creation a delivery is tried (a day), then it ends as FAILED. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3600_000;
/** How long a secret can be read after it was made or rotated (then only a rotation shows one). */
export const WEBHOOK_SECRET_SHOWN_MS = 15 * 60_000;
/** The receiver's answer kept per attempt (characters). */
export const WEBHOOK_ANSWER_EXCERPT = 500;

/**
 * The wait before try `attempt + 1` after try `attempt` (1-based) failed: 30 s doubling per try,
 * at most 2 h. Over a day that is 19 tries; the worker adds ±20 % so that a receiver coming back
 * is not met by every waiting delivery at once.
 */
export const retryDelayMs = (attempt: number): number =>
  Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 2 * 3600_000);

/**
 * When the next try is due after `attempt` failed at `at`; null: none (the next would fall after
 * the day from `createdAt`, so the delivery ends as FAILED).
 */
export function nextAttemptAt(createdAt: Date, attempt: number, at: Date, jitter = 1): Date | null {
  const next = new Date(at.getTime() + retryDelayMs(attempt) * jitter);
  return next.getTime() - createdAt.getTime() > WEBHOOK_RETRY_WINDOW_MS ? null : next;
}

const webhookUrl = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/, error: 'an http(s) URL' }))
  .refine(
    (u) => !URL.canParse(u) || (!new URL(u).username && !new URL(u).password),
    'no user name or password in the URL',
  );
const events = z
  .array(z.enum(webhookEventTypes as [ConsignmentEventType, ...ConsignmentEventType[]]))
  .min(1)
  .max(webhookEventTypes.length)
  .refine((e) => new Set(e).size === e.length, 'each event once');
const description = z.string().trim().max(200);

/** CREATE_WEBHOOK: a customer's hook; its secret is read once with `webhookSecret`. */
export const createWebhookSchema = z.object({
  customerId: entityId,
  url: webhookUrl,
  events,
  description: description.default(''),
});
/** UPDATE_WEBHOOK: what it names changes (the URL is checked again). */
export const updateWebhookSchema = z.object({
  id: entityId,
  url: webhookUrl.optional(),
  events: events.optional(),
  description: description.optional(),
  /** Off: no new deliveries are made; those waiting wait (until the day is over). */
  enabled: z.boolean().optional(),
});
export const rotateWebhookSecretSchema = z.object({ id: entityId });
export const deleteWebhookSchema = z.object({ id: entityId });
/** REPLAY_WEBHOOK_MESSAGE: the message's payload sent again as a new delivery (logged as such). */
export const replayWebhookMessageSchema = z.object({ webhookId: entityId, messageId: z.uuid() });

export const webhookCommandSchemas = {
  CREATE_WEBHOOK: createWebhookSchema,
  UPDATE_WEBHOOK: updateWebhookSchema,
  ROTATE_WEBHOOK_SECRET: rotateWebhookSecretSchema,
  DELETE_WEBHOOK: deleteWebhookSchema,
  REPLAY_WEBHOOK_MESSAGE: replayWebhookMessageSchema,
} as const;

export interface Webhook {
  id: string;
  customerId: string;
  /** The customer's department when the hook was made: who reads the hook (as the customer). */
  departmentId: string | null;
  url: string;
  events: ConsignmentEventType[];
  description: string;
  enabled: boolean;
  /** Which secret signs (1 at creation, one more per rotation). */
  secretVersion: number;
  /** When that secret was made (ISO): it can be read for WEBHOOK_SECRET_SHOWN_MS after. */
  secretIssuedAt: string;
}
export interface WebhookRow extends Webhook {
  revision: number;
  updatedAtEpoch: number;
  deleted: boolean;
}

export type WebhookEvent =
  | { type: 'WebhookCreated'; data: Webhook }
  | {
      type: 'WebhookUpdated';
      data: {
        id: string;
        url?: string;
        events?: ConsignmentEventType[];
        description?: string;
        enabled?: boolean;
      };
    }
  | {
      type: 'WebhookSecretRotated';
      data: { id: string; secretVersion: number; secretIssuedAt: string };
    }
  | { type: 'WebhookDeleted'; data: { id: string } }
  | {
      type: 'WebhookMessageReplayRequested';
      /** `replayId`: the new delivery's id (deterministic from the command, so a repeat is one). */
      data: { id: string; messageId: string; replayId: string };
    };

export const webhookMessageStatuses = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type WebhookMessageStatus = (typeof webhookMessageStatuses)[number];

/** What a receiver gets (the body); no personal data: the order's ids, state and times only. */
export interface WebhookPayload {
  /** The event's id: the same in a replay (the delivery id in `webhook-id` is new). */
  id: string;
  type: ConsignmentEventType;
  occurredAt: string;
  customerId: string;
  order: {
    id: string;
    shipmentId: string | null;
    departmentId: string | null;
    state: string | null;
  };
}

/** A delivery in the log. */
export interface WebhookMessage {
  id: string;
  webhookId: string;
  customerId: string;
  orderId: string;
  eventType: string;
  eventId: string;
  /** When the event happened, the delivery was queued, tried last and delivered (ISO). */
  occurredAt: string;
  createdAt: string;
  status: WebhookMessageStatus;
  attempts: number;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  /** The message this one replays. */
  replayOf: string | null;
}
export interface WebhookAttempt {
  attempt: number;
  at: string;
  statusCode: number | null;
  durationMs: number;
  /** The start of the receiver's answer (WEBHOOK_ANSWER_EXCERPT characters). */
  answer: string | null;
  error: string | null;
}
export interface WebhookMessageDetails extends WebhookMessage {
  payload: WebhookPayload;
  attemptsLog: WebhookAttempt[];
}
/** A hook's day in `/admin/integrations/{date}`. */
export interface WebhookDay {
  webhookId: string;
  customerId: string;
  customerName: string | null;
  url: string;
  enabled: boolean;
  deleted: boolean;
  messages: number;
  delivered: number;
  pending: number;
  failed: number;
  attempts: number;
  /** From the event to the receiver's 2xx (ms), of the day's delivered messages. */
  p50Ms: number | null;
  p99Ms: number | null;
  lastFailureAt: string | null;
  lastFailure: string | null;
}

/** Query `webhooks {customerId}`: the customer's hooks (no secret). */
export const webhooksQuerySchema = z.object({ customerId: entityId });
/** Query `webhookSecret {id}`: the hook's secret, within WEBHOOK_SECRET_SHOWN_MS of its making. */
export const webhookSecretQuerySchema = z.object({ id: entityId });
/** Query `webhookMessages`: the delivery log, newest first. */
export const webhookMessagesQuerySchema = z.object({
  customerId: entityId.optional(),
  webhookId: entityId.optional(),
  status: z.enum(webhookMessageStatuses).optional(),
  orderId: entityId.optional(),
  /** Queued on this day (UTC). */
  date: z.iso.date().optional(),
  limit: z.number().int().min(1).max(500).default(100),
});
/** Query `webhookMessage {id}`: one delivery with its payload and every attempt. */
export const webhookMessageQuerySchema = z.object({ id: z.uuid() });
/** Query `webhookIntegrations {date}`: each hook's deliveries of a day (UTC). */
export const webhookIntegrationsQuerySchema = z.object({ date: z.iso.date() });

export const webhookQuerySchemas = {
  webhooks: webhooksQuerySchema,
  webhookSecret: webhookSecretQuerySchema,
  webhookMessages: webhookMessagesQuerySchema,
  webhookMessage: webhookMessageQuerySchema,
  webhookIntegrations: webhookIntegrationsQuerySchema,
} as const;

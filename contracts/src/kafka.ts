import { z } from 'zod';
import { entityAccess, type EntityName } from './entities.js';
import { eventMetadataSchema } from './events.js';
import { erasureReasons } from './privacy/events.js';

/**
 * What downstream systems read from Kafka (docs/kafka.md, docs/decisions/0025-topology.md): one
 * topic of every domain event, keyed by stream id, and one topic of changed rows per read-model
 * entity, keyed by row id. Messages are JSON; each has a JSON Schema made from the zod schemas
 * below (docs/kafka/*.schema.json, checked by a test to match).
 */
export const DEFAULT_TOPIC_PREFIX = 'nordlog.';

export const kafkaTopics = {
  /** Every domain event, in the global order, keyed by stream id. */
  events: (prefix = DEFAULT_TOPIC_PREFIX) => `${prefix}events`,
  /** The changed rows of one read-model entity (a socket's `data` message), keyed by row id. */
  changes: (entity: string, prefix = DEFAULT_TOPIC_PREFIX) => `${prefix}changes.${entity}`,
  /**
   * Every erasure of a data subject's personal data (docs/decisions/0050), keyed by subject: a
   * consumer that keeps personal data from the other topics erases the subject's on receipt.
   */
  erasures: (prefix = DEFAULT_TOPIC_PREFIX) => `${prefix}erasures`,
};

/** The relay's sources, each with a checkpoint of its own (docs/kafka.md). */
export const relaySources = ['events', 'changes'] as const;
export type RelaySource = (typeof relaySources)[number];

/** The read-model entities with a change topic each. */
export const changeTopicEntities = Object.keys(entityAccess) as EntityName[];

/**
 * Partition counts a production cluster is set up with (the relay never creates topics): enough
 * consumers in parallel for a large installation; order is only per key, so more partitions
 * never break it.
 */
export const topicPartitions = { events: 12, changes: 6, erasures: 3 } as const;

/**
 * Message headers (strings): what a consumer de-duplicates and routes by without parsing. Only
 * these two: each header is a buffer of its own to the producer, and four of them (with the kind
 * and the position, which the topic and the value already carry) cost the relay a quarter of its
 * rate (docs/decisions/0025-topology.md).
 */
export const kafkaHeaders = {
  /** The event's id (events topic) or `{entity}:{id}:{revision}` (change topics): unique. */
  messageId: 'message-id',
  /** The event type (events topic) or the entity (change topics). */
  type: 'message-type',
} as const;

const position = z
  .object({
    transactionId: z.string().regex(/^\d+$/),
    position: z.string().regex(/^\d+$/),
  })
  .describe('The place in the global order: compare transactionId, then position, as integers.');

export const domainEventMessageSchema = z
  .object({
    eventId: z.string().describe('Unique; the same id when a message is delivered again.'),
    streamId: z.string().describe('The aggregate the event belongs to, e.g. order-42.'),
    streamRevision: z.number().int().min(0),
    type: z.string().describe('Past-tense PascalCase, e.g. OrderCreated.'),
    position,
    metadata: eventMetadataSchema,
    data: z.unknown(),
  })
  .describe('One domain event (topic `{prefix}events`, key: streamId).');
export type DomainEventMessage = z.infer<typeof domainEventMessageSchema>;

export const changeMessageSchema = z
  .object({
    entity: z.string().describe('The read-model entity, as in the topic name.'),
    op: z.enum(['upsert', 'delete']),
    id: z.string(),
    revision: z.number().int().describe('Never lower for a later message of the same id.'),
    data: z.unknown().describe('The row as the queries answer it; null for a delete.'),
    scope: z.object({
      departmentId: z.string().nullable(),
      customerId: z.string().nullable(),
      date: z.string().nullable(),
      state: z.string().nullable(),
      departmentIds: z.array(z.string()).nullable(),
      courierId: z.string().nullable().optional(),
    }),
    position,
    createdAt: z.string().describe('When the projection wrote the change (UTC ISO).'),
  })
  .describe('One changed read-model row (topic `{prefix}changes.{entity}`, key: id).');
export type ChangeTopicMessage = z.infer<typeof changeMessageSchema>;

export const erasureMessageSchema = z
  .object({
    eventId: z
      .string()
      .describe('The PersonalDataErased event; unique, the same when delivered again.'),
    subject: z
      .string()
      .describe(
        "The data subject: `order:{orderId}` (the parties of an order), `user:{userId}` (a user, deleted with it), or `courier:{courierId}:{date}` (a courier's positions of that UTC day, when their retention ran out). Erase what you keep of it: the personal fields of its events and rows read as erased from now on.",
      ),
    reason: z
      .enum(erasureReasons)
      .describe('`request`: the person asked (GDPR art. 17); `retention`: its time ran out.'),
    streamId: z
      .string()
      .describe(
        'The stream the erasure was recorded on, e.g. order-42, user-7, courier-location-9, or privacy-retention-{date} for the courier-days no read model held.',
      ),
    position,
    erasedAt: z.string().describe('When the erasure was decided (UTC ISO).'),
  })
  .describe('One erasure of a data subject (topic `{prefix}erasures`, key: subject).');
export type ErasureMessage = z.infer<typeof erasureMessageSchema>;

/** The JSON Schema (2020-12) of each message kind, as published in docs/kafka. */
export function kafkaMessageJsonSchemas(): Record<'domain-event' | 'change' | 'erasure', unknown> {
  return {
    'domain-event': z.toJSONSchema(domainEventMessageSchema, { target: 'draft-2020-12' }),
    change: z.toJSONSchema(changeMessageSchema, { target: 'draft-2020-12' }),
    erasure: z.toJSONSchema(erasureMessageSchema, { target: 'draft-2020-12' }),
  };
}

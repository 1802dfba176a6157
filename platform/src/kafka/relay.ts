import {
  DEFAULT_TOPIC_PREFIX,
  START,
  PERSONAL_DATA_ERASED,
  type ErasureMessage,
  kafkaHeaders,
  kafkaTopics,
  relaySources,
  type RelaySource,
  type ChangeTopicMessage,
  type DomainEventMessage,
  type GlobalPosition,
} from '@nordlog/contracts';
import type { Producer, TopicMessages } from 'kafkajs';
import type { Knex } from 'knex';
import { CHANGES_CHANNEL, readChangesJson, type ChangeRecordJson } from '../changeBus/index.js';
import type { Notifier } from '../db/notifier.js';
import { preparedQuery } from '../db/prepared.js';
import { readAllJson, type EventStore, type RecordedEventJson } from '../eventStore/types.js';
import { backOff } from '../eventStore/subscription.js';
import type { Logger } from '../logger.js';
import { publishPipelined } from './pipeline.js';

export { relaySources, type RelaySource } from '@nordlog/contracts';

export const RELAY_CHECKPOINTS_TABLE = 'relay_checkpoints';

/**
 * A JSON object from its members, each value already JSON text: the relay's messages carry the
 * event's data, metadata and the change's row as the text the database keeps, never parsed only
 * to be serialised again (about 4 µs of an event's ~35 µs in the relay, docs/decisions/0025).
 */
function jsonObject(members: readonly (readonly [key: string, json: string])[]): string {
  let out = '{';
  for (let i = 0; i < members.length; i++) {
    const [key, json] = members[i]!;
    out += `${i === 0 ? '' : ','}"${key}":${json}`;
  }
  return `${out}}`;
}

const positionJson = (at: GlobalPosition) =>
  `{"transactionId":${JSON.stringify(at.transactionId)},"position":${JSON.stringify(at.position)}}`;

/**
 * The Kafka message of a domain event (a DomainEventMessage): keyed by stream, so a stream's
 * events stay in order.
 */
export function eventMessage(event: RecordedEventJson): TopicMessages['messages'][number] {
  const keys: Record<keyof DomainEventMessage, string> = {
    eventId: JSON.stringify(event.eventId),
    streamId: JSON.stringify(event.streamId),
    streamRevision: String(event.streamRevision),
    type: JSON.stringify(event.type),
    position: positionJson(event.global),
    metadata: event.metadataJson,
    data: event.dataJson,
  };
  return {
    key: event.streamId,
    value: jsonObject(Object.entries(keys)),
    headers: {
      [kafkaHeaders.messageId]: event.eventId,
      [kafkaHeaders.type]: event.type,
    },
  };
}

/**
 * The erasure topic's message of a PersonalDataErased event (an ErasureMessage): keyed by the data
 * subject, so a consumer erases what it keeps of that subject, in order with the subject's data.
 */
export function erasureMessage(event: RecordedEventJson): TopicMessages['messages'][number] {
  const data = JSON.parse(event.dataJson) as { subject: string; reason: string };
  const message: ErasureMessage = {
    eventId: event.eventId,
    subject: data.subject,
    reason: data.reason as ErasureMessage['reason'],
    streamId: event.streamId,
    position: event.global,
    erasedAt: event.occurredAt,
  };
  return {
    key: data.subject,
    value: JSON.stringify(message),
    headers: {
      [kafkaHeaders.messageId]: event.eventId,
      [kafkaHeaders.type]: event.type,
    },
  };
}

/**
 * The Kafka message of a changed row (a ChangeTopicMessage): keyed by row id, so a row's changes
 * stay in order.
 */
export function changeMessage(change: ChangeRecordJson): TopicMessages['messages'][number] {
  const keys: Record<keyof ChangeTopicMessage, string> = {
    entity: JSON.stringify(change.entity),
    op: JSON.stringify(change.op),
    id: JSON.stringify(change.id),
    revision: String(change.revision),
    data: change.dataJson,
    scope: JSON.stringify(change.scope),
    position: positionJson(change.global),
    createdAt: JSON.stringify(change.createdAt),
  };
  return {
    key: change.id,
    value: jsonObject(Object.entries(keys)),
    headers: {
      [kafkaHeaders.messageId]: `${change.entity}:${change.id}:${change.revision}`,
      [kafkaHeaders.type]: change.entity,
    },
  };
}

/** One send per topic of a batch, each topic's messages in the batch's order. */
export function topicMessages(
  items: { topic: string; message: TopicMessages['messages'][number] }[],
): TopicMessages[] {
  const byTopic = new Map<string, TopicMessages['messages']>();
  for (const { topic, message } of items) {
    const list = byTopic.get(topic) ?? [];
    list.push(message);
    byTopic.set(topic, list);
  }
  return [...byTopic].map(([topic, messages]) => ({ topic, messages }));
}

export async function readCheckpoint(knex: Knex, source: RelaySource): Promise<GlobalPosition> {
  const row = await knex(RELAY_CHECKPOINTS_TABLE)
    .where({ name: source })
    .first<{ transaction_id: string; position: string } | undefined>(
      knex.raw('transaction_id::text as transaction_id'),
      knex.raw('position::text as position'),
    );
  return row ? { transactionId: row.transaction_id, position: row.position } : START;
}

const WRITE_CHECKPOINT_SQL = `insert into ${RELAY_CHECKPOINTS_TABLE} (name, transaction_id, position, updated_at)
  values ($1, $2::text::xid8, $3::bigint, now())
  on conflict (name) do update set transaction_id = excluded.transaction_id,
    position = excluded.position, updated_at = now()`;

/** Written after every acknowledged batch: prepared, as every statement a steady loop repeats. */
export async function writeCheckpoint(
  knex: Knex,
  source: RelaySource,
  at: GlobalPosition,
): Promise<void> {
  await preparedQuery(knex, WRITE_CHECKPOINT_SQL, [source, at.transactionId, at.position]);
}

/**
 * The replay command: the next relay run publishes a source again from `from` (exclusive; START
 * for everything). Consumers de-duplicate by the `message-id` header.
 */
export async function replayFrom(
  knex: Knex,
  sources: readonly RelaySource[],
  from: GlobalPosition,
): Promise<void> {
  for (const source of sources) await writeCheckpoint(knex, source, from);
}

export interface RelayDeps {
  knex: Knex;
  store: EventStore;
  notifier: Notifier;
  /** A connected kafkajs producer (acks from all in-sync replicas, one request in flight). */
  producer: Producer;
  logger: Logger;
  topicPrefix?: string;
  batchSize?: number;
  /** What this relay publishes (default both); one source is never published by two relays. */
  sources?: readonly RelaySource[];
  /**
   * Called after each acknowledged batch, with how old its last item was (metrics: how far behind
   * the relay is).
   */
  onPublished?: (source: RelaySource, count: number, at: GlobalPosition, ageMs: number) => void;
}

/**
 * The Kafka relay (docs/decisions/0025-topology.md): publishes every domain event (from the event
 * store's global order) and every changed read-model row (from the change outbox) to Kafka, each
 * source from its checkpoint. At least once, in order per key: a batch is sent with `acks: -1`
 * and the checkpoint moves only after the broker acknowledged it, so a crash between the two
 * sends the batch again and never loses one. Each source is a pipeline (publishPipelined): the
 * next batch is read and serialised while one is in flight, and its checkpoint written while the
 * next is sent. Never creates topics (a production cluster has them made with their partition
 * counts, docs/kafka.md).
 */
export class KafkaRelay {
  private readonly abort = new AbortController();
  private running: Promise<void>[] = [];

  constructor(private readonly deps: RelayDeps) {}

  start(): void {
    const prefix = this.deps.topicPrefix ?? DEFAULT_TOPIC_PREFIX;
    const sources = new Set(this.deps.sources ?? relaySources);
    this.running = [
      sources.has('events') &&
        this.loop<RecordedEventJson>(
          'events',
          {
            read: (from, limit) => readAllJson(this.deps.store, from, limit),
            waiter: () => this.deps.store.createWaiter(),
            positionOf: (e) => e.global,
            timeOf: (e) => Date.parse(e.occurredAt),
          },
          (e) => [
            { topic: kafkaTopics.events(prefix), message: eventMessage(e) },
            // An erasure also goes to its own topic, for consumers that keep personal data (0050).
            ...(e.type === PERSONAL_DATA_ERASED
              ? [{ topic: kafkaTopics.erasures(prefix), message: erasureMessage(e) }]
              : []),
          ],
        ),
      sources.has('changes') &&
        this.loop<ChangeRecordJson>(
          'changes',
          {
            read: (from, limit) => readChangesJson(this.deps.knex, from, limit),
            waiter: () => this.deps.notifier.createWaiter(CHANGES_CHANNEL),
            positionOf: (c) => c.global,
            timeOf: (c) => Date.parse(c.createdAt),
          },
          (c) => [{ topic: kafkaTopics.changes(c.entity, prefix), message: changeMessage(c) }],
        ),
    ].filter((loop) => loop !== false);
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await Promise.all(this.running);
  }

  private async loop<T>(
    source: RelaySource,
    input: {
      read(from: GlobalPosition, limit: number): Promise<T[]>;
      waiter(): { wait(ms: number, signal: AbortSignal): Promise<void>; close(): void };
      positionOf(item: T): GlobalPosition;
      timeOf(item: T): number;
    },
    toMessages: (item: T) => { topic: string; message: TopicMessages['messages'][number] }[],
  ): Promise<void> {
    const { knex, producer, logger } = this.deps;
    const { signal } = this.abort;
    const log = logger.child({ source });
    const waiter = input.waiter();
    let failures = 0;
    try {
      while (!signal.aborted) {
        try {
          // From the stored checkpoint, also after a failure: what was read past it may not
          // have been acknowledged.
          const from = await readCheckpoint(knex, source);
          log.info({ from }, 'relay: publishing');
          await publishPipelined<T, TopicMessages[]>(
            {
              read: (from, limit) => input.read(from, limit),
              prepare: (items) => topicMessages(items.flatMap(toMessages)),
              send: async (batch) => {
                await producer.sendBatch({ topicMessages: batch, acks: -1 });
              },
              checkpoint: async (at, items) => {
                await writeCheckpoint(knex, source, at);
                failures = 0;
                const newest = input.timeOf(items[items.length - 1]!);
                this.deps.onPublished?.(source, items.length, at, Date.now() - newest);
              },
              positionOf: (item) => input.positionOf(item),
              wait: (ms, signal) => waiter.wait(ms, signal),
            },
            from,
            { batchSize: this.deps.batchSize ?? 500, pollMs: 1000, signal },
          );
        } catch (err) {
          if (signal.aborted) break;
          failures += 1;
          await backOff(err, failures, log, 'relay batch failed', signal);
        }
      }
    } finally {
      waiter.close();
    }
  }
}

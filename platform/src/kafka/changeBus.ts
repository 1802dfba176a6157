import {
  DEFAULT_TOPIC_PREFIX,
  changeMessageSchema,
  changeTopicEntities,
  kafkaTopics,
} from '@nordlog/contracts';
import type { Consumer, Kafka } from 'kafkajs';
import type { ChangeBus, ChangeRecord } from '../changeBus/index.js';
import type { Logger } from '../logger.js';
import { CHANGE_FEED_MAX_WAIT_MS } from './fetchWait.js';

export { CHANGE_FEED_MAX_WAIT_MS };

export interface KafkaChangeBusOptions {
  /** One group per gateway instance: every gateway gets every change. */
  groupId: string;
  logger: Logger;
  topicPrefix?: string;
  /** The consumer's session timeout (the mock cluster needs ≥ 3 s). */
  sessionTimeoutMs?: number;
  /** The longest a fetch waits for changes (KAFKA_FETCH_MAX_WAIT_MS; default 50 ms). */
  maxWaitMs?: number;
}

/** A change message from a change topic as the socket hub takes it; null when it is not one. */
export function changeRecordOf(value: Buffer | null, logger?: Logger): ChangeRecord | null {
  if (!value) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value.toString('utf8'));
  } catch {
    logger?.warn('change topic: a message that is not JSON was skipped');
    return null;
  }
  const message = changeMessageSchema.safeParse(parsed);
  if (!message.success) {
    logger?.warn({ issues: message.error.issues.slice(0, 3) }, 'change topic: message skipped');
    return null;
  }
  const m = message.data;
  return {
    entity: m.entity,
    op: m.op,
    id: m.id,
    revision: m.revision,
    data: m.data,
    scope: m.scope,
    global: m.position,
    createdAt: m.createdAt,
  };
}

/**
 * The change feed from Kafka (CHANGE_FEED=kafka): the gateway consumes the change topics the relay
 * fills, instead of the PostgreSQL outbox. At least once and in order per row (the socket clients
 * keep the newest revision of a row, so a change delivered twice is harmless). A new group starts
 * at the topics' ends, like the PostgreSQL feed starts at the outbox's head.
 */
export class KafkaChangeBus implements ChangeBus {
  private readonly consumers: Consumer[] = [];
  private readonly started: Promise<void>[] = [];
  private readonly readyPromises: Promise<void>[] = [];

  constructor(
    private readonly kafka: Kafka,
    private readonly options: KafkaChangeBusOptions,
  ) {}

  subscribe(handler: (changes: ChangeRecord[]) => void | Promise<void>): () => void {
    const { logger } = this.options;
    const prefix = this.options.topicPrefix ?? DEFAULT_TOPIC_PREFIX;
    const consumer = this.kafka.consumer({
      groupId: this.options.groupId,
      sessionTimeout: this.options.sessionTimeoutMs ?? 10_000,
      // A gateway may start before the relay has published to a topic.
      allowAutoTopicCreation: true,
      // A fetch returns at once when the broker has data (minBytes 1); this bounds the wait of a
      // broker that answers only at the end of it (librdkafka's mock cluster answers after the
      // whole wait: with kafkajs's default 5 s a change took seconds to reach a socket). The cost
      // of a short wait is empty fetches: deploy/ sets a longer one for a real Kafka.
      maxWaitTimeInMs: this.options.maxWaitMs ?? CHANGE_FEED_MAX_WAIT_MS,
    });
    this.consumers.push(consumer);
    let fetching!: () => void;
    const ready = new Promise<void>((resolve) => (fetching = resolve));
    // Ready once the group is joined and the first fetch has begun (offsets are then resolved).
    const removeJoin = consumer.on(consumer.events.GROUP_JOIN, () => {
      const removeFetch = consumer.on(consumer.events.FETCH_START, () => {
        removeFetch();
        fetching();
      });
    });
    const run = (async () => {
      await consumer.connect();
      await consumer.subscribe({
        topics: changeTopicEntities.map((e) => kafkaTopics.changes(e, prefix)),
        fromBeginning: false,
      });
      await consumer.run({
        // Nothing to resume: a gateway starts at the topics' ends each time, as the PostgreSQL feed
        // starts at the outbox's head (its sockets query again when they connect). Committing
        // would send an offset commit after every batch.
        autoCommit: false,
        eachBatch: async (payload) => {
          const { batch } = payload;
          const records = batch.messages
            .map((m) => changeRecordOf(m.value, logger))
            .filter((r): r is ChangeRecord => r !== null);
          if (records.length > 0) await handler(records);
          const last = batch.messages[batch.messages.length - 1];
          if (last) payload.resolveOffset(last.offset);
          await payload.heartbeat();
        },
      });
    })();
    this.started.push(
      run.catch((err: unknown) => logger.error({ err }, 'Kafka change feed failed to start')),
    );
    this.readyPromises.push(ready);
    return () => {
      removeJoin();
      void consumer.disconnect();
    };
  }

  /** Resolves when every subscription fetches (tests and start-up wait for it). */
  async ready(): Promise<void> {
    await Promise.all(this.readyPromises);
  }

  async close(): Promise<void> {
    await Promise.all(this.consumers.map((c) => c.disconnect().catch(() => undefined)));
    await Promise.all(this.started);
  }
}

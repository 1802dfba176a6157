import { describe, expect, it } from '@jest/globals';
import type { Kafka } from 'kafkajs';
import { createLogger } from '../logger.js';
import { CHANGE_FEED_MAX_WAIT_MS, KafkaChangeBus } from './changeBus.js';

/** A Kafka client that only records the options of the consumers asked of it. */
function recordingKafka() {
  const asked: Record<string, unknown>[] = [];
  const consumer = {
    events: { GROUP_JOIN: 'join', FETCH_START: 'fetch' },
    on: () => () => undefined,
    connect: () => Promise.resolve(),
    subscribe: () => Promise.resolve(),
    run: () => Promise.resolve(),
    disconnect: () => Promise.resolve(),
  };
  const kafka = {
    consumer: (options: Record<string, unknown>) => {
      asked.push(options);
      return consumer;
    },
  } as unknown as Kafka;
  return { kafka, asked };
}

describe('the Kafka change feed’s fetches', () => {
  const logger = createLogger('silent');

  it('wait at most KAFKA_FETCH_MAX_WAIT_MS when given, the mock broker’s 50 ms when not', async () => {
    for (const [maxWaitMs, expected] of [
      [500, 500],
      [undefined, CHANGE_FEED_MAX_WAIT_MS],
    ] as const) {
      const { kafka, asked } = recordingKafka();
      const bus = new KafkaChangeBus(kafka, {
        groupId: 'gateway.test',
        logger,
        ...(maxWaitMs === undefined ? {} : { maxWaitMs }),
      });
      const stop = bus.subscribe(() => undefined);
      expect(asked).toHaveLength(1);
      expect(asked[0]).toMatchObject({ groupId: 'gateway.test', maxWaitTimeInMs: expected });
      stop();
      await bus.close();
    }
    expect(CHANGE_FEED_MAX_WAIT_MS).toBe(50);
  });
});

import { Kafka, Partitioners, logLevel, type LogEntry, type Producer } from 'kafkajs';
import type { Logger } from '../logger.js';

/** kafkajs's log lines through the service's logger (debug and info quieter than its own). */
function logCreator(logger: Logger) {
  return () =>
    ({ level, log }: LogEntry) => {
      const { message, ...extra } = log;
      const fields = { kafka: extra };
      if (level === logLevel.ERROR) logger.error(fields, message);
      else if (level === logLevel.WARN) logger.warn(fields, message);
      else logger.debug(fields, message);
    };
}

/** A Kafka client for `KAFKA_BROKERS` (comma-separated host:port). */
export function createKafka(options: {
  brokers: string[];
  clientId: string;
  logger: Logger;
}): Kafka {
  return new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    logLevel: logLevel.WARN,
    logCreator: logCreator(options.logger),
    retry: { retries: 8, initialRetryTime: 200, maxRetryTime: 5_000 },
  });
}

/**
 * The relay's producer: one request in flight, so a retried request never overtakes a later one
 * and each key's messages keep their order. Not idempotent (the de-duplication is the consumers',
 * by message id): idempotent producers are not available on every broker this runs against.
 */
export function createRelayProducer(kafka: Kafka): Producer {
  return kafka.producer({
    maxInFlightRequests: 1,
    idempotent: false,
    allowAutoTopicCreation: true,
    // The Java client's partitioner (murmur2 of the key): other producers agree on a key's partition.
    createPartitioner: Partitioners.DefaultPartitioner,
  });
}

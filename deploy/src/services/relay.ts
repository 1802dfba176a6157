import { createKafka, createRelayProducer, KafkaRelay, replayFrom } from '@nordlog/platform';
import { replayArguments } from './replay.js';
import { openEventStore } from '../parts.js';
import { failed, runService } from './run.js';

/** The Kafka relay as a process of its own (docs/decisions/0025-topology.md, docs/kafka.md). */
runService('relay', async ({ config, logger, db, metrics }) => {
  const replay = replayArguments(process.argv.slice(2));
  if (replay) {
    await replayFrom(db.knex, replay.sources, replay.from);
    logger.info(replay, 'relay: checkpoints set back; publishing again from there');
  }
  const kafka = createKafka({
    brokers: config.KAFKA_BROKERS!,
    clientId: config.KAFKA_CLIENT_ID,
    logger: logger.child({ component: 'kafka' }),
  });
  const producer = createRelayProducer(kafka);
  await producer.connect();
  const relay = new KafkaRelay({
    knex: db.knex,
    store: await openEventStore(config, db, logger),
    notifier: db.notifier,
    producer,
    logger,
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
    batchSize: config.RELAY_BATCH_SIZE,
    sources: config.RELAY_SOURCES,
    onPublished: (source, _count, _at, ageMs) => metrics.setRelayLag(ageMs / 1000, source),
  });
  relay.start();
  return {
    close: async () => {
      await relay.stop();
      await producer.disconnect();
    },
  };
}).catch(failed);

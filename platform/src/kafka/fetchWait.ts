/**
 * The longest a gateway's fetch of the change topics waits by default (KAFKA_FETCH_MAX_WAIT_MS):
 * the bound of a broker that answers a fetch only at the end of its wait (librdkafka's mock
 * cluster), where the wait is the changes' latency. Its own module: the configuration reads it
 * without loading kafkajs.
 */
export const CHANGE_FEED_MAX_WAIT_MS = 50;

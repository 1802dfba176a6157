import { createServer, type RequestListener, type Server } from 'node:http';

/**
 * How long a service keeps an idle keep-alive connection open. Every client of ours lets its idle
 * connections go sooner: the gateway's Node agent after 5 s, fetch (undici) one second before the
 * time this server announces. A server that closed first (Node's default is 5 s) races a client
 * that sends on the connection at that moment, and the client sees "other side closed" for a
 * request the service never read: a 503 at the gateway, a failed call in a test.
 */
export const KEEP_ALIVE_MS = 65_000;

/** An HTTP server for a service or the gateway, with idle connections kept longer than clients keep them. */
export function createHttpServer(listener: RequestListener): Server {
  const server = createServer(listener);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node requires the headers' deadline to outlast the keep-alive time.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}

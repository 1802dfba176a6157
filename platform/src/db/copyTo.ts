import type { Writable } from 'node:stream';
import type { Knex } from 'knex';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { withConnection } from './prepared.js';

/**
 * Streams `COPY (<query>) TO STDOUT WITH (<options>)` into `sink` with back-pressure (the file is
 * never held whole), and answers the number of rows. The caller builds `query` from values it has
 * validated (COPY takes no bind parameters: use `knex.raw(sql, bindings).toQuery()`).
 *
 * When the sink goes away first (the client hung up), the COPY is cancelled on the server and read
 * to its end before the connection goes back to the pool: a connection left in the middle of a
 * COPY would answer the next query of whoever took it with the rest of this file.
 */
export function copyQueryTo(
  knex: Knex,
  query: string,
  options: string,
  sink: Writable,
): Promise<number> {
  return withConnection(knex, (connection) => pump(knex, connection, query, options, sink));
}

function pump(
  knex: Knex,
  connection: pg.PoolClient,
  query: string,
  options: string,
  sink: Writable,
): Promise<number> {
  const source = connection.query(copyTo(`copy (${query}) to stdout with (${options})`));
  return new Promise<number>((resolve, reject) => {
    let settled = false;
    let sinkGone = false;
    // The cancel is awaited before the connection goes back: a cancel signal that reached the
    // server after the next borrower's query began would cancel that query instead.
    let cancelled: Promise<unknown> = Promise.resolve();
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      sink.off('drain', onDrain);
      sink.off('close', onClose);
      sink.off('error', onClose);
      void cancelled.then(() => (error ? reject(error) : resolve(source.rowCount)));
    };
    const onDrain = () => source.resume();
    const onClose = () => {
      if (source.readableEnded || settled) return;
      sinkGone = true;
      // Cancel the COPY, then read what is still on the wire until the server ends it.
      source.off('data', onData);
      source.on('data', () => undefined);
      source.resume();
      const pid = (connection as unknown as { processID: number }).processID;
      cancelled = knex.raw('select pg_cancel_backend(?)', [pid]).catch(() => undefined);
    };
    const onData = (chunk: Buffer) => {
      if (!sink.write(chunk)) source.pause();
    };
    source.on('data', onData);
    source.on('end', () =>
      sinkGone ? finish(new Error('The receiver went away before the end')) : finish(null),
    );
    // A cancelled COPY ends with the server's error: the connection is ready again after it.
    source.on('error', (error) =>
      finish(sinkGone ? new Error('The receiver went away before the end') : error),
    );
    sink.on('drain', onDrain);
    sink.on('close', onClose);
    sink.on('error', onClose);
  });
}

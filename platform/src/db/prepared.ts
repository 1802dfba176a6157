import type { Knex } from 'knex';
import type pg from 'pg';

/**
 * Runs a named prepared statement on a connection of knex's pool: the server parses and plans
 * it once per connection, which matters on the hot paths (appends, stream reads).
 * The text uses PostgreSQL's `$1` placeholders.
 */
export async function prepared<Row extends pg.QueryResultRow>(
  knex: Knex,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const client = knex.client as {
    acquireConnection(): Promise<pg.PoolClient>;
    releaseConnection(c: pg.PoolClient): Promise<void>;
  };
  const connection = await client.acquireConnection();
  try {
    return (await connection.query<Row>({ name, text, values })).rows;
  } finally {
    await client.releaseConnection(connection);
  }
}

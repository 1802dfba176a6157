import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

export type { Knex };

// NUMERIC as a JS number (read models store measured quantities as numeric); int8 stays a string.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value));

/** A knex instance (and its pg pool) for one database URL. */
export function connect(url: string, poolSize = 20): Knex {
  return knexFactory({
    client: 'pg',
    connection: { connectionString: url, application_name: 'nordlog' },
    pool: { min: 0, max: poolSize },
    acquireConnectionTimeout: 30_000,
  });
}

/** A URL for another database on the same server. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

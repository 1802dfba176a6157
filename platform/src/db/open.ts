import type { Knex } from 'knex';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { connect } from './connect.js';
import { startEmbeddedPostgres } from './embedded.js';
import { migrateAll, type Migration } from './migrations.js';
import { Notifier } from './notifier.js';
import { PLATFORM_MIGRATIONS_TABLE, platformMigrations } from './schema.js';

export interface Database {
  url: string;
  knex: Knex;
  notifier: Notifier;
  embedded: boolean;
  close(): Promise<void>;
}

/**
 * Opens the database: the server at DATABASE_URL, or else an embedded PostgreSQL server with its
 * data in DATA_DIR. Applies the platform's migrations and any `extra` ones (read models).
 */
export async function openDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE'>,
  logger: Logger,
  extra: { migrations: Migration[]; table: string }[] = [],
): Promise<Database> {
  const server = config.DATABASE_URL
    ? null
    : await startEmbeddedPostgres({ dataDir: config.DATA_DIR, logger });
  const url = config.DATABASE_URL ?? server!.url;
  const knex = connect(url, config.DATABASE_POOL_SIZE);
  try {
    await migrateAll(knex, [
      { migrations: platformMigrations, table: PLATFORM_MIGRATIONS_TABLE },
      ...extra,
    ]);
  } catch (err) {
    await knex.destroy();
    await server?.stop();
    throw err;
  }
  const notifier = new Notifier(url, knex, logger);
  return {
    url,
    knex,
    notifier,
    embedded: server !== null,
    close: async () => {
      await notifier.close();
      await knex.destroy();
      await server?.stop();
    },
  };
}

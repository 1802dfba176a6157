import { randomBytes } from 'node:crypto';
import {
  connect,
  migrate,
  Notifier,
  PLATFORM_MIGRATIONS_TABLE,
  platformMigrations,
  silentLogger,
  withDatabase,
  type Knex,
  type Migration,
} from '@nordlog/platform';

export interface TestDatabase {
  url: string;
  knex: Knex;
  notifier: Notifier;
  drop(): Promise<void>;
}

/**
 * The PostgreSQL server of this test file: its jest worker's own (TEST_DATABASE_URL_k, set by the
 * global setup when several workers run), or TEST_DATABASE_URL.
 */
export const serverUrl = (): string => {
  const worker = process.env.JEST_WORKER_ID;
  const url =
    (worker ? process.env[`TEST_DATABASE_URL_${worker}`] : undefined) ??
    process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set (the jest globalSetup sets it)');
  return url;
};

/** A fresh, empty database on the test server: its URL and a way to drop it. */
export async function createEmptyDatabase(
  url = serverUrl(),
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = connect(url, 1);
  await admin.raw(`create database ${name}`);
  await admin.destroy();
  return {
    url: withDatabase(url, name),
    drop: async () => {
      const dropper = connect(url, 1);
      await dropper.raw(`drop database if exists ${name} with (force)`);
      await dropper.destroy();
    },
  };
}

/** A fresh, migrated database of its own for one test file, dropped afterwards. */
export async function createTestDatabase(
  extra: { migrations: Migration[]; table: string }[] = [],
  url = serverUrl(),
): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = connect(url, 2);
  await admin.raw(`create database ${name}`);
  await admin.destroy();
  const dbUrl = withDatabase(url, name);
  const knex = connect(dbUrl, 30);
  await migrate(knex, platformMigrations, PLATFORM_MIGRATIONS_TABLE);
  for (const set of extra) await migrate(knex, set.migrations, set.table);
  const notifier = new Notifier(dbUrl, knex, silentLogger());
  return {
    url: dbUrl,
    knex,
    notifier,
    drop: async () => {
      await notifier.close();
      await knex.destroy();
      const dropper = connect(url, 1);
      await dropper.raw(`drop database if exists ${name} with (force)`);
      await dropper.destroy();
    },
  };
}

/** The local PostgreSQL server of this machine and CI (trust auth), when reachable. */
export const LOCAL_SERVER_URL =
  process.env.LOCAL_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function isReachable(url: string): Promise<boolean> {
  const knex = connect(url, 1);
  try {
    await knex.raw('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await knex.destroy();
  }
}

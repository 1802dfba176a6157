import { createHash, randomBytes } from 'node:crypto';
import {
  connect,
  migrateAll,
  Notifier,
  PLATFORM_MIGRATIONS_TABLE,
  platformMigrations,
  silentLogger,
  withDatabase,
  type Knex,
  type MigrationSet,
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
  return newDatabase(url, null);
}

/** A database named t_… on the server, empty or a copy of `template`, and a way to drop it. */
async function newDatabase(
  url: string,
  template: string | null,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = connect(url, 1);
  try {
    await admin.raw(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.destroy();
  }
  return {
    url: withDatabase(url, name),
    drop: async () => {
      const dropper = connect(url, 1);
      await dropper.raw(`drop database if exists ${name} with (force)`);
      await dropper.destroy();
    },
  };
}

/** The platform's migrations and then `extra`: what a test database is migrated to. */
const withPlatform = (extra: MigrationSet[]): MigrationSet[] => [
  { migrations: platformMigrations, table: PLATFORM_MIGRATIONS_TABLE },
  ...extra,
];

/**
 * The template database of these migrations on this server, made once (decision record 0033,
 * addendum): migrating an empty database took 2 to 12 s per test file, copying a migrated one a
 * fraction of a second. Its name is a hash of every migration's name and code, so a changed
 * migration makes a new template (older ones are dropped where nothing uses them). An advisory
 * lock keeps two test processes on one server from making it at once, and a template is renamed
 * into place only once fully migrated, so a half-made one is never copied (and one left by a crash is dropped).
 */
async function migratedTemplate(url: string, sets: MigrationSet[]): Promise<string> {
  // Named by the set's tables (so sets do not replace each other) and by its migrations' code.
  const tables = createHash('sha256').update(sets.map((s) => s.table).join('\u0000'));
  const code = createHash('sha256');
  for (const set of sets)
    for (const m of set.migrations) code.update(`${m.name}\u0000${String(m.up)}\u0000`);
  const prefix = `tpl_${tables.digest('hex').slice(0, 8)}_`;
  const name = `${prefix}${code.digest('hex').slice(0, 16)}`;
  const admin = connect(url, 1);
  try {
    await admin.raw(`select pg_advisory_lock(hashtext('nordlog test template'))`);
    const found = await admin.raw(`select 1 from pg_database where datname = ?`, [name]);
    if (found.rows.length === 0) {
      const making = `tpl_making_${randomBytes(6).toString('hex')}`;
      await admin.raw(`create database ${making}`);
      const knex = connect(withDatabase(url, making), 2);
      try {
        await migrateAll(knex, sets);
      } finally {
        await knex.destroy();
      }
      await admin.raw(`alter database ${making} rename to ${name}`);
      const stale = await admin.raw(
        `select datname from pg_database
          where (datname like ? or datname like 'tpl\\_making\\_%') and datname <> ?`,
        [`${prefix.replaceAll('_', '\\_')}%`, name],
      );
      for (const { datname } of stale.rows as { datname: string }[])
        await admin.raw(`drop database if exists ${datname}`).catch(() => undefined);
    }
    await admin.raw(`select pg_advisory_unlock(hashtext('nordlog test template'))`);
  } finally {
    await admin.destroy();
  }
  return name;
}

/**
 * A fresh database on the test server, already migrated to the platform's migrations and
 * `extra` (a copy of their template): its URL and a way to drop it.
 */
export async function createMigratedDatabase(
  extra: MigrationSet[] = [],
  url = serverUrl(),
): Promise<{ url: string; drop(): Promise<void> }> {
  return newDatabase(url, await migratedTemplate(url, withPlatform(extra)));
}

/** A fresh, migrated database of its own for one test file, dropped afterwards. */
export async function createTestDatabase(
  extra: MigrationSet[] = [],
  url = serverUrl(),
): Promise<TestDatabase> {
  const database = await createMigratedDatabase(extra, url);
  const knex = connect(database.url, 30);
  // Finds the copy migrated, as every start does.
  await migrateAll(knex, withPlatform(extra));
  const notifier = new Notifier(database.url, knex, silentLogger());
  return {
    url: database.url,
    knex,
    notifier,
    drop: async () => {
      await notifier.close();
      await knex.destroy();
      await database.drop();
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

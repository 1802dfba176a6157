import type { Knex } from 'knex';

/** One schema step. Migrations are code, so a clone needs nothing but the package. */
export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down?(knex: Knex): Promise<void>;
}

/** Runs the migrations not yet applied, in order, recording them in `tableName`. */
export async function migrate(
  knex: Knex,
  migrations: Migration[],
  tableName: string,
): Promise<string[]> {
  const source: Knex.MigrationSource<Migration> = {
    getMigrations: () => Promise.resolve(migrations),
    getMigrationName: (m) => m.name,
    getMigration: (m) =>
      Promise.resolve({
        up: (k: Knex) => m.up(k),
        down: (k: Knex) => (m.down ? m.down(k) : Promise.resolve()),
      }),
  };
  const [, applied] = (await knex.migrate.latest({ migrationSource: source, tableName })) as [
    number,
    string[],
  ];
  return applied;
}

/** Migrations and the table that records which of them ran. */
export interface MigrationSet {
  migrations: Migration[];
  table: string;
}

/**
 * Runs each set's migrations not yet applied, in order. A database that has them all (every
 * start but the first after an upgrade) is found so in one query, instead of knex's check and
 * lock round trips per set (about 10 queries each, 2 to 4 s for the read models' 37 sets on a
 * loaded machine); any doubt (a table missing, a name not recorded) takes knex's way.
 */
export async function migrateAll(knex: Knex, sets: MigrationSet[]): Promise<void> {
  if (await allApplied(knex, sets)) return;
  for (const set of sets) await migrate(knex, set.migrations, set.table);
}

async function allApplied(knex: Knex, sets: MigrationSet[]): Promise<boolean> {
  const wanted = sets.filter((s) => s.migrations.length > 0);
  if (wanted.length === 0) return true;
  const tables = wanted.map((s) => s.table);
  if (tables.some((t) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(t))) return false;
  try {
    const found = await knex.raw<{ rows: { t: string; name: string }[] }>(
      tables.map((t) => `select '${t}' as t, name from "${t}"`).join(' union all '),
    );
    const applied = new Set(found.rows.map((r) => `${r.t}\u0000${r.name}`));
    return wanted.every((s) => s.migrations.every((m) => applied.has(`${s.table}\u0000${m.name}`)));
  } catch {
    // A set whose table does not exist yet: knex creates it.
    return false;
  }
}

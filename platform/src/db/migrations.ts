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

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, migrateAll, type Knex, type Migration } from '@nordlog/platform';
import { createEmptyDatabase, createMigratedDatabase } from '../support/database.js';

const table = (name: string): Migration => ({
  name: `create_${name}`,
  up: (k) => k.schema.createTable(name, (t) => t.increments('id')),
});

/**
 * `migrateAll`: a database that has every migration is found so in one query; one that lacks a
 * set's table or a migration is migrated as knex migrates it (docs/decisions/0033, addendum).
 */
describe('migrateAll and the migrated test databases', () => {
  let db: { url: string; drop(): Promise<void> };
  let knex: Knex;
  beforeAll(async () => {
    db = await createEmptyDatabase();
    knex = connect(db.url, 2);
  });
  afterAll(async () => {
    await knex?.destroy();
    await db?.drop();
  });

  const applied = async (name: string) =>
    (await knex(name).select<{ name: string }[]>('name')).map((r) => r.name);

  it('applies a new set, then a migration added to it, and finds nothing to do once all ran', async () => {
    await migrateAll(knex, [{ migrations: [table('a_one')], table: 'migrations_A' }]);
    expect(await applied('migrations_A')).toEqual(['create_a_one']);
    const grown = [
      { migrations: [table('a_one'), table('a_two')], table: 'migrations_A' },
      { migrations: [table('b_one')], table: 'migrations_b' },
    ];
    await migrateAll(knex, grown);
    expect(await applied('migrations_A')).toEqual(['create_a_one', 'create_a_two']);
    expect(await applied('migrations_b')).toEqual(['create_b_one']);
    await knex.schema.createTable('marker', (t) => t.increments('id'));
    // Nothing left to run: the one query finds them all, and no migration runs twice.
    await migrateAll(knex, grown);
    expect(await applied('migrations_A')).toEqual(['create_a_one', 'create_a_two']);
  });

  it('a migrated database is a copy of a template with every migration recorded, and changes to one copy stay in it', async () => {
    const sets = [{ migrations: [table('c_one')], table: 'migrations_c' }];
    const first = await createMigratedDatabase(sets);
    const second = await createMigratedDatabase(sets);
    const a = connect(first.url, 1);
    const b = connect(second.url, 1);
    try {
      expect(((await a('migrations_c').select('name')) as unknown[]).length).toBe(1);
      expect(await a.schema.hasTable('migrations_platform')).toBe(true);
      await a('c_one').insert({});
      expect(((await b('c_one').select('id')) as unknown[]).length).toBe(0);
    } finally {
      await a.destroy();
      await b.destroy();
      await first.drop();
      await second.drop();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { copyRows } from '@nordlog/platform';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

/** The rebuild's bulk insert (COPY) stores exactly what the row objects hold. */
describe('copyRows', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await db.knex.raw(`create table copy_probe (
      id bigint primary key, name text, on_hold boolean, day date, ids bigint[], tags text[],
      data jsonb not null, raw json)`);
  });
  afterAll(async () => db.drop());

  it('round-trips awkward text, nulls, booleans, dates, arrays and JSON', async () => {
    const awkward = 'tab\there, line\nbreak, cr\r, back\\slash, quote " and \\N and æøå 🚚';
    const rows = [
      {
        id: '1',
        name: awkward,
        on_hold: true,
        day: '2026-11-24',
        ids: ['3', '4'],
        tags: ['a,b', 'c "d"', null, 'e\\f'],
        data: { note: awkward, nested: { list: [1, 2.5, null, true] } },
        raw: { keep: 'as is' },
      },
      { id: '2', name: null, on_hold: false, data: {} },
    ];
    await db.knex.transaction(async (trx) => {
      await copyRows(trx, 'copy_probe', rows);
    });
    const stored = await db.knex('copy_probe').orderBy('id').select('*');
    expect(stored).toEqual([
      {
        id: '1',
        name: awkward,
        on_hold: true,
        day: expect.any(Date),
        ids: ['3', '4'],
        tags: ['a,b', 'c "d"', null, 'e\\f'],
        data: rows[0]!.data,
        raw: { keep: 'as is' },
      },
      {
        id: '2',
        name: null,
        on_hold: false,
        day: null,
        ids: null,
        tags: null,
        data: {},
        raw: null,
      },
    ]);
  });

  it('takes part in the transaction: a rollback leaves nothing', async () => {
    await expect(
      db.knex.transaction(async (trx) => {
        await copyRows(trx, 'copy_probe', [{ id: '10', data: {} }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await db.knex('copy_probe').where({ id: '10' }).first()).toBeUndefined();
  });
});

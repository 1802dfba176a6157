import type { Knex } from 'knex';

export type IdKind = 'department' | 'customer' | 'order';

/**
 * Numeric entity ids (spec: a department id is a plain number). With a key (the command id of a
 * client-supplied, repeatable command) the same key always gets the same id, so a retried create
 * finds the entity it made; without one, a plain sequence value is enough.
 */
export interface IdAllocator {
  next(kind: IdKind, key?: string): Promise<string>;
}

export class PostgresIdAllocator implements IdAllocator {
  constructor(private readonly knex: Knex) {}

  async next(kind: IdKind, key?: string): Promise<string> {
    const sequence = `id_seq_${kind}`;
    if (key === undefined) {
      const result = await this.knex.raw<{ rows: { id: string }[] }>(
        `select nextval('${sequence}')::text as id`,
      );
      return result.rows[0]!.id;
    }
    const result = await this.knex.raw<{ rows: { id: string }[] }>(
      `with inserted as (
         insert into id_allocations (kind, key, id) values (?, ?, nextval('${sequence}'))
         on conflict (kind, key) do nothing returning id
       )
       select id::text from inserted
       union all select id::text from id_allocations where kind = ? and key = ?
       limit 1`,
      [kind, key, kind, key],
    );
    const id = result.rows[0]?.id;
    if (id !== undefined) return id;
    // A concurrent allocation of the same key committed after this statement's snapshot.
    const again = await this.knex.raw<{ rows: { id: string }[] }>(
      'select id::text from id_allocations where kind = ? and key = ?',
      [kind, key],
    );
    return again.rows[0]!.id;
  }
}

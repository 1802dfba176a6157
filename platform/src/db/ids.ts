import type { Knex } from 'knex';
import { preparedQuery } from './prepared.js';

export type IdKind =
  | 'department'
  | 'customer'
  | 'order'
  | 'user'
  | 'role'
  | 'department_group'
  | 'customer_group'
  | 'number_series'
  | 'order_label'
  | 'unit'
  | 'slot'
  | 'template'
  | 'optimizing'
  | 'article'
  | 'price_list'
  | 'order_correction'
  | 'invoicing_run'
  | 'invoice'
  | 'billing_order'
  | 'deviation'
  | 'recurring_order'
  | 'address'
  | 'pre_advice_policy'
  | 'webhook'
  | 'cms'
  | 'production_time_window'
  | 'matrix_entry'
  | 'text'
  | 'upsales_rule'
  | 'vendor';

/**
 * Numeric entity ids (spec: a department id is a plain number). With a key (the command id of a
 * client-supplied, repeatable command) the same key always gets the same id, so a retried create
 * finds the entity it made; without one, a plain sequence value is enough.
 */
export interface IdAllocator {
  next(kind: IdKind, key?: string): Promise<string>;
}

/** Ids handed out from memory, fetched from the sequence this many at a time (gaps are harmless). */
const BLOCK = 64;

export class PostgresIdAllocator implements IdAllocator {
  private readonly blocks = new Map<IdKind, string[]>();
  private readonly refills = new Map<IdKind, Promise<void>>();

  constructor(private readonly knex: Knex) {}

  async next(kind: IdKind, key?: string): Promise<string> {
    const sequence = `id_seq_${kind}`;
    if (key === undefined) {
      for (;;) {
        const id = this.blocks.get(kind)?.shift();
        if (id !== undefined) return id;
        await this.refill(kind, sequence);
      }
    }
    // Prepared (one text per kind): the server plans it once per connection, and no query
    // builder runs; this is on the path of every repeatable create.
    const rows = await preparedQuery<{ id: string }>(
      this.knex,
      `with inserted as (
         insert into id_allocations (kind, key, id) values ($1, $2, nextval('${sequence}'))
         on conflict (kind, key) do nothing returning id
       )
       select id::text from inserted
       union all select id::text from id_allocations where kind = $1 and key = $2
       limit 1`,
      [kind, key],
    );
    const id = rows[0]?.id;
    if (id !== undefined) return id;
    // A concurrent allocation of the same key committed after this statement's snapshot.
    const again = await preparedQuery<{ id: string }>(
      this.knex,
      'select id::text from id_allocations where kind = $1 and key = $2',
      [kind, key],
    );
    return again[0]!.id;
  }

  private refill(kind: IdKind, sequence: string): Promise<void> {
    let pending = this.refills.get(kind);
    if (!pending) {
      pending = this.knex
        .raw<{ rows: { id: string }[] }>(
          `select nextval('${sequence}')::text as id from generate_series(1, ${BLOCK})`,
        )
        .then((result) => {
          this.blocks.set(kind, [
            ...(this.blocks.get(kind) ?? []),
            ...result.rows.map((r) => r.id),
          ]);
        })
        .finally(() => this.refills.delete(kind));
      this.refills.set(kind, pending);
    }
    return pending;
  }
}

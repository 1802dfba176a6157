import {
  CHANGE_COLUMNS,
  CHANGES_TABLE,
  changeRecord,
  preparedQuery,
  writeChanges,
  type Change,
  type Knex,
} from '@nordlog/platform';

/** A data-modifying statement whose parameters are its own `$1`, `$2`, … */
interface Write {
  sql: string;
  params: unknown[];
  /** Whether it answers `id` (text) for each row it wrote, which gates its changes. */
  gated: boolean;
}

/**
 * The writes of a batch, sent to PostgreSQL as one statement with the outbox's insert
 * (docs/decisions/0066): each projection that takes part gives its last statements here instead
 * of sending them, so a batch's round trips do not grow with the number of read models it writes.
 *
 * Only writes after which the projection reads none of its tables again in the batch may be
 * given (all parts of one statement see the database as it was before the statement), and no two
 * of them may change the same row. The runner gives a batch's projections a `BatchWrites` only
 * where nothing in the batch reads a table after another projection wrote it (no erasures).
 */
export class BatchWrites {
  private readonly writes: Write[] = [];
  /** The changes published only for the rows a gated write wrote: which write. */
  private readonly gates = new Map<Change, number>();

  /**
   * A statement to send with the batch's others. Returns the name its rows (`returning …`) go by
   * in the statement: a later write may read them (an insert of what an earlier one inserted).
   */
  add(sql: string, params: unknown[]): string {
    return `w${this.writes.push({ sql, params, gated: false }) - 1}`;
  }

  /**
   * A statement that answers `id` (text) for each row it wrote (`… returning id::text as id`), and
   * the changes to publish of those rows only: a change whose id it does not answer is left out.
   */
  addGated(sql: string, params: unknown[], changes: Change[]): Change[] {
    const index = this.writes.push({ sql, params, gated: true }) - 1;
    for (const change of changes) this.gates.set(change, index);
    return changes;
  }

  get size(): number {
    return this.writes.length;
  }

  /**
   * Sends the writes, and with `changes` (null: nothing is published) the outbox's rows: in the
   * same statement where every change's data is inline, after it where some are copied from a
   * table row (`dataFrom`: the row this statement writes is not visible to its own parts).
   */
  async flush(trx: Knex.Transaction, changes: Change[] | null): Promise<void> {
    if (this.writes.length === 0) {
      if (changes && changes.length > 0) await writeChanges(trx, changes);
      return;
    }
    const params: unknown[] = [];
    const parts = this.writes.map((w, k) => {
      const offset = params.length;
      params.push(...w.params);
      return `w${k} as (${w.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)})`;
    });
    const gated = this.writes.flatMap((w, k) => (w.gated ? [k] : []));
    if (changes && !changes.some((c) => c.dataFrom !== undefined)) {
      if (changes.length > 0) {
        params.push(
          JSON.stringify(changes.map((c) => ({ ...changeRecord(c), gate: this.gates.get(c) }))),
        );
        parts.push(publishPart(`$${params.length}`, gated));
      }
      await preparedQuery(trx, `with ${parts.join(',\n')} select 1 as done`, params);
      return;
    }
    const answered = gated.map((k) => `select ${k} as w, id from w${k}`);
    const rows = await preparedQuery<{ w: number; id: string }>(
      trx,
      `with ${parts.join(',\n')} ${answered.length > 0 ? answered.join(' union all ') : 'select null::int as w, null::text as id where false'}`,
      params,
    );
    if (!changes) return;
    const written = new Set(rows.map((r) => `${r.w}:${r.id}`));
    await writeChanges(
      trx,
      changes.filter((c) => {
        const gate = this.gates.get(c);
        return gate === undefined || written.has(`${gate}:${c.id}`);
      }),
    );
  }
}

/** The outbox's insert of the changes in `param` (in their order), the gated ones where written. */
function publishPart(param: string, gated: number[]): string {
  const columns = CHANGE_COLUMNS.split(', ');
  const kept = [
    `(e.doc->>'gate') is null`,
    ...gated.map(
      (k) => `((e.doc->>'gate')::int = ${k} and e.doc->>'entity_id' in (select id from w${k}))`,
    ),
  ];
  return `published as (
    insert into ${CHANGES_TABLE} (${CHANGE_COLUMNS})
    select ${columns.map((c) => `r.${c}`).join(', ')}
    from jsonb_array_elements(${param}::jsonb) with ordinality as e(doc, n)
    cross join lateral jsonb_populate_record(null::${CHANGES_TABLE}, e.doc) as r
    where ${kept.join(' or ')}
    order by e.n)`;
}

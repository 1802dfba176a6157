import {
  entityAccess,
  namedIds,
  rowVisible,
  scopeOf,
  type AuditLogEntry,
  type AuditReference,
  type Identity,
  type NamedEntity,
} from '@nordlog/contracts';
import { preparedQuery, type Knex } from '@nordlog/platform';

/**
 * The names of the records an order's history names (issue 36: the audit replay shows "Morning 1,
 * 02/12/2026", not "Slot 1"): every id under a field of `ORDER_NAMED_FIELDS` in the entries'
 * changes, before and after, the booking's whole order included. A name is given where the reader
 * sees the record by its entity's row rule (the department and customer it may read), as it would
 * see the row itself; the query permission is the audit's own, so an auditor reads the slot's
 * name without the planner's right to query slots (docs/decisions/0029-audit-replay.md).
 */
export async function referenceNames(
  knex: Knex,
  identity: Identity,
  entries: readonly Pick<AuditLogEntry, 'changes'>[],
): Promise<AuditReference[]> {
  const wanted = new Map<NamedEntity, Set<string>>();
  for (const entry of entries)
    for (const change of entry.changes) {
      const field = String(change.path[change.path.length - 1] ?? '');
      namedIds(change.before, field, wanted);
      namedIds(change.after, field, wanted);
    }
  const found = await Promise.all(
    [...wanted].map(async ([entity, ids]) => {
      const numeric = [...ids].filter((id) => /^\d{1,18}$/.test(id));
      if (numeric.length === 0) return [];
      const rows = await preparedQuery<{ id: string; data: Record<string, unknown> }>(
        knex,
        `select id::text, data from ${entityAccess[entity].table} where id = any($1::bigint[])`,
        [numeric],
      );
      return rows.flatMap((r): AuditReference[] => {
        const name = typeof r.data.name === 'string' ? r.data.name : null;
        if (!name || !rowVisible(identity, entity, { id: r.id, scope: scopeOf(entity, r.data) }))
          return [];
        const date = entity === 'slots' && typeof r.data.date === 'string' ? r.data.date : null;
        return [{ entity, id: r.id, name, ...(date ? { date } : {}) }];
      });
    }),
  );
  return found
    .flat()
    .sort((a, b) => a.entity.localeCompare(b.entity) || Number(a.id) - Number(b.id));
}

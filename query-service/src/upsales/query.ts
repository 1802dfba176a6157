import { AppError, UPSALES_RULES_TABLE, type UpsalesRuleRow } from '@nordlog/contracts';
import type { QueryHandler } from '../framework.js';

/**
 * Upsales rules (spec §7; docs/decisions/0087-upsales-rules.md): product-wide, read whole by
 * whoever the query's permission lets in.
 */

/** `upsalesRules {enabled?}`: the rules (of that state, if named), lowest priority number first. */
export const upsalesRules: QueryHandler<'upsalesRules'> = async ({ enabled }, { knex }) => {
  const q = knex(UPSALES_RULES_TABLE)
    .where('deleted', false)
    .orderBy([{ column: 'priority' }, { column: 'id' }])
    .select<{ data: UpsalesRuleRow }[]>('data');
  if (enabled !== undefined) q.where('enabled', enabled);
  return (await q).map((r) => r.data);
};

/** `upsalesRuleById {id}`: one rule; NOT_FOUND for none or a deleted one. */
export const upsalesRuleById: QueryHandler<'upsalesRuleById'> = async ({ id }, { knex }) => {
  const row = await knex(UPSALES_RULES_TABLE)
    .where({ id, deleted: false })
    .first<{ data: UpsalesRuleRow } | undefined>('data');
  if (!row) throw new AppError('NOT_FOUND', `Upsales rule ${id} not found`);
  return row.data;
};

import {
  AppError,
  CUSTOMER_GROUPS_TABLE,
  TEXTS_TABLE,
  UPSALES_RULES_TABLE,
  customerScope,
  upsalesRuleForCustomer,
  type TextRow,
  type UpsalesOfferForBooking,
  type UpsalesOffer,
  type UpsalesRuleRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import type { QueryHandler } from '../framework.js';

/**
 * Upsales rules (spec §7; docs/decisions/0087-upsales-rules.md): product-wide, read whole by
 * whoever the query's permission lets in.
 */

/**
 * `upsalesRules {enabled?, customerId?}`: the rules (of that state, if named; for that customer's
 * bookings, if named: its own, its groups' and everyone's), lowest priority number first, each
 * with the wordings of its BOOKING text.
 */
export const upsalesRules: QueryHandler<'upsalesRules'> = async (
  { enabled, customerId },
  { knex },
) => {
  const q = knex(UPSALES_RULES_TABLE)
    .where('deleted', false)
    .orderBy([{ column: 'priority' }, { column: 'id' }])
    .select<{ data: UpsalesRuleRow }[]>('data');
  if (enabled !== undefined) q.where('enabled', enabled);
  const rules = (await q).map((r) => r.data);
  if (customerId === undefined) return withWordings(knex, rules);
  const groups = (
    await knex(CUSTOMER_GROUPS_TABLE)
      .where('deleted', false)
      .whereRaw(`data->'customerIds' \\? ?`, [customerId])
      .select<{ id: string }[]>(knex.raw('id::text as id'))
  ).map((g) => g.id);
  return withWordings(
    knex,
    rules.filter((r) => upsalesRuleForCustomer(r, customerId, groups)),
  );
};

/** The rules with their BOOKING texts' wordings (null where a rule names none, or none exists). */
async function withWordings(knex: Knex, rules: UpsalesRuleRow[]): Promise<UpsalesOffer[]> {
  const keys = [...new Set(rules.flatMap((r) => (r.textKey ? [r.textKey] : [])))];
  const texts =
    keys.length === 0
      ? []
      : await knex(TEXTS_TABLE)
          .where({ text_group: 'BOOKING', deleted: false })
          .whereIn('text_key', keys)
          .select<{ data: TextRow }[]>('data');
  const byKey = new Map(texts.map((t) => [t.data.key, t.data.texts]));
  return rules.map((r) => ({ ...r, wording: (r.textKey && byKey.get(r.textKey)) || null }));
}

/**
 * `upsalesOffers {customerId}` (docs/decisions/0100): the enabled rules for the customer's
 * bookings with their wordings, names and customers left out. A customer user asks for its own
 * customers only (NOT_FOUND otherwise: another customer's id says nothing).
 */
export const upsalesOffers: QueryHandler<'upsalesOffers'> = async (
  { customerId },
  ctx,
): Promise<UpsalesOfferForBooking[]> => {
  const own = customerScope(ctx.identity);
  if (own && !own.includes(customerId))
    throw new AppError('NOT_FOUND', `Customer ${customerId} not found`);
  const offers = (await upsalesRules({ enabled: true, customerId }, ctx)) as UpsalesOffer[];
  return offers.map((o) => ({ ...o, name: '', customerIds: [], customerGroupIds: [] }));
};

/** `upsalesRuleById {id}`: one rule; NOT_FOUND for none or a deleted one. */
export const upsalesRuleById: QueryHandler<'upsalesRuleById'> = async ({ id }, { knex }) => {
  const row = await knex(UPSALES_RULES_TABLE)
    .where({ id, deleted: false })
    .first<{ data: UpsalesRuleRow } | undefined>('data');
  if (!row) throw new AppError('NOT_FOUND', `Upsales rule ${id} not found`);
  return row.data;
};

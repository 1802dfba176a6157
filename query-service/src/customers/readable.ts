import {
  CUSTOMERS_ENTITY,
  CUSTOMERS_TABLE,
  rowVisible,
  scopeOf,
  type CustomerRow,
  type Identity,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';

/**
 * The customers of `ids` the caller may read, by the customers' own read rule (their department
 * and, for a customer user, its customers): what the `customerInvoiceSplit` and `searchCustomers`
 * queries answer. Rows that name a customer (an invoice, a billing order, an invoice's CSV) show
 * its name and organisation number only to those who may read it (issue 36, docs/decisions/0039).
 */
export async function readableCustomerIds(
  knex: Knex,
  identity: Identity,
  ids: readonly (string | number)[],
): Promise<Set<string>> {
  const wanted = [...new Set(ids.map(String))];
  if (wanted.length === 0) return new Set();
  const rows = await knex(CUSTOMERS_TABLE)
    .whereIn('id', wanted)
    .select<{ data: CustomerRow }[]>('data');
  return new Set(
    rows
      .filter((r) =>
        rowVisible(identity, CUSTOMERS_ENTITY, {
          id: String(r.data.id),
          scope: scopeOf(CUSTOMERS_ENTITY, r.data),
        }),
      )
      .map((r) => String(r.data.id)),
  );
}

/** The rows whose customer the caller may read (see `readableCustomerIds`). */
export async function withReadableCustomers<T extends { customerId: string | number | null }>(
  knex: Knex,
  identity: Identity,
  rows: readonly T[],
): Promise<T[]> {
  const readable = await readableCustomerIds(
    knex,
    identity,
    rows.flatMap((r) => (r.customerId === null ? [] : [r.customerId])),
  );
  return rows.filter((r) => r.customerId !== null && readable.has(String(r.customerId)));
}

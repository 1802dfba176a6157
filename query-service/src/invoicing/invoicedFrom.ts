import { CUSTOMERS_TABLE, DEPARTMENTS_TABLE, invoicedHereFrom } from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';

/**
 * The date from which each customer's orders of the department are invoiced by the product (its
 * HD invoicing from date in an hd department, docs/decisions/0071), for `orderInvoicingStatus`.
 */
export async function invoicedFromOf(
  knex: Knex,
  departmentId: string,
  customerIds: readonly string[],
): Promise<(customerId: string) => string | null> {
  const department = await knex(DEPARTMENTS_TABLE)
    .where('id', departmentId)
    .first<{ type: string | null } | undefined>(knex.raw(`data->>'departmentType' as type`));
  if (department?.type !== 'hd' || customerIds.length === 0) return () => null;
  const rows = await knex(CUSTOMERS_TABLE)
    .whereIn('id', [...new Set(customerIds)])
    .whereRaw(`data->>'hdInvoicingFromDate' is not null`)
    .select<{ id: string; from: string }[]>(
      knex.raw('id::text as id'),
      knex.raw(`data->>'hdInvoicingFromDate' as "from"`),
    );
  const from = new Map(
    rows.map((r) => [r.id, invoicedHereFrom(department.type, { hdInvoicingFromDate: r.from })]),
  );
  return (customerId) => from.get(customerId) ?? null;
}

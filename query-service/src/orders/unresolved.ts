import {
  ORDERS_TABLE,
  sideKey,
  unresolvedSides,
  type OrderRow,
  type UnresolvedAddress,
} from '@nordlog/contracts';
import type { QueryHandler } from '../framework.js';
import { customerNames, scoped } from './query.js';

/**
 * Query `unresolvedAddresses` (spec §7, docs/decisions/0053): one line per address as booked in
 * a department (its pin key), with every UNRESOLVED order booked to it and on which side, the
 * addresses with the most orders first.
 */
export const unresolvedAddresses: QueryHandler<'unresolvedAddresses'> = async (params, ctx) => {
  const q = scoped(
    ctx.knex(ORDERS_TABLE).select('data').where('state', 'UNRESOLVED'),
    ctx.identity,
    params.departmentIds,
    undefined,
  ).orderBy('id');
  const rows = ((await q) as { data: OrderRow }[]).map((r) => r.data);
  const names = await customerNames(
    ctx.knex,
    rows.map((r) => r.customerId),
  );
  const lines = new Map<string, UnresolvedAddress>();
  for (const row of rows) {
    for (const side of unresolvedSides(row)) {
      const id = `${row.departmentId}|${sideKey(row, side)}`;
      const block = row.order[side];
      let line = lines.get(id);
      if (!line) {
        line = {
          id,
          departmentId: row.departmentId,
          address: block.address ?? '',
          zipCode: block.zipCode ?? '',
          zipArea: block.zipArea ?? '',
          countryCode: block.countryCode ?? '',
          orders: [],
        };
        lines.set(id, line);
      }
      line.orders.push({
        orderId: row.orderId,
        shipmentId: row.shipmentId,
        side,
        customerId: row.customerId,
        customerName: names.get(row.customerId) ?? null,
        date: row.order.pickupDate,
        name: block.name ?? '',
      });
    }
  }
  return [...lines.values()]
    .sort(
      (a, b) =>
        b.orders.length - a.orders.length ||
        a.address.localeCompare(b.address) ||
        a.id.localeCompare(b.id),
    )
    .slice(0, params.limit);
};

/**
 * Query `unresolvedAddressCount` (spec §7, §8 notice): `{count}` unresolved addresses (lines of
 * the screen) and `{orders}` behind them, counted from the read model's keys (the partial index
 * on UNRESOLVED rows) without reading the orders' JSON.
 */
export const unresolvedAddressCount: QueryHandler<'unresolvedAddressCount'> = async (
  params,
  ctx,
) => {
  const rows = scoped(
    ctx
      .knex(ORDERS_TABLE)
      .select('department_id', 'unresolved_keys')
      .where('state', 'UNRESOLVED')
      .whereNotNull('unresolved_keys'),
    ctx.identity,
    params.departmentIds,
    undefined,
  );
  const [row] = await ctx.knex
    .with('u', rows)
    .select<{ orders: number; count: number }[]>(
      ctx.knex.raw('(select count(*) from u)::int as orders'),
      ctx.knex.raw(
        '(select count(*) from (select distinct u.department_id, k from u, unnest(u.unresolved_keys) k) d)::int as count',
      ),
    );
  return { count: row?.count ?? 0, orders: row?.orders ?? 0 };
};

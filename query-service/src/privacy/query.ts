import {
  ORDERS_TABLE,
  PERSONAL_DATA_ORDER_LIMIT,
  USERS_TABLE,
  ADDRESSES_TABLE,
  type AddressRow,
  type AddressBlock,
  type OrderHistoryRow,
  type OrderRow,
  type PersonalDataAnswer,
  type UserRow,
} from '@nordlog/contracts';
import { preparedQuery } from '@nordlog/platform';
import type { QueryHandler } from '../framework.js';
import { historyRows } from '../orderHistory/query.js';
import { customerNames } from '../orders/query.js';

/** A LIKE pattern that finds `value` anywhere, its own wildcards escaped. */
const containing = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Party = PersonalDataAnswer['orders'][number]['parties'][number];

/** Where in the order the person is: which blocks carry the phone or the address. */
function partiesOf(row: OrderRow, phone: string | null, email: string | null): Party[] {
  const holds = (b: AddressBlock) =>
    (phone !== null && (b.phone === phone || b.secondPhone === phone)) ||
    (email !== null && b.email?.toLowerCase() === email);
  const parties: Party[] = [];
  if (holds(row.order.pickup)) parties.push('pickup');
  if (holds(row.order.delivery)) parties.push('delivery');
  if (email !== null && row.order.emailId?.toLowerCase() === email) parties.push('notification');
  return parties;
}

/**
 * Query `personalData {phoneNumber?, email?}` (docs/decisions/0050-personal-data.md): the orders
 * whose parties have that phone or address (found by the orders' advanced search words, then
 * matched exactly), their events, and the users with it. For an ADMIN of every department.
 */
export const personalData: QueryHandler<'personalData'> = async (
  { phoneNumber, email },
  { knex },
): Promise<PersonalDataAnswer> => {
  const phone = phoneNumber ?? null;
  const mail = email ?? null;
  const words = [phone, mail].filter((w): w is string => w !== null).map((w) => w.toLowerCase());
  const candidates = await preparedQuery<{ data: OrderRow }>(
    knex,
    `select data from ${ORDERS_TABLE} where advanced_text like any($1::text[])
     order by date desc, id desc limit ${PERSONAL_DATA_ORDER_LIMIT * 4 + 1}`,
    [words.map(containing)],
  );
  const matched = candidates
    .map((r) => ({ row: r.data, parties: partiesOf(r.data, phone, mail) }))
    .filter((m) => m.parties.length > 0);
  const kept = matched.slice(0, PERSONAL_DATA_ORDER_LIMIT);
  const names = await customerNames(
    knex,
    kept.map((m) => m.row.customerId),
  );
  const orders = kept.map((m) => ({
    ...m.row,
    customerName: names.get(m.row.customerId) ?? null,
    parties: m.parties,
  }));
  const history: Record<string, OrderHistoryRow[]> = {};
  if (orders.length > 0)
    for (const row of await historyRows(
      knex,
      orders.map((o) => o.orderId),
    ))
      (history[row.orderId] ??= []).push(row);
  const users = await preparedQuery<{ data: UserRow }>(
    knex,
    `select data from ${USERS_TABLE}
     where ($1::text is not null and data->>'phoneNumber' = $1)
        or ($2::text is not null and lower(data->>'email') = $2)
     order by id`,
    [phone, mail],
  );
  const addresses = await preparedQuery<{ data: AddressRow }>(
    knex,
    `select data from ${ADDRESSES_TABLE}
     where not deleted and (
       ($1::text is not null and ($1 in (data->'block'->>'phone', data->'block'->>'secondPhone')))
       or ($2::text is not null and lower(data->'block'->>'email') = $2))
     order by id`,
    [phone, mail],
  );
  return {
    phoneNumber: phone,
    email: mail,
    orders,
    history,
    users: users.map((u) => u.data),
    addresses: addresses.map((a) => a.data),
    truncated: matched.length > kept.length || candidates.length > PERSONAL_DATA_ORDER_LIMIT * 4,
  };
};

import {
  ADDRESSES_TABLE,
  API_KEYS_TABLE,
  CUSTOMER_GROUPS_TABLE,
  CUSTOMERS_TABLE,
  NUMBER_SERIES_TABLE,
  ORDERS_TABLE,
  PRICE_LISTS_TABLE,
  RECURRING_ORDERS_TABLE,
  USERS_TABLE,
  WEBHOOKS_TABLE,
  customerReferenceKinds,
  type CustomerReferenceKind,
  type CustomerReferences,
} from '@nordlog/contracts';
import type { Knex } from 'knex';

/** Ids of each kind named in a refusal (the count is not the point: that there are any). */
const SHOWN = 5;

/**
 * What refers to a customer in the read models (DELETE_CUSTOMER, docs/decisions/0099): orders
 * (any, delivered and invoiced ones too), users, live API keys, price lists, webhooks, saved
 * addresses, sub-customers (its customer number's, when it is a main customer), recurring orders,
 * customer groups and number series. One statement; at most a few ids of each kind.
 */
export const readCustomerReferences =
  (knex: Knex) =>
  async (customerId: string): Promise<CustomerReferences> => {
    if (!/^\d{1,18}$/.test(customerId)) return {};
    const id = customerId;
    const parts: Record<CustomerReferenceKind, string> = {
      orders: `select id::text from ${ORDERS_TABLE} where customer_id = :id`,
      users: `select id::text from ${USERS_TABLE} where not deleted and data->>'customerId' = :id`,
      apiKeys: `select id::text from ${API_KEYS_TABLE} where customer_id = :id and not revoked`,
      priceLists: `select id::text from ${PRICE_LISTS_TABLE} where customer_id = :id and not deleted`,
      webhooks: `select id::text from ${WEBHOOKS_TABLE} where customer_id = :id and not deleted`,
      addresses: `select id::text from ${ADDRESSES_TABLE} where customer_id = :id and not deleted`,
      subcustomers: `select s.id::text from ${CUSTOMERS_TABLE} m join ${CUSTOMERS_TABLE} s
          on s.data->>'alystraId' = m.data->>'alystraId' and s.id <> m.id
          where m.id = :id and m.data->>'alystraId' <> '' and coalesce(m.data->>'alystraSubcustomer', '') = ''
            and coalesce(s.data->>'alystraSubcustomer', '') <> ''`,
      recurringOrders: `select id::text from ${RECURRING_ORDERS_TABLE}
          where not deleted and data->'order'->>'customerId' = :id`,
      customerGroups: `select id::text from ${CUSTOMER_GROUPS_TABLE}
          where not deleted and data->'customerIds' @> jsonb_build_array(:id::text)`,
      numberSeries: `select id::text from ${NUMBER_SERIES_TABLE} where customer_id = :id and not deleted`,
    };
    const sql = customerReferenceKinds
      .map(
        (kind) =>
          `select '${kind}' as kind, array(select x.id from (${parts[kind]} order by 1 limit ${SHOWN}) x(id)) as ids`,
      )
      .join(' union all ');
    const { rows } = await knex.raw<{ rows: { kind: CustomerReferenceKind; ids: string[] }[] }>(
      sql,
      { id },
    );
    return Object.fromEntries(rows.filter((r) => r.ids.length > 0).map((r) => [r.kind, r.ids]));
  };

import {
  ADDRESSES_TABLE,
  ORDERS_TABLE,
  type AddressRow,
  type OrderRow,
  type RecipientCandidate,
  type RecipientSearch,
} from '@nordlog/contracts';
import type { Knex } from 'knex';
import { searchWords, whereWord } from '../framework.js';

/** At most this many of a customer's latest orders are matched against a recipient search. */
const ORDER_CANDIDATES = 200;
/** At most this many of a customer's saved delivery addresses. */
const ADDRESS_CANDIDATES = 1000;

/**
 * The places a recipient search (SEARCH_RECIPIENT_ID, docs/decisions/0089) looks at: the
 * customer's saved delivery and both-ways addresses, and its latest orders whose words hold every
 * term searched (the advanced words have the delivery's phone and e-mail). The command side
 * matches them against the search and the caller's access; nothing here decides who may read.
 */
export function readRecipientCandidates(knex: Knex) {
  return async (search: RecipientSearch): Promise<RecipientCandidate[]> => {
    const addresses = knex(ADDRESSES_TABLE)
      .select('data')
      .where({ customer_id: search.customerId, deleted: false })
      .whereNot('usage', 'PICKUP')
      .orderBy('id')
      .limit(ADDRESS_CANDIDATES);
    const orders = knex(ORDERS_TABLE)
      .select('data', 'updated_at_epoch')
      .where('customer_id', search.customerId)
      .whereNot('state', 'DELETED')
      .orderBy('updated_at_epoch', 'desc')
      .limit(ORDER_CANDIDATES);
    if (search.departmentId) {
      addresses.where('department_id', search.departmentId);
      orders.where('department_id', search.departmentId);
    }
    const phoneDigits = search.phone?.replace(/\D/g, '').replace(/^0+/, '');
    const terms = [search.email, search.name, phoneDigits].filter((t): t is string => !!t);
    for (const word of terms.flatMap(searchWords)) whereWord(orders, 'advanced_text', word);
    const [saved, booked] = await Promise.all([
      addresses as Promise<{ data: AddressRow }[]>,
      orders as Promise<{ data: OrderRow; updated_at_epoch: string | number }[]>,
    ]);
    return [
      ...saved.map(({ data }) => ({
        source: 'ADDRESS_BOOK' as const,
        id: data.id,
        departmentId: data.departmentId,
        customerId: data.customerId,
        block: data.block,
        updatedAtEpoch: data.updatedAtEpoch,
      })),
      ...booked.map(({ data, updated_at_epoch }) => ({
        source: 'ORDER' as const,
        id: data.id,
        departmentId: data.departmentId,
        customerId: data.customerId,
        block: data.order.delivery,
        updatedAtEpoch: Number(updated_at_epoch),
      })),
    ];
  };
}

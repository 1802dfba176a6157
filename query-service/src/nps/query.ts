import {
  CUSTOMERS_TABLE,
  NPS_ANSWERS_TABLE,
  ORDER_HISTORY_TABLE,
  dayIn,
  npsCounts,
  npsRefusal,
  type NpsCustomerRow,
  type NpsScores,
  type OrderRow,
  type TrackingNps,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { readableDepartments, type QueryHandler } from '../framework.js';

/** Per customer: its answers in the three categories, summed in the database. */
interface Row {
  customerId: string;
  customerName: string | null;
  promoters: number;
  passives: number;
  detractors: number;
}

/**
 * Query `npsScores {departmentIds, fromDate, toDate}` (docs/decisions/0083-nps.md): the net
 * promoter answers of the departments' deliveries dated in the range, per customer (by name) and
 * in all. Departments outside the reader's access are left out; none left is NO_ACCESS (the
 * productivity report's rule).
 */
export const npsScores: QueryHandler<'npsScores'> = async (
  { departmentIds, fromDate, toDate },
  { knex, identity },
): Promise<NpsScores> => {
  const departments = readableDepartments(identity, departmentIds);
  const { rows } = await knex.raw<{ rows: Row[] }>(
    `select a.customer_id::text as "customerId", c.name as "customerName",
       count(*) filter (where a.score >= 9)::integer as promoters,
       count(*) filter (where a.score between 7 and 8)::integer as passives,
       count(*) filter (where a.score <= 6)::integer as detractors
     from ${NPS_ANSWERS_TABLE} a
     left join ${CUSTOMERS_TABLE} c on c.id = a.customer_id
     where a.department_id = any(?::bigint[]) and a.delivered_on between ?::date and ?::date
     group by a.customer_id, c.name
     order by c.name nulls last, a.customer_id`,
    [departments, fromDate, toDate],
  );
  const out: NpsCustomerRow[] = rows.map((r) => ({
    customerId: r.customerId,
    customerName: r.customerName,
    ...npsCounts(r.promoters, r.passives, r.detractors),
  }));
  const sum = (f: 'promoters' | 'passives' | 'detractors') => out.reduce((n, r) => n + r[f], 0);
  return { rows: out, totals: npsCounts(sum('promoters'), sum('passives'), sum('detractors')) };
};

/**
 * What the tracking page needs of the net promoter question (TrackingDetails `nps`): asked while
 * the order is DELIVERED, its customer's NPS from date is on or before the delivery's date, it is
 * not answered, and the delivery is at most NPS_ANSWER_DAYS old (the command decides again).
 */
export async function npsOfTracking(
  knex: Knex,
  row: OrderRow,
  timeZone: string,
  now: number,
): Promise<TrackingNps> {
  const today = dayIn(timeZone, new Date(now).toISOString());
  const answered = !!(await knex(NPS_ANSWERS_TABLE).where('order_id', row.id).first('order_id'));
  if (row.state !== 'DELIVERED' || answered) return { asked: false, answered, sender: null };
  const customer = await knex(CUSTOMERS_TABLE)
    .where('id', row.customerId)
    .first<
      { name: string; data: { senderName?: string; npsFromDate?: string | null } } | undefined
    >('name', 'data');
  const from = customer?.data.npsFromDate ?? null;
  if (!from) return { asked: false, answered, sender: null };
  const on = await deliveredOn(knex, row.id, timeZone);
  const refusal = npsRefusal({
    delivered: true,
    deliveredOn: on,
    npsFromDate: from,
    answered,
    today,
  });
  return {
    asked: refusal === null,
    answered,
    sender: refusal === null ? customer!.data.senderName || customer!.name : null,
  };
}

/** The date (in the department's zone) of the order's last delivery, from its history. */
async function deliveredOn(knex: Knex, orderId: string, timeZone: string) {
  const found = await knex(ORDER_HISTORY_TABLE)
    .where({ order_id: orderId, event_type: 'ConsignmentDelivered' })
    .max<{ at: Date | string | null }>('occurred_at as at')
    .first();
  if (!found?.at) return null;
  return dayIn(timeZone, new Date(found.at).toISOString());
}

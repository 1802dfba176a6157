import {
  CUSTOMERS_TABLE,
  CUSTOMER_GROUPS_TABLE,
  PRE_ADVICE_POLICIES_TABLE,
  PRE_ADVICE_TABLE,
  followUpOutcomes,
  preAdviceTriggers,
  textFor,
  resolvePolicy,
  type PreAdvicePolicy,
  type PreAdvicePolicyRow,
  type PreAdviceRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import type { QueryHandler } from '../framework.js';
import { scopeCustomerColumn, scopeDepartmentColumn } from '../scopes.js';

/** Pre-advice's queries (docs/decisions/0062-pre-advice.md). */

const livePolicies = (knex: Knex) =>
  knex(PRE_ADVICE_POLICIES_TABLE).where('deleted', false).orderBy('id').select('data');

const rowsOf = async <T>(q: Knex.QueryBuilder): Promise<T[]> =>
  ((await q) as { data: T }[]).map((r) => r.data);

/** Query `preAdvicePolicies`: of a customer, customer group or department, or all. */
export const preAdvicePolicies: QueryHandler<'preAdvicePolicies'> = (params, { knex }) => {
  const q = livePolicies(knex);
  if (params.customerId) q.where('customer_id', params.customerId);
  if (params.customerGroupId) q.where('customer_group_id', params.customerGroupId);
  if (params.departmentId) q.where('department_id', params.departmentId);
  return rowsOf<PreAdvicePolicyRow>(q);
};

/** Query `preAdviceServicePolicies`: the policies made for one service, or for any service. */
export const preAdviceServicePolicies: QueryHandler<'preAdviceServicePolicies'> = (
  params,
  { knex },
) => {
  const q = livePolicies(knex).whereNotNull('service_id');
  if (params.serviceId) q.where('service_id', params.serviceId);
  return rowsOf<PreAdvicePolicyRow>(q);
};

/**
 * The policy a customer's orders get when they name no service (resolvePolicy: the customer's,
 * else a group's, else its department's); null: none, or no such customer.
 */
async function customerPolicy(knex: Knex, customerId: string): Promise<PreAdvicePolicy | null> {
  const customer = await knex(CUSTOMERS_TABLE)
    .where('id', customerId)
    .first<{ department_id: string | null } | undefined>('department_id');
  if (!customer) return null;
  const groups = await knex(CUSTOMER_GROUPS_TABLE)
    .where('deleted', false)
    .whereRaw(`data->'customerIds' \\? ?`, [customerId])
    .select<{ id: string }[]>('id');
  const policies = await rowsOf<PreAdvicePolicyRow>(livePolicies(knex).whereNull('service_id'));
  return resolvePolicy(policies, {
    customerId,
    departmentId: String(customer.department_id ?? ''),
    customerGroupIds: groups.map((g) => String(g.id)),
    serviceId: null,
  });
}

/** Query `customerSmsText {customerId, smsType}`: the SMS text per language for that trigger. */
export const customerSmsText: QueryHandler<'customerSmsText'> = async (params, { knex }) => {
  const policy = await customerPolicy(knex, params.customerId);
  const applies = policy && policy.channel !== 'EMAIL' && policy.triggers.includes(params.smsType);
  return {
    customerId: params.customerId,
    smsType: params.smsType,
    policyId: applies ? policy.id : null,
    // Per language the text this trigger sends: its own, else the one for every trigger.
    texts: applies
      ? [...new Set(policy.texts.map((t) => t.language))].flatMap((language) => {
          const t = textFor(policy.texts, language, params.smsType);
          return t?.smsText ? [{ language, text: t.smsText }] : [];
        })
      : [],
  };
};

/**
 * Query `customerEventEmail {customerId}`: the e-mail per trigger and language (`trigger` null: for
 * every trigger without its own).
 */
export const customerEventEmail: QueryHandler<'customerEventEmail'> = async (params, { knex }) => {
  const policy = await customerPolicy(knex, params.customerId);
  const sends = policy && policy.channel !== 'SMS';
  return {
    customerId: params.customerId,
    policyId: sends ? policy.id : null,
    triggers: sends ? preAdviceTriggers.filter((t) => policy.triggers.includes(t)) : [],
    texts: sends
      ? policy.texts.flatMap((t) =>
          t.emailSubject && t.emailBody
            ? [
                {
                  language: t.language,
                  trigger: t.trigger ?? null,
                  subject: t.emailSubject,
                  body: t.emailBody,
                },
              ]
            : [],
        )
      : [],
  };
};

/** Query `preAdviceForOrder {orderId}`: the order's pre-advice row (none: not found or not yours). */
export const preAdviceForOrder: QueryHandler<'preAdviceForOrder'> = (params, { knex }) =>
  rowsOf<PreAdviceRow>(knex(PRE_ADVICE_TABLE).where('id', params.orderId).select('data'));

/**
 * Query `preAdviceFollowUp {departmentId, fromDate?, toDate?}` (`/preadvice-followup`): the orders
 * whose last outcome is one to follow up (contracts `followUpOutcomes`), grouped by that outcome
 * (rows ordered by outcome, then delivery date), at most 5,000.
 */
export const preAdviceFollowUp: QueryHandler<'preAdviceFollowUp'> = (
  params,
  { knex, identity },
) => {
  const q = knex(PRE_ADVICE_TABLE)
    .where('department_id', params.departmentId)
    .whereIn('last_outcome', followUpOutcomes);
  if (params.fromDate) q.where('delivery_date', '>=', params.fromDate);
  if (params.toDate) q.where('delivery_date', '<=', params.toDate);
  scopeCustomerColumn(scopeDepartmentColumn(q, identity, 'department_id'), identity, 'customer_id');
  return rowsOf<PreAdviceRow>(
    q
      .orderBy([{ column: 'last_outcome' }, { column: 'delivery_date' }, { column: 'id' }])
      .limit(5000)
      .select('data'),
  );
};

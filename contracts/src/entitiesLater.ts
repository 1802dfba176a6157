import {
  RECURRING_EXECUTIONS_ENTITY,
  RECURRING_EXECUTIONS_TABLE,
  RECURRING_ORDERS_ENTITY,
  RECURRING_ORDERS_TABLE,
  RECURRING_RUNS_ENTITY,
  RECURRING_RUNS_TABLE,
  type RecurringExecutionRow,
  type RecurringOrderRow,
  type RecurringRunRow,
} from './recurring/index.js';
import { ADDRESSES_ENTITY, ADDRESSES_TABLE, type AddressRow } from './addressBook/index.js';
import {
  PRE_ADVICE_ENTITY,
  PRE_ADVICE_POLICIES_ENTITY,
  PRE_ADVICE_POLICIES_TABLE,
  PRE_ADVICE_TABLE,
  type PreAdvicePolicyRow,
  type PreAdviceRow,
} from './preAdvice/index.js';
import { WEBHOOKS_ENTITY, WEBHOOKS_TABLE, type WebhookRow } from './webhooks/index.js';
import { API_KEYS_ENTITY, API_KEYS_TABLE, type ApiKeyRow } from './apiKeys/index.js';
import { SLOT_SCANS_ENTITY, SLOT_SCANS_TABLE, type SlotScansRow } from './scans/index.js';
import { VENDORS_ENTITY, VENDORS_TABLE, type VendorRow } from './vendors/index.js';
import {
  SHD_CAPACITY_ENTITY,
  SHD_CAPACITY_TABLE,
  SHD_SETTINGS_ENTITY,
  SHD_SETTINGS_TABLE,
  type ShdCapacityRow,
  type ShdSettingsRow,
} from './shd/index.js';
import { changeScope, entity } from './entityRules.js';

/**
 * The entities of the later features (recurring orders, API keys, the address book, webhooks,
 * pre-advice, scans): part of `entityAccess` (entities.ts), kept here so that file stays readable.
 */
export const laterEntities = {
  // Recurring orders, what executing a date did, and the dates executed (0058).
  [RECURRING_ORDERS_ENTITY]: entity<RecurringOrderRow>({
    table: RECURRING_ORDERS_TABLE,
    queries: ['recurringOrders', 'recurringOrdersForDepartmentIds', 'recurringOrderCalendar'],
    rule: 'department',
    scope: (row) => changeScope({ departmentId: row.departmentId }),
  }),
  [RECURRING_EXECUTIONS_ENTITY]: entity<RecurringExecutionRow>({
    table: RECURRING_EXECUTIONS_TABLE,
    queries: ['recurringOrderResult', 'recurringOrderCalendar'],
    rule: 'department',
    // Dates ahead, whatever dates a screen follows: the department's recurring screens take them.
    scope: (row) => changeScope({ departmentId: row.departmentId }),
  }),
  [RECURRING_RUNS_ENTITY]: entity<RecurringRunRow>({
    table: RECURRING_RUNS_TABLE,
    queries: ['getRecurringExecutedDates'],
    rule: 'department',
    scope: (row) => changeScope({ departmentId: row.departmentId }),
  }),
  // API keys (0069): a customer's keys reach the customer admins who may read the customer.
  [API_KEYS_ENTITY]: entity<ApiKeyRow>({
    table: API_KEYS_TABLE,
    queries: ['apiKeys'],
    rule: 'departmentAndCustomer',
    scope: (row) => changeScope({ customerId: row.customerId }),
  }),
  // The address book (0061): a department's saved places of its customers.
  [ADDRESSES_ENTITY]: entity<AddressRow>({
    table: ADDRESSES_TABLE,
    queries: ['addresses'],
    rule: 'departmentAndCustomer',
    scope: (row) => changeScope({ departmentId: row.departmentId, customerId: row.customerId }),
  }),
  // Webhooks (0070): a customer's hooks, read as the customer is (no secret in the row).
  [WEBHOOKS_ENTITY]: entity<WebhookRow>({
    table: WEBHOOKS_TABLE,
    queries: ['webhooks'],
    rule: 'departmentAndCustomer',
    scope: (row) => changeScope({ departmentId: row.departmentId, customerId: row.customerId }),
  }),
  // Pre-advice (docs/decisions/0062): a department's policies reach its readers, customer and
  // group policies every reader of policies (as price lists); an order's pre-advice as the order.
  [PRE_ADVICE_POLICIES_ENTITY]: entity<PreAdvicePolicyRow>({
    table: PRE_ADVICE_POLICIES_TABLE,
    queries: ['preAdvicePolicies', 'preAdviceServicePolicies'],
    rule: 'department',
    scope: (row) => changeScope({ departmentId: row.departmentId }),
  }),
  [PRE_ADVICE_ENTITY]: entity<PreAdviceRow>({
    table: PRE_ADVICE_TABLE,
    queries: ['preAdviceForOrder', 'preAdviceFollowUp'],
    rule: 'departmentAndCustomer',
    scope: (row) =>
      changeScope({
        departmentId: row.departmentId,
        customerId: row.customerId,
        date: row.deliveryDate,
      }),
  }),
  // A slot's scans (0064): read as the slot is, by its department's readers and its courier;
  // whatever dates a screen follows (a shipment's details show the scans of its slot's day).
  [SLOT_SCANS_ENTITY]: entity<SlotScansRow>({
    table: SLOT_SCANS_TABLE,
    queries: ['slotScans'],
    rule: 'slot',
    scope: (row) => changeScope({ departmentId: row.departmentId, courierId: row.courierId }),
  }),
  // Vendors (0091): a department's hauliers, for its vendor administrators.
  [VENDORS_ENTITY]: entity<VendorRow>({
    table: VENDORS_TABLE,
    queries: ['vendors', 'vendor'],
    rule: 'department',
    scope: (row) => changeScope({ departmentId: row.departmentId }),
  }),
  // Same-day home delivery (0092): a department's settings (row id: the department's) and the
  // places its days hold, for its SHD administrators.
  [SHD_SETTINGS_ENTITY]: entity<ShdSettingsRow>({
    table: SHD_SETTINGS_TABLE,
    queries: ['shdSettings'],
    rule: 'department',
    scope: (row) => changeScope({ departmentId: row.departmentId }),
  }),
  [SHD_CAPACITY_ENTITY]: entity<ShdCapacityRow>({
    table: SHD_CAPACITY_TABLE,
    queries: ['shdSettings'],
    rule: 'department',
    scope: (row) => changeScope({ departmentId: row.departmentId }),
  }),
} as const;

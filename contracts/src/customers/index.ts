import { z } from 'zod';
import { updateShape } from '../updates.js';
import { entityId, nonEmptyText } from '../common.js';
import { invoiceSplits } from '../invoicing/split.js';
import { postalAddressSchema } from '../addresses/postalAddress.js';
import { customerProblems } from './identity.js';
import { retentionDaysField } from '../privacy/retention.js';
import { settingsFields } from './settings.js';

export { customerProblems } from './identity.js';
export * from './settings.js';

export const CUSTOMERS_TABLE = 'rm_customers';
export const CUSTOMERS_ENTITY = 'customers';

/** Spec §3 customer identifiers, plus the customer's name and home department. */
const fields = {
  name: nonEmptyText.max(200),
  departmentId: entityId.nullable().default(null),
  /** Customer number in the Alystra transport-management system. */
  alystraId: z.string().trim().max(50).default(''),
  alystraSubcustomer: z.string().trim().max(50).default(''),
  /** Organisation number in the national business register. */
  orgNumber: z.string().trim().max(30).default(''),
  customerCode: z.string().trim().max(50).default(''),
  accountingTags: z.array(z.string().max(100)).max(50).default([]),
  otherIdentifiers: z.record(z.string(), z.string()).default({}),
  /** How the customer's orders are split into invoices (docs/decisions/0032-invoicing.md). */
  invoiceSplit: z.enum(invoiceSplits).default('NONE'),
  /** The invoice and label address (issue 36): street, postal code, town, country. */
  address: postalAddressSchema.nullable().default(null),
  /**
   * Days the personal data of its orders' parties is kept after their work ended; null: the
   * department's (docs/decisions/0050-personal-data.md).
   */
  personalDataRetentionDays: retentionDaysField,
  /**
   * Where its returns go (spec §1, §7 customerReturnAddress; docs/decisions/0057-returns.md);
   * null: back to where the goods were picked up.
   */
  returnAddress: postalAddressSchema.nullable().default(null),
  /**
   * Whether a multi-leg return gets its last leg, from the terminal to the return address
   * (spec §7 "return last leg"); off: the customer takes its returns back at the terminal.
   */
  returnLastLeg: z.boolean().default(true),
  ...settingsFields,
};

/** A customer's fields (create), its organisation number checked against its country. */
export const createCustomerSchema = z.object(fields).superRefine((c, ctx) => {
  for (const p of customerProblems(c))
    ctx.addIssue({ code: 'custom', message: p.message, path: [p.path] });
});
export const updateCustomerSchema = z.object({
  id: entityId,
  ...updateShape(fields),
});

export type CreateCustomer = z.infer<typeof createCustomerSchema>;
/** CREATE_CUSTOMER's payload as sent: the fields with a default may be left out. */
export type CustomerInput = z.input<typeof createCustomerSchema>;
export type UpdateCustomer = z.infer<typeof updateCustomerSchema>;
export interface Customer extends CreateCustomer {
  id: string;
}
export interface CustomerRow extends Customer {
  revision: number;
  updatedAtEpoch: number;
}

export type CustomerEvent =
  | { type: 'CustomerCreated'; data: Customer }
  | { type: 'CustomerUpdated'; data: { id: string; changes: Partial<CreateCustomer> } }
  | { type: 'CustomerDeleted'; data: { id: string } };

/**
 * DELETE_CUSTOMER (docs/decisions/0099): only a customer nothing refers to; one that is referred
 * to is refused (409) naming what refers to it.
 */
export const deleteCustomerSchema = z.object({ id: entityId });

export const customerStream = (id: string) => `customer-${id}`;

export const customerCommandSchemas = {
  CREATE_CUSTOMER: createCustomerSchema,
  UPDATE_CUSTOMER: updateCustomerSchema,
  DELETE_CUSTOMER: deleteCustomerSchema,
} as const;

/** What refers to a customer, by kind with a few ids of each (DELETE_CUSTOMER, 0099). */
export const customerReferenceKinds = [
  'orders',
  'users',
  'apiKeys',
  'priceLists',
  'webhooks',
  'addresses',
  'subcustomers',
  'recurringOrders',
  'customerGroups',
  'numberSeries',
] as const;
export type CustomerReferenceKind = (typeof customerReferenceKinds)[number];
export type CustomerReferences = Partial<Record<CustomerReferenceKind, string[]>>;

/**
 * Query `subcustomersForAlystraId` (spec §7): the sub-customers of a customer number: customers
 * with that `alystraId` and a sub-customer code.
 */
export const subcustomersQuerySchema = z.object({
  alystraId: z.string().trim().min(1).max(50),
});

/** Query `searchCustomers`: more than 2 characters (spec §5, §9). */
export const searchCustomersQuerySchema = z.object({
  searchPhrase: z.string().trim().min(3, 'search needs more than 2 characters'),
  departmentIds: z.array(entityId).optional(),
  limit: z.number().int().min(1).max(500).default(50),
});

/**
 * Query `searchCustomersWithoutSubcustomers` (spec §7): `searchCustomers` without the
 * sub-customers (a customer number's main customers only, where a booking picks the payer).
 */
export const searchCustomersWithoutSubcustomersQuerySchema = searchCustomersQuerySchema;

/**
 * Query `searchCustomerAllCountries {searchPhrase, departmentIds}` (spec §7; docs/decisions/0067):
 * the customers of every department the caller may read, in all four countries, those of
 * `departmentIds` first (the planner's own on top); `searchCustomers` keeps to `departmentIds`.
 */
export const searchCustomerAllCountriesQuerySchema = searchCustomersQuerySchema;

/** Query `allCustomersByIds {ids}` (spec §7): the customers of these ids the caller may read. */
export const allCustomersByIdsQuerySchema = z.object({
  ids: z.array(entityId).min(1).max(500),
});

/** Query `customerExternalCustomerNumbers {customerId}` (spec §7). */
export const customerExternalNumbersQuerySchema = z.object({ customerId: entityId });

/** One of a customer's numbers in a system outside the product (`customerExternalCustomerNumbers`). */
export interface ExternalCustomerNumber {
  /** ALYSTRA (the transport-management system; with the sub-customer), ORG_NUMBER, CUSTOMER_CODE, or the name the customer's own identifiers give. */
  system: string;
  number: string;
  subcustomer?: string;
}

/** A customer's numbers in other systems, from its identifiers (empty ones left out). */
export function externalCustomerNumbers(c: Customer): ExternalCustomerNumber[] {
  const numbers: ExternalCustomerNumber[] = [];
  if (c.alystraId)
    numbers.push({
      system: 'ALYSTRA',
      number: c.alystraId,
      ...(c.alystraSubcustomer ? { subcustomer: c.alystraSubcustomer } : {}),
    });
  if (c.orgNumber) numbers.push({ system: 'ORG_NUMBER', number: c.orgNumber });
  if (c.customerCode) numbers.push({ system: 'CUSTOMER_CODE', number: c.customerCode });
  for (const [system, number] of Object.entries(c.otherIdentifiers ?? {}))
    if (number) numbers.push({ system, number });
  return numbers;
}

import { z } from 'zod';
import { calendarDate, entityId } from '../common.js';
import { postalAddressSchema } from '../addresses/postalAddress.js';

/**
 * A customer's settings (spec §7 "customer updates": sender name, HD invoicing from date, billing
 * number, terminal address, NPS from date; docs/decisions/0071, 0083). Each is a field of
 * UPDATE_CUSTOMER (the spec names the updates, not their commands), and each does what its comment
 * says.
 */
export const settingsFields = {
  /**
   * The name the customer's recipients know it by (a web shop's brand, not its company name): the
   * pre-advice texts' {senderName} (empty: the pickup's name) and the labels' sender (empty: the
   * customer's name).
   */
  senderName: z.string().trim().max(100, { error: 'validation.tooLong' }).default(''),
  /**
   * From this date its orders of home-delivery (hd) departments are invoiced by the product; the
   * ones before were invoiced by the system it came from and are never invoiced here. Null: all.
   */
  hdInvoicingFromDate: calendarDate.nullable().default(null),
  /** Its number in the accounting system, printed on its invoices (the buyer's reference). */
  billingNumber: z
    .string()
    .trim()
    .max(35, { error: 'validation.tooLong' })
    .regex(/^[\p{L}\p{N} ./-]*$/u, { error: 'validation.billingNumber' })
    .default(''),
  /**
   * Where its returns wait between the legs of a multi-leg return (its own terminal or
   * warehouse); null: the department's terminal.
   */
  terminalAddress: postalAddressSchema.nullable().default(null),
  /**
   * Scan-to-create packages (docs/decisions/0071, addendum): a package label of its own (an SSCC
   * with a right check digit) that a courier scans at one of its orders' stops and that the order
   * does not have is added to the order as one more package, instead of a "not on the route"
   * warning. For shippers who print their own labels and book fewer packages than they hand over.
   */
  scanToCreatePackages: z.boolean().default(false),
  /**
   * NPS from date (docs/decisions/0083-nps.md): the tracking page asks the recipients of its
   * deliveries dated on or after it the net promoter question (0-10, a comment). Null: never.
   */
  npsFromDate: calendarDate.nullable().default(null),
};

/** Query `customerMigrationStatus {customerId}` (spec §7; docs/decisions/0071). */
export const customerMigrationStatusQuerySchema = z.object({ customerId: entityId });

/**
 * Where a customer is in its move from the system it came from: NOT_STARTED (no HD invoicing from
 * date), SCHEDULED (the date is ahead), MIGRATED (the product invoices its HD orders).
 */
export const migrationStates = ['NOT_STARTED', 'SCHEDULED', 'MIGRATED'] as const;
export type MigrationState = (typeof migrationStates)[number];

export interface CustomerMigrationStatus {
  customerId: string;
  status: MigrationState;
  hdInvoicingFromDate: string | null;
  /** Its orders in the product (not deleted). */
  orders: number;
  /** Of those, the hd departments' orders dated before the HD invoicing from date (not invoiced here). */
  ordersInvoicedElsewhere: number;
  firstOrderDate: string | null;
  lastOrderDate: string | null;
}

/** The migration state on `today` (the customer's calendar date). */
export function migrationState(hdInvoicingFromDate: string | null, today: string): MigrationState {
  if (hdInvoicingFromDate === null) return 'NOT_STARTED';
  return hdInvoicingFromDate > today ? 'SCHEDULED' : 'MIGRATED';
}

/**
 * The date from which an order of this customer in this department is invoiced by the product:
 * the customer's HD invoicing from date in an hd department, none elsewhere.
 */
export const invoicedHereFrom = (
  departmentType: string | null | undefined,
  customer: { hdInvoicingFromDate?: string | null } | null | undefined,
): string | null => (departmentType === 'hd' ? (customer?.hdInvoicingFromDate ?? null) : null);

import { z } from 'zod';
import { calendarDate, entityId, marketCountries } from '../common.js';
import type { Weekday } from '../timeWindows/index.js';

/**
 * The integration calls of spec §7 that customers' systems make with an API key (issue 43 §4;
 * docs/decisions/0069-api-keys.md). Their parameters arrive in a query string: every one is text.
 */

/** A Nordic postal code (3 to 5 digits; Sweden's may be written `123 45`), spaces dropped. */
export const postalCode = z
  .string()
  .trim()
  .regex(/^\d{2,3} ?\d{2,3}$/, 'a postal code of 3 to 5 digits')
  .transform((v) => v.replace(/\s+/g, ''));
const country = z.enum(marketCountries);
/** A customer number (Alystra id) or sub-customer code, as the customer systems write them. */
const customerNumber = z.string().trim().min(1).max(50);
const subcustomer = z.string().trim().max(50).optional();

/** The external orders API's services lookup (spec §7). */
export const externalServicesQuerySchema = z.object({
  alystraCustomerNo: customerNumber,
  subcustomer,
  pickupCountryCode: country,
  pickupPostalCode: postalCode,
  deliveryCountryCode: country,
  deliveryPostalCode: postalCode,
});
/** `GET /checkout/api/hd-services` (spec §7): home-delivery services at a delivery address. */
export const hdServicesQuerySchema = z.object({
  customerNumber,
  subcustomer,
  deliveryCountryCode: country,
  deliveryPostalCode: postalCode,
});
/** `GET /checkout/api/department-matrix/services` (spec §7): a department's services at a code. */
export const departmentMatrixServicesQuerySchema = z.object({
  departmentExternalId: z.string().trim().min(1).max(50),
  countryCode: country,
  postalCode,
});
/** Query `deliveryWindows {customerId, postalCode, serviceCode}` (spec §7). */
export const deliveryWindowsQuerySchema = z.object({
  customerId: entityId,
  postalCode,
  serviceCode: z.string().trim().min(1).max(30),
  /** The first day asked for (default: today in the department's zone); 14 days from it. */
  fromDate: calendarDate.optional(),
});

/**
 * A service offered at an address: a transport (FREIGHT) article of the price list that applies
 * to the customer on the day, with a price for the delivery postal code's zone.
 */
export interface IntegrationService {
  serviceCode: string;
  name: string;
  currency: string;
  /** The price list the service is priced on. */
  priceListId: string;
  /** The delivery postal code's zone on that list (null: the list prices it for every zone). */
  zone: string | null;
  /**
   * Days between the order and the earliest delivery, by the department matrix's entry for the
   * postal code (docs/decisions/0079); 0 for a department without a matrix.
   */
  leadTimeDays: number;
  /** The weekdays the postal code is delivered on by the matrix; empty: every day. */
  deliveryWeekdays: Weekday[];
}

/** A delivery window: a slot of the customer's department that covers the postal code. */
export interface DeliveryWindow {
  date: string;
  from: string;
  to: string | null;
}

/** How many days ahead `deliveryWindows` looks (the first included). */
export const DELIVERY_WINDOW_DAYS = 14;

/** The paths of the integration APIs (behind an API key, never a session). */
export const integrationPaths = {
  externalBase: '/api/external',
  checkoutBase: '/checkout/api',
  services: '/services',
  orders: '/orders',
  deliveryWindows: '/delivery-windows',
  hdServices: '/hd-services',
  departmentMatrixServices: '/department-matrix/services',
} as const;

const { externalBase, checkoutBase } = integrationPaths;

/** The integration look-ups at their spec §7 paths (`GET`, parameters in the query string). */
export const integrationQueryPaths: Readonly<
  Record<string, 'externalServices' | 'deliveryWindows' | 'hdServices' | 'departmentMatrixServices'>
> = {
  [`${externalBase}${integrationPaths.services}`]: 'externalServices',
  [`${externalBase}${integrationPaths.deliveryWindows}`]: 'deliveryWindows',
  [`${checkoutBase}${integrationPaths.hdServices}`]: 'hdServices',
  [`${checkoutBase}${integrationPaths.departmentMatrixServices}`]: 'departmentMatrixServices',
};
/** The external orders API's create order (`POST`, the body is CREATE_ORDER's payload). */
export const externalOrdersPath = `${externalBase}${integrationPaths.orders}`;

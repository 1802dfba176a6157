import { z } from 'zod';
import { normalisePhone } from '../access/phone.js';
import { idList } from '../common.js';
import type { OrderHistoryRow } from '../orderHistory/index.js';
import type { OrderRow } from '../consignments/orders.js';
import type { UserRow } from '../users/index.js';
import type { AddressRow } from '../addressBook/index.js';

/**
 * ERASE_PERSONAL_DATA (docs/decisions/0050-personal-data.md): a person's request to erase their
 * data (GDPR art. 17), for the orders and the users it was found on. The orders stay, with their
 * state, history and invoicing; the names, phones, e-mails, street addresses, notes and exact
 * points of their parties read as erased everywhere, for good. A user is deleted (where it is not
 * yet) and its name, phone, e-mail and courier details read as erased; its phone and e-mail are
 * free for another user at once. A saved address of the address book is deleted, which erases
 * the people in it (docs/decisions/0061). At least one of the lists; no admin erases themself.
 */
export const erasePersonalDataSchema = z
  .object({
    orderIds: idList.optional(),
    userIds: idList.optional(),
    addressIds: idList.optional(),
  })
  .refine(
    (p) => p.orderIds !== undefined || p.userIds !== undefined || p.addressIds !== undefined,
    { message: 'orderIds, userIds or addressIds is required' },
  );

export const privacyCommandSchemas = {
  ERASE_PERSONAL_DATA: erasePersonalDataSchema,
} as const;

/**
 * Query `personalData {phoneNumber?, email?}` (GDPR art. 15): everything the product holds about a
 * person known by a phone number or an e-mail address: the orders they are a party of (as the
 * `orders` query answers them), those orders' events (the order history), and the users with that
 * phone or address. One of the two is needed; a phone is matched as the product stores phones
 * (normalised, +47 when no country code is given), an e-mail address whatever its case.
 */
export const personalDataQuerySchema = z
  .object({
    phoneNumber: z
      .string()
      .trim()
      .min(3)
      .max(30)
      .transform((v) => normalisePhone(v))
      .optional(),
    email: z
      .string()
      .trim()
      .min(3)
      .max(200)
      .transform((v) => v.toLowerCase())
      .optional(),
  })
  .refine((p) => p.phoneNumber !== undefined || p.email !== undefined, {
    message: 'a phone number or an e-mail address is required',
  });

/** The most orders one `personalData` answer holds (a person's share of a day's work, many times). */
export const PERSONAL_DATA_ORDER_LIMIT = 1000;

export interface PersonalDataAnswer {
  phoneNumber: string | null;
  email: string | null;
  /** The orders the person is a party of, newest first; their parties' data as it reads now. */
  orders: (OrderRow & { parties: ('pickup' | 'delivery' | 'notification')[] })[];
  /** Each order's events as the order history holds them, oldest first. */
  history: Record<string, OrderHistoryRow[]>;
  users: UserRow[];
  /** The saved addresses of the address book with that phone or address (0061). */
  addresses: AddressRow[];
  /** More orders matched than the answer holds (PERSONAL_DATA_ORDER_LIMIT). */
  truncated: boolean;
}

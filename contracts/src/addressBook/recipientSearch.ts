import { z } from 'zod';
import { entityId, SEARCH_MIN_LENGTH } from '../common.js';
import type { AddressBlock } from '../consignments/orderParts.js';
import { isValidEmail } from '../consignments/validation.js';

/**
 * SEARCH_RECIPIENT_ID (spec §7; docs/decisions/0089-move-orders-new.md): the booking form's "find
 * an earlier recipient". A read-only command (kind `read`): it appends nothing, and its answer
 * carries the recipients found among the customer's address book (delivery and both-ways
 * addresses) and the delivery blocks of its earlier orders, in the departments the caller may
 * read. Every criterion given must match: the phone's digits (at least eight, as a number has; a
 * stored number's country code may come before them), the e-mail (whole, in any case), a part of
 * the name (at least three characters, in any case).
 */
export const RECIPIENT_SEARCH_LIMIT = 10;
export const RECIPIENT_PHONE_MIN_DIGITS = 8;

const digitsOf = (value: string) => value.replace(/\D/g, '');

export const searchRecipientIdSchema = z
  .object({
    customerId: entityId,
    /** The booking's department (absent: every department of the customer the caller reads). */
    departmentId: entityId.optional(),
    phone: z
      .string()
      .trim()
      .max(30, { error: 'validation.tooLong' })
      .refine((v) => digitsOf(v).length >= RECIPIENT_PHONE_MIN_DIGITS, {
        error: 'validation.phone',
      })
      .optional(),
    email: z.string().trim().toLowerCase().max(200, { error: 'validation.tooLong' }).optional(),
    name: z
      .string()
      .trim()
      .toLowerCase()
      .min(SEARCH_MIN_LENGTH, { error: 'validation.invalid' })
      .max(200, { error: 'validation.tooLong' })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.phone && !v.email && !v.name)
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'validation.required' });
    if (v.email !== undefined && !isValidEmail(v.email))
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'validation.email' });
  });
export type RecipientSearch = z.output<typeof searchRecipientIdSchema>;

/** Where a recipient was found. */
export type RecipientSource = 'ADDRESS_BOOK' | 'ORDER';

/** A place a recipient search looks at (read by the command side from the read models). */
export interface RecipientCandidate {
  source: RecipientSource;
  /** The address's id (ADDRESS_BOOK) or the order's (ORDER). */
  id: string;
  departmentId: string;
  customerId: string;
  block: AddressBlock;
  /** When it was last changed (epoch ms): the newest first. */
  updatedAtEpoch: number;
}

/** One recipient found: `recipientId` is the address's id, or else the latest order's. */
export interface RecipientFound {
  recipientId: string;
  source: RecipientSource;
  addressId: string | null;
  orderId: string | null;
  departmentId: string;
  block: AddressBlock;
}

/** SEARCH_RECIPIENT_ID's answer beside the command result's fields. */
export interface RecipientSearchAnswer {
  recipients: RecipientFound[];
}

/** What the words a user typed look for: an e-mail (with @), a phone (digits, + - ( ) and spaces), a name. */
export function recipientCriterion(
  text: string,
): { phone: string } | { email: string } | { name: string } {
  const value = text.trim();
  if (value.includes('@')) return { email: value };
  if (/^[+\d][\d\s()-]*$/.test(value)) return { phone: value };
  return { name: value };
}

/** The phone's digits without a national trunk zero (the Swedish and Finnish 0). */
const phoneKey = (value: string) => digitsOf(value).replace(/^0+/, '');

/** Whether a block is the recipient searched for (every criterion given matches). */
export function recipientMatches(block: AddressBlock, search: RecipientSearch): boolean {
  if (search.phone) {
    const wanted = phoneKey(search.phone);
    const phones = [block.phone, block.secondPhone].filter(Boolean).map((p) => phoneKey(p));
    if (!phones.some((p) => p.length > 0 && (p.endsWith(wanted) || wanted.endsWith(p))))
      return false;
  }
  if (search.email && (block.email ?? '').trim().toLowerCase() !== search.email) return false;
  if (search.name) {
    const names = `${block.name ?? ''} ${block.contactPerson ?? ''}`.toLowerCase();
    if (!names.includes(search.name)) return false;
  }
  return true;
}

/** The same place and person: one answer for many orders to them. */
export const recipientKey = (b: AddressBlock) =>
  [b.name, b.address, b.zipCode, b.phone, b.email]
    .map((v) => (v ?? '').trim().toLowerCase())
    .join('|');

/**
 * The recipients found, address-book entries first, then orders, the newest first; one a place
 * and person (an order to a saved address names the address), at most RECIPIENT_SEARCH_LIMIT.
 */
export function recipientsFound(
  candidates: readonly RecipientCandidate[],
  search: RecipientSearch,
): RecipientFound[] {
  const matching = candidates
    .filter((c) => recipientMatches(c.block, search))
    .sort(
      (a, b) =>
        (a.source === b.source ? 0 : a.source === 'ADDRESS_BOOK' ? -1 : 1) ||
        b.updatedAtEpoch - a.updatedAtEpoch,
    );
  const byKey = new Map<string, RecipientFound>();
  for (const c of matching) {
    const key = recipientKey(c.block);
    const known = byKey.get(key);
    if (known) {
      if (c.source === 'ORDER' && known.orderId === null) known.orderId = c.id;
      continue;
    }
    if (byKey.size >= RECIPIENT_SEARCH_LIMIT) continue;
    const fromBook = c.source === 'ADDRESS_BOOK';
    byKey.set(key, {
      recipientId: c.id,
      source: c.source,
      addressId: fromBook ? c.id : null,
      orderId: fromBook ? null : c.id,
      departmentId: c.departmentId,
      block: c.block,
    });
  }
  return [...byKey.values()];
}

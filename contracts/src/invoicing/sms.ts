import type { OrderInvoicing } from './events.js';

/**
 * Sent pre-advice SMS, invoiced as a value-added service (spec §9: vas code 1091 unless the
 * policy names another; docs/decisions/0062 addendum "the SMS on the invoice"). The order's
 * stream records each sent SMS as a `PreAdviceOutcomeRecorded` with its vas code; the order fold
 * and the invoicing decider count them here, so the price an invoicing run computed and the one
 * the decider checks agree.
 */
export interface SmsCharge {
  vasCode: string;
  count: number;
}

/** The vas code a stored event charges, or null: a pre-advice outcome whose SMS was sent. */
export function chargedSmsOf(e: { type: string; data: unknown }): string | null {
  if (e.type !== 'PreAdviceOutcomeRecorded') return null;
  const vasCode = (e.data as { vasCode?: string | null }).vasCode;
  return typeof vasCode === 'string' && vasCode !== '' ? vasCode : null;
}

/** The order's sent SMS per vas code, in vas-code order (none recorded: empty). */
export const smsChargesOf = (invoicing: OrderInvoicing): SmsCharge[] => invoicing.smsSent ?? [];

/** The order's invoicing with one more SMS sent under this vas code. */
export function withSentSms(invoicing: OrderInvoicing, vasCode: string): OrderInvoicing {
  const charges = smsChargesOf(invoicing);
  const found = charges.some((c) => c.vasCode === vasCode);
  const smsSent = found
    ? charges.map((c) => (c.vasCode === vasCode ? { ...c, count: c.count + 1 } : c))
    : [...charges, { vasCode, count: 1 }].sort((a, b) => a.vasCode.localeCompare(b.vasCode));
  return { ...invoicing, smsSent };
}

import { z } from 'zod';
import { normalisePhone } from '../access/phone.js';
import { phoneIssueKey } from '../consignments/validation.js';

/**
 * Spec §5 phone: digits, spaces, dashes, a leading plus; stored with +47 added when no prefix; as
 * many digits as its country's numbers have (the order's address blocks apply the same rule).
 */
export const phoneNumber = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    const problem = phoneIssueKey(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normalisePhone);

import type { z } from 'zod';
import type { ValidationKey } from './consignments/validation.js';

/** A rule broken by a field: its path in the payload and the message key (docs/decisions/0015). */
export interface Issue {
  path: (string | number)[];
  message: ValidationKey;
}

/**
 * A schema's rules across its fields (a window that ends before it starts, overlapping ranges),
 * as a refinement: `schema.superRefine(crossFieldRules(rules), evenWithFieldIssues)`. It runs even
 * when some fields failed, so a form shows every rule at once; a field that has an issue already
 * gets no second one; a value of the wrong type (a rule throws on it) skips the rules, its own
 * issue says what is wrong.
 */
export const crossFieldRules =
  <T>(rules: (value: T) => readonly Issue[]) =>
  (value: T, ctx: z.RefinementCtx): void => {
    let found: readonly Issue[];
    try {
      found = rules(value);
    } catch {
      return;
    }
    const taken = new Set(ctx.issues.map((i) => (i.path ?? []).join('.')));
    for (const issue of found)
      if (!taken.has(issue.path.join('.')))
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  };

/** Runs a refinement although some fields failed their own checks. */
export const evenWithFieldIssues = { when: () => true };

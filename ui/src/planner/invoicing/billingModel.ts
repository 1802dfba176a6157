import { createBillingOrderSchema, issueKey, toNumber } from '@nordlog/contracts';
import { majorToMinor } from './invoicingModel';
import { numberIssue, numberOf } from './formNumbers';

/** The billing order form (issue 18 §3): values, rules, total and the command's payload. */

// ------------------------------------------------------------------ billing orders

export interface BillingItemValues {
  specification: string;
  quantity: string;
  customerAmount: string;
  carrierAmount: string;
  creditLineId: string;
  articleCode: string;
}
export interface BillingFormValues {
  customerId: string;
  deliveryDate: string;
  reference: string;
  items: BillingItemValues[];
}

export const emptyBillingItem = (): BillingItemValues => ({
  specification: '',
  quantity: '1',
  customerAmount: '',
  carrierAmount: '0',
  creditLineId: '',
  articleCode: '',
});

export const billingFormDefaults = (deliveryDate: string): BillingFormValues => ({
  customerId: '',
  deliveryDate,
  reference: '',
  items: [emptyBillingItem()],
});

/** CREATE_BILLING_ORDER's payload before the schema: amounts in major units, as typed. */
export function billingPayload(departmentId: string, v: BillingFormValues) {
  return {
    departmentId,
    customerId: v.customerId.trim(),
    deliveryDate: v.deliveryDate,
    reference: v.reference,
    items: v.items.map((i) => ({
      specification: i.specification,
      quantity: numberOf(i.quantity),
      customerAmount: numberOf(i.customerAmount),
      carrierAmount: numberOf(i.carrierAmount) ?? 0,
      creditLineId: i.creditLineId.trim() === '' ? null : i.creditLineId.trim(),
      articleCode: i.articleCode.trim(),
    })),
  };
}

const itemNumberFields = new Set(['quantity', 'customerAmount', 'carrierAmount']);

/**
 * Every problem of a billing order form by field path (`customerId`, `items.0.quantity`,
 * `items`), as message keys: the contracts' createBillingOrderSchema on the payload, the rules
 * the server applies.
 */
export function billingFormIssues(
  departmentId: string,
  v: BillingFormValues,
): Record<string, string> {
  const issues: Record<string, string> = {};
  const parsed = createBillingOrderSchema.safeParse(billingPayload(departmentId, v));
  if (parsed.success) return issues;
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    if (issues[path]) continue;
    const [head, index, field] = issue.path;
    if (head === 'customerId')
      issues[path] = v.customerId.trim() === '' ? 'validation.required' : 'validation.unknownId';
    else if (head === 'deliveryDate')
      issues[path] = v.deliveryDate === '' ? 'validation.required' : 'validation.date';
    else if (head === 'reference') issues[path] = 'validation.tooLong';
    else if (head === 'items' && index === undefined)
      issues[path] = issue.code === 'too_big' ? 'validation.tooMany' : 'validation.atLeastOne';
    else if (head === 'items' && typeof index === 'number' && typeof field === 'string') {
      const item = v.items[index];
      const raw = item ? item[field as keyof BillingItemValues] : '';
      if (itemNumberFields.has(field)) {
        issues[path] =
          issue.code === 'custom' && raw.trim() !== '' && Number.isFinite(toNumber(raw))
            ? 'invoicingScreen.billing.form.twoDecimals'
            : numberIssue(raw, issue, {
                integer: field === 'quantity',
                positive: field === 'quantity',
              });
      } else if (field === 'creditLineId')
        issues[path] =
          issue.code === 'custom'
            ? 'invoicingScreen.billing.form.creditNeedsLine'
            : 'validation.tooLong';
      else if (field === 'articleCode')
        issues[path] =
          raw.trim() === ''
            ? 'validation.required'
            : issue.code === 'too_big'
              ? 'validation.tooLong'
              : 'invoicingScreen.billing.form.articleCodeRule';
      else issues[path] = raw.trim() === '' ? 'validation.required' : 'validation.tooLong';
    } else issues[path] = issueKey(issue);
  }
  return issues;
}

/** The form's total so far in minor units (items that are not numbers yet count nothing). */
export function billingFormTotal(v: BillingFormValues): number {
  return v.items.reduce((sum, i) => {
    const q = toNumber(i.quantity);
    const a = toNumber(i.customerAmount);
    return Number.isFinite(q) && Number.isFinite(a) ? sum + majorToMinor(a) * q : sum;
  }, 0);
}

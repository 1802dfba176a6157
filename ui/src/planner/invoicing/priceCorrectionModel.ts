import { toNumber, updateOrderPriceCorrectionsSchema, type OrderPrice } from '@nordlog/contracts';
import { numberOf } from './formNumbers';

/** Prices set by hand on an order (issue 18): the dialog's rows and the command's payload. */

// ------------------------------------------------------------------ price corrections

/** One corrected article line as the price dialog edits it: amounts in major units, as typed. */
export interface PriceCorrectionValues {
  articleCode: string;
  articleLabel: string;
  customerPrice: string;
  resourcePrice: string;
}

export const emptyPriceCorrection = (articleCode = ''): PriceCorrectionValues => ({
  articleCode,
  articleLabel: '',
  customerPrice: '',
  resourcePrice: '',
});

/** Minor units as a form writes major units ("1234.5" for 123 450), no grouping. */
const majorText = (minor: number) => String(minor / 100);

/**
 * The order's price corrections as the dialog starts with them: its corrected lines (`orderPrice`
 * marks them `corrected`), their amounts back in major units.
 */
export function priceCorrectionRows(price: Pick<OrderPrice, 'lines'>): PriceCorrectionValues[] {
  return price.lines
    .filter((l) => l.corrected)
    .map((l) => ({
      articleCode: l.articleCode,
      articleLabel: l.label,
      customerPrice: majorText(l.customerAmount),
      resourcePrice: l.resourceAmount === 0 ? '' : majorText(l.resourceAmount),
    }));
}

export type PriceCorrectionField =
  'reason' | 'rows' | `rows.${number}.${keyof PriceCorrectionValues}`;

/**
 * UPDATE_ORDER_PRICE_CORRECTIONS by the contracts' schema (the server's rules): the whole list of
 * corrections (an empty list drops them all) and a reason; else the problems by field path.
 */
export function priceCorrectionPayload(
  orderId: string,
  rows: readonly PriceCorrectionValues[],
  reason: string,
): { payload: Record<string, unknown> | null; issues: Partial<Record<string, string>> } {
  const issues: Partial<Record<string, string>> = {};
  const raw = {
    orderId,
    reason,
    correctedArticlePrices: rows.map((r) => ({
      articleCode: r.articleCode.trim().toUpperCase(),
      articleLabel: r.articleLabel,
      customerPrice: numberOf(r.customerPrice),
      ...(r.resourcePrice.trim() === '' ? {} : { resourcePrice: numberOf(r.resourcePrice) }),
    })),
  };
  const codes = raw.correctedArticlePrices.map((c) => c.articleCode);
  codes.forEach((code, i) => {
    if (code !== '' && codes.indexOf(code) !== i)
      issues[`rows.${i}.articleCode`] = 'invoicingScreen.prices.duplicate';
  });
  const parsed = updateOrderPriceCorrectionsSchema.safeParse(raw);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const [head, index, field] = issue.path;
      if (head === 'reason')
        issues.reason ??= reason.trim() === '' ? 'validation.required' : 'validation.tooLong';
      else if (head === 'correctedArticlePrices' && typeof index === 'number') {
        const key =
          field === 'resourcePrice'
            ? 'resourcePrice'
            : field === 'customerPrice'
              ? 'customerPrice'
              : field === 'articleLabel'
                ? 'articleLabel'
                : 'articleCode';
        const row = rows[index];
        const text = row ? row[key] : '';
        issues[`rows.${index}.${key}`] ??=
          text.trim() === ''
            ? 'validation.required'
            : key === 'customerPrice' || key === 'resourcePrice'
              ? Number.isFinite(toNumber(text))
                ? 'validation.invalid'
                : 'validation.number'
              : key === 'articleCode'
                ? 'invoicingScreen.billing.form.articleCodeRule'
                : 'validation.tooLong';
      } else if (head === 'correctedArticlePrices') issues.rows ??= 'validation.tooMany';
    }
  if (Object.keys(issues).length > 0 || !parsed.success) return { payload: null, issues };
  return { payload: parsed.data, issues };
}

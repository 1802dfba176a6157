import type { ManageReturnsView } from '@nordlog/contracts';

/**
 * The manage-returns screen's view in its address (docs/decisions/0057-returns.md):
 * `/planner/{dep}/manage-returns/{to-make|made}/{fromDate}/{toDate}?customer=…&reason=…`, so a
 * list can be bookmarked and sent to a colleague.
 */
export interface ReturnsView {
  view: ManageReturnsView;
  fromDate: string;
  toDate: string;
  customerIds: string[];
  reasons: string[];
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const segments: Record<ManageReturnsView, string> = { TO_MAKE: 'to-make', MADE: 'made' };

/**
 * A week back to a week ahead when no dates are given: the deviations still waiting, and those of
 * orders dated ahead that failed already (a pickup the sender was not ready for).
 */
export function parseReturnsView(splat: string, search: string, today: string): ReturnsView {
  const [kind, from, to] = splat.split('/');
  const params = new URLSearchParams(search);
  const fromDate = from && isoDate.test(from) ? from : shift(today, -7);
  const weekAhead = shift(today, 7);
  return {
    view: kind === segments.MADE ? 'MADE' : 'TO_MAKE',
    fromDate,
    toDate:
      to && isoDate.test(to) && to >= fromDate ? to : fromDate > weekAhead ? fromDate : weekAhead,
    customerIds: params.getAll('customer').filter(Boolean),
    reasons: params.getAll('reason').filter(Boolean),
  };
}

const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function returnsPath(departmentId: string, v: ReturnsView): string {
  const params = new URLSearchParams();
  for (const c of v.customerIds) params.append('customer', c);
  for (const r of v.reasons) params.append('reason', r);
  const query = params.toString();
  return `/planner/${departmentId}/manage-returns/${segments[v.view]}/${v.fromDate}/${v.toDate}${query ? `?${query}` : ''}`;
}

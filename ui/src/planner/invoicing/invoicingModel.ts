import {
  billingLines,
  invoicingShipmentFilters,
  isCalendarDate,
  startInvoicingRunSchema,
  type BillingOrder,
  type InvoicingRun,
  type InvoicingRunState,
} from '@nordlog/contracts';
import { differenceInCalendarDays, endOfMonth, format, parseISO, startOfMonth } from 'date-fns';
import { numberLocale } from '../../i18n/numbers';
import { searchMinLength } from '../shipmentsData';
import type { Issues } from './formNumbers';

/**
 * The invoicing screens' pure logic (issue 18 §2, §3; contracts' invoicing): the invoicing route's
 * optional segments, the default period, query keys, money in minor units and the invoicing runs'
 * payload and order. The forms' own logic sits beside it: bulkModel (selection and bulk commands),
 * billingModel, correctionsModel and priceCorrectionModel, with formNumbers for typed numbers.
 */

// ------------------------------------------------------------------ constants

/** Spec §7: "correction accepted" and "correction rejected" stay exactly 1000 ms. */
export const CORRECTION_TOAST_MS = 1000;

/** How long the search box waits after the last key before it filters (ms). */
export const SEARCH_DEBOUNCE_MS = 350;
/** A period of `invoicingData` is at most this many days long (the query's rule). */
export const MAX_PERIOD_DAYS = 93;
/** Rows per page of the invoicing table. */
export const pageSizes = [50, 100, 250, 500] as const;
export const DEFAULT_PAGE_SIZE = 100;
/** While a run is requested or running its list is fetched again this often (ms). */
export const RUN_POLL_MS = 2000;

// ------------------------------------------------------------------ query keys

/**
 * Query-key heads are the read models' entity names (`invoicingRuns`, `invoices`,
 * `billingOrders`) with kind `rows` and plain arrays as data, the form the live connection
 * patches (ui/src/live/applyChanges): once the entity is listed for the planner's lists in
 * resources/registry, a pushed row replaces its cached one and a new row refetches the list.
 */
export const INVOICING_RUNS = 'invoicingRuns';
export const INVOICES = 'invoices';
export const BILLING_ORDERS = 'billingOrders';
export const INVOICING_DATA = 'invoicingData';
export const ORDER_CORRECTIONS = 'orderCorrections';

export const runsKey = (departmentId: string) =>
  [INVOICING_RUNS, 'rows', { departmentId }] as const;
export const invoicesKey = (departmentId: string, runId: string) =>
  [INVOICES, 'rows', { departmentId, runId }] as const;
/** What the billing orders list asks (query `billingOrders`). */
export interface BillingOrdersParams {
  departmentId: string;
  fromDate: string;
  toDate: string;
}
export const billingOrdersKey = (params: BillingOrdersParams) =>
  [BILLING_ORDERS, 'rows', params] as const;
export const invoicingDataKey = (params: InvoicingDataParams) =>
  [INVOICING_DATA, 'page', params] as const;

// ------------------------------------------------------------------ dates

const iso = (d: Date) => format(d, 'yyyy-MM-dd');

/** The first and last day of the month of `day` (`yyyy-MM-dd`). */
export function monthPeriod(day: string): { fromDate: string; toDate: string } {
  const d = parseISO(day);
  return { fromDate: iso(startOfMonth(d)), toDate: iso(endOfMonth(d)) };
}

/** What is wrong with a period for `invoicingData` and START_INVOICING_RUN, if anything. */
export function periodProblem(
  fromDate: string,
  toDate: string,
): 'invalid' | 'order' | 'tooLong' | null {
  if (!isCalendarDate(fromDate) || !isCalendarDate(toDate)) return 'invalid';
  if (toDate < fromDate) return 'order';
  if (differenceInCalendarDays(parseISO(toDate), parseISO(fromDate)) > MAX_PERIOD_DAYS)
    return 'tooLong';
  return null;
}

// ------------------------------------------------------------------ the invoicing route

export type ShipmentFilter = (typeof invoicingShipmentFilters)[number];
export type InvoicingBase = 'invoicing' | 'invoicing-new';

/**
 * What the invoicing URL holds (spec §2):
 * `/planner/{dep}/invoicing/{fromDate?}/{toDate?}/{shipmentFilter?}/{searchShipments?}/{customerAlystraId?}`
 * (and the same under `invoicing-new`). Empty optional parts in the middle are written `-`.
 */
export interface InvoicingView {
  base: InvoicingBase;
  fromDate: string;
  toDate: string;
  shipmentFilter: ShipmentFilter;
  search: string;
  customerAlystraId: string;
}

/** A path segment, decoded; empty and `-` are no value. A malformed escape is kept as it is. */
function segment(parts: readonly string[], i: number): string | undefined {
  const p = parts[i];
  if (p === undefined || p === '' || p === '-') return undefined;
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

export const isShipmentFilter = (value: string): value is ShipmentFilter =>
  (invoicingShipmentFilters as readonly string[]).includes(value);

/**
 * The view of an invoicing URL (`rest`: what follows `invoicing/`). Defaults: this month's first
 * and last day, every status, no search, every customer. A bad date falls back to the default; an
 * end before the start is the last day of the start's month.
 */
export function parseInvoicingPath(
  base: InvoicingBase,
  rest: string,
  today: string,
): InvoicingView {
  const parts = rest.split('/');
  const from = segment(parts, 0);
  const to = segment(parts, 1);
  const fromDate = from && isCalendarDate(from) ? from : monthPeriod(today).fromDate;
  const toDate = to && isCalendarDate(to) && to >= fromDate ? to : monthPeriod(fromDate).toDate;
  const filter = (segment(parts, 2) ?? 'ALL').toUpperCase();
  return {
    base,
    fromDate,
    toDate,
    shipmentFilter: isShipmentFilter(filter) ? filter : 'ALL',
    search: (segment(parts, 3) ?? '').trim(),
    customerAlystraId: (segment(parts, 4) ?? '').trim(),
  };
}

/** The path of a view: trailing defaults left out, empty parts in the middle written `-`. */
export function invoicingPath(departmentId: string, view: InvoicingView): string {
  const parts = [
    view.fromDate,
    view.toDate,
    view.shipmentFilter,
    view.search.trim(),
    view.customerAlystraId.trim(),
  ];
  while (parts.length > 2 && (parts.at(-1) === '' || (parts.length === 3 && parts[2] === 'ALL')))
    parts.pop();
  const encoded = parts.map((p) => (p === '' ? '-' : encodeURIComponent(p)));
  return `/planner/${departmentId}/${view.base}/${encoded.join('/')}`;
}

/** Spec §9: a search needs more than 2 characters; less is no search. */
export const searchOf = (text: string): string =>
  text.trim().length >= searchMinLength ? text.trim().slice(0, 100) : '';

/** The params of query `invoicingData` for a view and a page. */
export interface InvoicingDataParams {
  departmentId: string;
  fromDate: string;
  toDate: string;
  shipmentFilter: ShipmentFilter;
  search: string;
  customerAlystraId?: string;
  limit: number;
  offset: number;
}
export function invoicingDataParams(
  departmentId: string,
  view: InvoicingView,
  limit: number,
  offset: number,
): InvoicingDataParams {
  return {
    departmentId,
    fromDate: view.fromDate,
    toDate: view.toDate,
    shipmentFilter: view.shipmentFilter,
    search: view.search,
    ...(view.customerAlystraId ? { customerAlystraId: view.customerAlystraId } : {}),
    limit,
    offset,
  };
}

// ------------------------------------------------------------------ money

const amountFormats = new Map<string, Intl.NumberFormat>();

/** Minor units (øre, öre, cent) as major units with 2 decimals in the user's language. */
export function formatAmount(minor: number, locale: string): string {
  let f = amountFormats.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(numberLocale(locale), {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    amountFormats.set(locale, f);
  }
  const major = minor / 100;
  return f.format(major === 0 ? 0 : major);
}

/** An amount with its currency code ("1,234.50 NOK"); no currency: the amount alone. */
export const formatMoney = (minor: number, currency: string | null | undefined, locale: string) =>
  currency ? `${formatAmount(minor, locale)} ${currency}` : formatAmount(minor, locale);

/** Major units as a form writes them to integer minor units, half away from zero. */
export function majorToMinor(major: number): number {
  const minor = Math.sign(major) * Math.round(Math.abs(major) * 100);
  return minor === 0 ? 0 : minor;
}

/** A billing order's total in minor units (the sum of its lines, as its invoice will have it). */
export const billingOrderTotal = (order: BillingOrder): number =>
  billingLines(order).reduce((sum, line) => sum + line.customerAmount, 0);

// ------------------------------------------------------------------ invoicing runs

export const isRunActive = (state: InvoicingRunState): boolean =>
  state === 'REQUESTED' || state === 'RUNNING';

/** Runs newest first (by request time; a longer id is a newer one). */
export function newestRunsFirst<T extends Pick<InvoicingRun, 'id' | 'requestedAt'>>(
  runs: readonly T[],
): T[] {
  const idOrder = (a: string, b: string) => a.length - b.length || a.localeCompare(b);
  return [...runs].sort(
    (a, b) => b.requestedAt.localeCompare(a.requestedAt) || idOrder(b.id, a.id),
  );
}

/**
 * The ids of ended runs (completed or failed) not among those already known to have ended: their
 * orders changed. A run counts whether or not it was seen going: one can end before the list is
 * fetched again after it was requested.
 */
export function runsEndedSince(
  knownEnded: ReadonlySet<string>,
  runs: readonly Pick<InvoicingRun, 'id' | 'state'>[],
): string[] {
  return runs.filter((r) => !isRunActive(r.state) && !knownEnded.has(r.id)).map((r) => r.id);
}

/** What the run dialog asks. */
export interface RunInput {
  fromDate: string;
  toDate: string;
  /** Empty: every customer. */
  customerId: string;
}
export type RunField = 'fromDate' | 'toDate' | 'customerId';

/** START_INVOICING_RUN's payload by the contracts' schema, else the dialog's problems. */
export function startRunPayload(
  departmentId: string,
  input: RunInput,
): { payload: Record<string, unknown> | null; issues: Issues<RunField> } {
  const issues: Issues<RunField> = {};
  const problem = periodProblem(input.fromDate, input.toDate);
  if (!isCalendarDate(input.fromDate)) issues.fromDate = 'validation.date';
  if (!isCalendarDate(input.toDate)) issues.toDate = 'validation.date';
  else if (problem === 'order') issues.toDate = 'validation.dateRange';
  const parsed = startInvoicingRunSchema.safeParse({
    departmentId,
    fromDate: input.fromDate,
    toDate: input.toDate,
    customerId: input.customerId.trim() === '' ? null : input.customerId.trim(),
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'customerId') issues.customerId ??= 'validation.unknownId';
      else if (field === 'fromDate') issues.fromDate ??= 'validation.date';
      else if (field === 'toDate') issues.toDate ??= 'validation.dateRange';
    }
  if (Object.keys(issues).length > 0 || !parsed.success) return { payload: null, issues };
  return { payload: parsed.data, issues };
}

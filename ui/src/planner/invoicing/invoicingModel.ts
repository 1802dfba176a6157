import {
  acceptOrderCorrectionSchema,
  billingLines,
  createBillingOrderSchema,
  createOrderCorrectionSchema,
  invoicingShipmentFilters,
  isCalendarDate,
  isValidationKey,
  issueKey,
  manualInvoicingTargets,
  MAX_INVOICING_BULK,
  pauseOrderInvoicingSchema,
  rejectOrderCorrectionSchema,
  releaseOrderInvoicingSchema,
  setOrderInvoicingStatusSchema,
  startInvoicingRunSchema,
  toNumber,
  updateOrderPriceCorrectionsSchema,
  type BillingOrder,
  type CommandName,
  type InvoicingRun,
  type InvoicingRunState,
  type OrderCorrection,
  type OrderCorrectionState,
  type OrderPrice,
} from '@nordlog/contracts';
import { differenceInCalendarDays, endOfMonth, format, parseISO, startOfMonth } from 'date-fns';
import { numberLocale } from '../../i18n/numbers';
import { searchMinLength } from '../shipmentsData';

/**
 * The invoicing screens' pure logic (issue 18 §2, §3; contracts' invoicing): the invoicing route's
 * optional segments, the default period, money in minor units, the selection of a page, the
 * payloads of the commands (checked by the contracts' schemas, as the server checks them) and the
 * form rules of a billing order and an accepted correction.
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
export const correctionsKey = (params: CorrectionsParams) =>
  [ORDER_CORRECTIONS, 'page', params] as const;

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

// ------------------------------------------------------------------ selection

export type PageSelection = 'none' | 'some' | 'all';

/** Whether none, some or all rows of the page are selected. */
export function pageSelection(
  selected: ReadonlySet<string>,
  pageIds: readonly string[],
): PageSelection {
  const chosen = pageIds.filter((id) => selected.has(id)).length;
  return chosen === 0 ? 'none' : chosen === pageIds.length ? 'all' : 'some';
}

/** Select-all of a page: every row of the page when not all are, else none of them. */
export function toggleAllOnPage(
  selected: ReadonlySet<string>,
  pageIds: readonly string[],
): Set<string> {
  const next = new Set(selected);
  if (pageIds.length > 0 && pageSelection(selected, pageIds) === 'all')
    for (const id of pageIds) next.delete(id);
  else for (const id of pageIds) next.add(id);
  return next;
}

export function toggleOne(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

// ------------------------------------------------------------------ bulk commands

export const invoicingBulkActions = ['pause', 'release', 'setStatus'] as const;
export type InvoicingBulkAction = (typeof invoicingBulkActions)[number];
export type ManualTarget = (typeof manualInvoicingTargets)[number];
export { manualInvoicingTargets };

export const bulkCommand = {
  pause: 'PAUSE_ORDER_INVOICING',
  release: 'RELEASE_ORDER_INVOICING',
  setStatus: 'SET_ORDER_INVOICING_STATUS',
} as const satisfies Record<InvoicingBulkAction, CommandName>;

/** What a bulk dialog asks: a reason (required but for release) and, to set a status, which. */
export interface BulkInput {
  reason: string;
  status: ManualTarget | '';
}

export type BulkField = 'reason' | 'status';
export type Issues<F extends string> = Partial<Record<F, string>>;

/** Ids per command: the contracts' MAX_INVOICING_BULK. */
export function idChunks<T>(ids: readonly T[], size = MAX_INVOICING_BULK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

/**
 * The payloads of a bulk action on the selected orders (one per chunk of at most
 * MAX_INVOICING_BULK), as the contracts' schema gives them; else the dialog's problems by field.
 */
export function bulkPayloads(
  action: InvoicingBulkAction,
  orderIds: readonly string[],
  input: BulkInput,
): { payloads: Record<string, unknown>[]; issues: Issues<BulkField> } {
  const issues: Issues<BulkField> = {};
  const payloads: Record<string, unknown>[] = [];
  for (const chunk of idChunks(orderIds)) {
    const raw =
      action === 'setStatus'
        ? { orderIds: chunk, status: input.status, reason: input.reason }
        : { orderIds: chunk, reason: input.reason };
    const schema =
      action === 'pause'
        ? pauseOrderInvoicingSchema
        : action === 'release'
          ? releaseOrderInvoicingSchema
          : setOrderInvoicingStatusSchema;
    const parsed = schema.safeParse(raw);
    if (parsed.success) {
      payloads.push(parsed.data);
      continue;
    }
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'reason')
        issues.reason ??= input.reason.trim() === '' ? 'validation.required' : issueKey(issue);
      else if (field === 'status') issues.status ??= 'validation.required';
    }
  }
  return Object.keys(issues).length > 0 ? { payloads: [], issues } : { payloads, issues };
}

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

// ------------------------------------------------------------------ numbers in forms

/** The message key of a number field's problem: empty, not a number, or out of range. */
function numberIssue(
  raw: string,
  issue: { code: string; message: string; input?: unknown },
  options: { integer: boolean; positive?: boolean },
): string {
  if (raw.trim() === '') return 'validation.required';
  const n = toNumber(raw);
  if (!Number.isFinite(n)) return 'validation.number';
  if (options.positive && (n <= 0 || !Number.isInteger(n))) return 'validation.positiveInteger';
  if (options.integer && !Number.isInteger(n)) return 'validation.integer';
  if (issue.code === 'too_small') return 'validation.notNegative';
  if (isValidationKey(issue.message)) return issue.message;
  return 'validation.invalid';
}

/** A number field's text as a payload takes it: empty is no value, garbage is NaN. */
const numberOf = (raw: string): number | undefined =>
  raw.trim() === '' ? undefined : toNumber(raw);

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

// ------------------------------------------------------------------ order corrections

/** A row of query `orderCorrections`. */
export type CorrectionRow = OrderCorrection & {
  shipmentId: string | null;
  customerId: string;
  customerName: string | null;
  departmentId: string;
  date: string;
};

/** The state filter of the corrections screen: a state, decided (accepted or rejected), or all. */
export const correctionFilters = ['PENDING', 'ACCEPTED', 'REJECTED', 'DECIDED', 'ALL'] as const;
export type CorrectionFilter = (typeof correctionFilters)[number];
export const isCorrectionFilter = (v: string): v is CorrectionFilter =>
  (correctionFilters as readonly string[]).includes(v);

/** `/corrections` shows what waits; `/corrections/old` what was decided. */
export const defaultCorrectionFilter = (old: boolean): CorrectionFilter =>
  old ? 'DECIDED' : 'PENDING';

export interface CorrectionsParams {
  departmentId: string;
  date?: string;
  state?: OrderCorrectionState;
}
export function correctionsParams(
  departmentId: string,
  date: string | null,
  filter: CorrectionFilter,
): CorrectionsParams {
  const state: OrderCorrectionState | undefined =
    filter === 'DECIDED' || filter === 'ALL' ? undefined : filter;
  return { departmentId, ...(date ? { date } : {}), ...(state ? { state } : {}) };
}

/** The rows a filter shows (the query filters by one state; decided is two). */
export function filterCorrections<T extends Pick<OrderCorrection, 'state'>>(
  rows: readonly T[],
  filter: CorrectionFilter,
): T[] {
  if (filter === 'ALL') return [...rows];
  if (filter === 'DECIDED') return rows.filter((r) => r.state !== 'PENDING');
  return rows.filter((r) => r.state === filter);
}

/** The corrections path of a date (none: every date). */
export const correctionsPath = (departmentId: string, old: boolean, date: string | null) =>
  `/planner/${departmentId}/corrections${old ? '/old' : ''}${date ? `/${date}` : ''}`;

/** The route's date segment, when it is one. */
export const correctionsDate = (param: string | undefined): string | null =>
  param && isCalendarDate(param) ? param : null;

/** The values of an accept, in the dialog's order. */
export const correctionFields = [
  'numberOfPackages',
  'volumeDmq',
  'weightKilograms',
  'pickupWaitingTimeInMinutes',
  'deliveryWaitingTimeInMinutes',
  'pickupLoadingTimeInMinutes',
  'deliveryLoadingTimeInMinutes',
] as const;
export type CorrectionField = (typeof correctionFields)[number];
const integerCorrectionFields = new Set<CorrectionField>([
  'numberOfPackages',
  'pickupWaitingTimeInMinutes',
  'deliveryWaitingTimeInMinutes',
  'pickupLoadingTimeInMinutes',
  'deliveryLoadingTimeInMinutes',
]);
export const isIntegerCorrectionField = (f: CorrectionField) => integerCorrectionFields.has(f);

export type CorrectionFormValues = Record<CorrectionField, string> & { comment: string };

/** The accept dialog starts with the proposed values (editable) and the proposal's comment. */
export function correctionFormDefaults(c: Pick<OrderCorrection, 'proposed'>): CorrectionFormValues {
  const values = {} as Record<CorrectionField, string>;
  for (const f of correctionFields) values[f] = String(c.proposed[f] ?? 0);
  return { ...values, comment: '' };
}

/** ACCEPT_ORDER_CORRECTION before the schema. */
export function acceptPayload(
  c: Pick<OrderCorrection, 'orderId' | 'id'>,
  v: CorrectionFormValues,
): Record<string, unknown> {
  const values: Record<string, number | undefined> = {};
  for (const f of correctionFields) values[f] = numberOf(v[f]);
  return { orderId: c.orderId, id: c.id, ...values, comment: v.comment };
}

type CorrectionIssues = Issues<CorrectionField | 'comment'>;

/** The problems of a correction's values, by field, from a schema's issues. */
function correctionIssues(
  issues: readonly { path: PropertyKey[]; code: string; message: string; input?: unknown }[],
  v: CorrectionFormValues,
): CorrectionIssues {
  const found: CorrectionIssues = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (field === 'comment') found.comment ??= 'validation.tooLong';
    else if (typeof field === 'string' && (correctionFields as readonly string[]).includes(field)) {
      const f = field as CorrectionField;
      found[f] ??= numberIssue(v[f], issue, { integer: integerCorrectionFields.has(f) });
    }
  }
  return found;
}

/** The accept dialog's payload by acceptOrderCorrectionSchema, else its problems by field. */
export function acceptCorrection(
  c: Pick<OrderCorrection, 'orderId' | 'id'>,
  v: CorrectionFormValues,
): { payload: Record<string, unknown> | null; issues: CorrectionIssues } {
  const parsed = acceptOrderCorrectionSchema.safeParse(acceptPayload(c, v));
  if (parsed.success) return { payload: parsed.data, issues: {} };
  return { payload: null, issues: correctionIssues(parsed.error.issues, v) };
}

/** An empty proposal: the booked packages, nothing measured yet. */
export function proposalDefaults(packages: number): CorrectionFormValues {
  const values = {} as Record<CorrectionField, string>;
  for (const f of correctionFields) values[f] = f === 'numberOfPackages' ? String(packages) : '';
  return { ...values, comment: '' };
}

/** CREATE_ORDER_CORRECTION by its schema (a planner's proposal), else its problems by field. */
export function proposeCorrection(
  orderId: string,
  v: CorrectionFormValues,
): { payload: Record<string, unknown> | null; issues: CorrectionIssues } {
  const values: Record<string, number | undefined> = {};
  for (const f of correctionFields) values[f] = numberOf(v[f]);
  const parsed = createOrderCorrectionSchema.safeParse({ orderId, ...values, comment: v.comment });
  if (parsed.success) return { payload: parsed.data, issues: {} };
  return { payload: null, issues: correctionIssues(parsed.error.issues, v) };
}

/** REJECT_ORDER_CORRECTION by its schema (null: the comment is too long). */
export function rejectPayload(
  c: Pick<OrderCorrection, 'orderId' | 'id'>,
  comment: string,
): Record<string, unknown> | null {
  const parsed = rejectOrderCorrectionSchema.safeParse({ orderId: c.orderId, id: c.id, comment });
  return parsed.success ? parsed.data : null;
}

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

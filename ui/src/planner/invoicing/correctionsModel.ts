import {
  acceptOrderCorrectionSchema,
  createOrderCorrectionSchema,
  isCalendarDate,
  rejectOrderCorrectionSchema,
  type OrderCorrection,
  type OrderCorrectionState,
} from '@nordlog/contracts';
import { ORDER_CORRECTIONS } from './invoicingModel';
import { type Issues, numberIssue, numberOf } from './formNumbers';

/**
 * The order corrections screen (issue 18 §2): its filter and route, and the accept, propose and
 * reject dialogs' values, rules and payloads.
 */

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

export const correctionsKey = (params: CorrectionsParams) =>
  [ORDER_CORRECTIONS, 'page', params] as const;

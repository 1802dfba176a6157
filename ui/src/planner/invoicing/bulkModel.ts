import {
  issueKey,
  manualInvoicingTargets,
  MAX_INVOICING_BULK,
  pauseOrderInvoicingSchema,
  releaseOrderInvoicingSchema,
  setOrderInvoicingStatusSchema,
  type CommandName,
} from '@nordlog/contracts';
import type { Issues } from './formNumbers';

/**
 * The invoicing table's selection of a page and its bulk commands (pause, release, set status):
 * the payloads in chunks of the contracts' MAX_INVOICING_BULK, checked by the contracts' schemas.
 */

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

import {
  consignmentStates,
  type AuthUser,
  type CommandName,
  type ConsignmentRow,
  type ConsignmentState,
} from '@nordlog/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { addDays, format, parseISO } from 'date-fns';
import { mayRun } from '../access/commands';
import type { UiError } from '../errors/parse';
import type { CommandAnswer } from '../shell/api';

/**
 * Spec §2 date-range filter options; the default is today. `all` is every date (the shipments of
 * any day, e.g. to search them), written in the URL as its own fixed bounds.
 */
export const dateRanges = [
  'today',
  'tomorrow',
  'yesterday',
  'last7',
  'last30',
  'all',
  'custom',
] as const;
export type DateRange = (typeof dateRanges)[number];

/** The bounds of `all`: before and after any shipment's date. */
export const ALL_DATES = { from: '2000-01-01', to: '2099-12-31' } as const;

const iso = (d: Date) => format(d, 'yyyy-MM-dd');
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export function rangeDates(
  range: Exclude<DateRange, 'custom'>,
  today: string,
): { from: string; to: string } {
  const day = parseISO(today);
  switch (range) {
    case 'today':
      return { from: today, to: today };
    case 'tomorrow':
      return { from: iso(addDays(day, 1)), to: iso(addDays(day, 1)) };
    case 'yesterday':
      return { from: iso(addDays(day, -1)), to: iso(addDays(day, -1)) };
    case 'last7':
      return { from: iso(addDays(day, -6)), to: today };
    case 'last30':
      return { from: iso(addDays(day, -29)), to: today };
    case 'all':
      return { ...ALL_DATES };
  }
}

/** The named range a from/to pair is, or custom. */
export function rangeOf(from: string, to: string, today: string): DateRange {
  return (
    dateRanges
      .filter((r): r is Exclude<DateRange, 'custom'> => r !== 'custom')
      .find((r) => {
        const d = rangeDates(r, today);
        return d.from === from && d.to === to;
      }) ?? 'custom'
  );
}

/**
 * The dates whose changes the page follows live: those of the range, at most `max`; of a long
 * range (all dates) the ones around today, where shipments change.
 */
export function liveDates(from: string, to: string, today: string, max = 62): string[] {
  if (datesBetween(from, to, max + 1).length <= max) return datesBetween(from, to, max);
  const day = parseISO(today);
  const lo = iso(addDays(day, -Math.floor(max / 2) + 1));
  const hi = iso(addDays(day, Math.ceil(max / 2)));
  return datesBetween(lo < from ? from : lo, hi > to ? to : hi, max);
}

/**
 * What the shipments URL holds (spec §2):
 * `/planner/{dep}/shipments/{filter?}/{fromDate?}/{toDate?}/{searchPhrase?}/{customerAlystraId?}/{shipmentId?}`
 * and `/planner/{dep}/shipments-search/{fromDate?}/{toDate?}/{searchPhrase?}`.
 * `filter` is `all` or a consignment state (lower case).
 */
export interface ShipmentsView {
  base: 'shipments' | 'shipments-search';
  filter: 'all' | ConsignmentState;
  fromDate: string;
  toDate: string;
  searchPhrase: string;
  customerAlystraId: string | null;
  shipmentId: string | null;
}

/** A segment of the route's splat, which the router has decoded but for an encoded slash. */
const part = (parts: string[], i: number): string | undefined => {
  const p = parts[i];
  if (p === undefined || p === '' || p === '-') return undefined;
  try {
    return decodeURIComponent(p);
  } catch {
    // A phrase with a percent sign of its own (`50%`): already as typed.
    return p;
  }
};

export function parseShipmentsPath(
  base: ShipmentsView['base'],
  rest: string,
  today: string,
): ShipmentsView {
  const parts = rest.split('/');
  const offset = base === 'shipments' ? 1 : 0;
  const rawFilter = base === 'shipments' ? (part(parts, 0) ?? 'all').toUpperCase() : 'ALL';
  const filter = (consignmentStates as readonly string[]).includes(rawFilter)
    ? (rawFilter as ConsignmentState)
    : 'all';
  const from = part(parts, offset);
  const to = part(parts, offset + 1);
  const fromDate = from && isoDate.test(from) ? from : today;
  const toDate = to && isoDate.test(to) && to >= fromDate ? to : fromDate;
  return {
    base,
    filter,
    fromDate,
    toDate,
    searchPhrase: part(parts, offset + 2) ?? '',
    customerAlystraId: base === 'shipments' ? (part(parts, offset + 3) ?? null) : null,
    shipmentId: base === 'shipments' ? (part(parts, offset + 4) ?? null) : null,
  };
}

/** The path of a view; empty optional parts in the middle are written as `-`. */
export function shipmentsPath(departmentId: string, view: ShipmentsView): string {
  const parts =
    view.base === 'shipments'
      ? [
          view.filter === 'all' ? 'all' : view.filter.toLowerCase(),
          view.fromDate,
          view.toDate,
          view.searchPhrase,
          view.customerAlystraId ?? '',
          view.shipmentId ?? '',
        ]
      : [view.fromDate, view.toDate, view.searchPhrase];
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  const encoded = parts.map((p) => (p === '' ? '-' : encodeURIComponent(p)));
  return `/planner/${departmentId}/${view.base}/${encoded.join('/')}`;
}

/** Spec §9: a search needs more than 2 characters. */
export const searchMinLength = 3;
export const isSearchable = (phrase: string): boolean => phrase.trim().length >= searchMinLength;

/** The days of a range, for the live connection's context (at most `max`, the newest kept). */
export function datesBetween(from: string, to: string, max = 62): string[] {
  const dates: string[] = [];
  for (let d = parseISO(to); iso(d) >= from && dates.length < max; d = addDays(d, -1))
    dates.unshift(iso(d));
  return dates;
}

/** What the grid's rows query asks for; also its react-query key (read by `rowBelongs`). */
export interface RowsParams {
  departmentIds: string[];
  fromDate: string;
  toDate: string;
  states: ConsignmentState[];
  /** Only these fields of each row (the map); every field without. A list of its own in the cache. */
  fields?: string[];
}
export const rowsKey = (params: RowsParams) => ['consignments', 'rows', params] as const;

/**
 * For the live connection: a consignment belongs in a shipments-grid list when its department,
 * date and state are those of the list's key; other lists are left to the default (refetch).
 */
export function rowBelongs(key: QueryKey, entity: string, row: unknown): boolean | undefined {
  if (entity !== 'consignments' || key[0] !== 'consignments' || key[1] !== 'rows') return undefined;
  const params = key[2] as RowsParams | undefined;
  if (!params || !Array.isArray(params.departmentIds)) return undefined;
  const r = row as Partial<ConsignmentRow> | null;
  if (!r || typeof r.date !== 'string') return undefined;
  return (
    params.departmentIds.includes(String(r.departmentId)) &&
    r.date >= params.fromDate &&
    r.date <= params.toDate &&
    (params.states.length === 0 || (r.state !== undefined && params.states.includes(r.state)))
  );
}

/** The query's page size (its schema's maximum) and the most rows the grid loads for a range. */
export const pageSize = 5000;
export const maxGridRows = 100_000;

/**
 * Loads every row of a range in pages (the query answers at most 5,000 at a time), up to
 * `maxGridRows`. A row committed between two pages can shift the offsets by one; rows are
 * de-duplicated by id, and a row that lands before the offset reaches the grid over the socket.
 */
export async function loadAllRows(
  fetchPage: (offset: number, limit: number) => Promise<ConsignmentRow[]>,
  onProgress: (loaded: number) => void = () => undefined,
): Promise<{ rows: ConsignmentRow[]; truncated: boolean }> {
  const seen = new Map<string, ConsignmentRow>();
  for (let offset = 0; ; offset += pageSize) {
    const page = await fetchPage(offset, pageSize);
    for (const row of page) seen.set(row.id, row);
    onProgress(seen.size);
    if (page.length < pageSize) return { rows: [...seen.values()], truncated: false };
    if (offset + pageSize >= maxGridRows)
      return { rows: [...seen.values()].slice(0, maxGridRows), truncated: true };
  }
}

/** The bulk actions of the shipments grid and the commands they send (spec §4 flows, §7). */
export const bulkActions = ['delete', 'collect', 'deliver', 'deviate', 'return', 'move'] as const;
export type BulkAction = (typeof bulkActions)[number];
export const bulkCommand: Record<BulkAction, CommandName> = {
  delete: 'DELETE_ORDERS',
  collect: 'MANUAL_COLLECT',
  deliver: 'MANUAL_DELIVER',
  deviate: 'MANUAL_DEVIATE',
  return: 'MANUAL_RETURN',
  move: 'MOVE_ORDERS',
};

/** The bulk actions this user may run (spec §6: the command's permission). */
export function allowedBulkActions(user: AuthUser): BulkAction[] {
  return bulkActions.filter((a) => mayRun(user, bulkCommand[a]));
}

/** What a confirm dialog adds to the ids: a deviation's reason, a comment, a move's target. */
export interface BulkInput {
  reason?: string;
  comment?: string;
  /** MOVE_ORDERS: the department the orders go to. */
  departmentId?: string;
  /** A move of all the orders or none (MOVE_ORDERS_NEW, docs/decisions/0089), in one command. */
  allOrNothing?: boolean;
}

/** The command a bulk action sends: an all-or-nothing move is MOVE_ORDERS_NEW (0089). */
export const bulkCommandFor = (action: BulkAction, input: BulkInput = {}): CommandName =>
  action === 'move' && input.allOrNothing ? 'MOVE_ORDERS_NEW' : bulkCommand[action];

/**
 * The payload of a bulk action: orders for deletion and for a move (to `departmentId`),
 * consignments for the overrides (0005).
 */
export function bulkPayload(
  action: BulkAction,
  ids: readonly string[],
  input: BulkInput = {},
): Record<string, unknown> {
  if (action === 'delete') return { orderIds: [...ids] };
  if (action === 'move') return { orderIds: [...ids], departmentId: input.departmentId ?? '' };
  const comment = input.comment?.trim() ? { comment: input.comment.trim() } : {};
  if (action === 'deviate')
    return { consignmentIds: [...ids], reason: input.reason?.trim() ?? '', ...comment };
  return { consignmentIds: [...ids], ...comment };
}

export interface BulkFailure {
  id: string;
  errorType?: string;
  description?: string;
}
export interface BulkOutcome {
  succeeded: string[];
  failed: BulkFailure[];
}

/** One command's answer as counts: `ids` succeeded, `failed` did not (spec §7 bulk replies). */
export function outcomeOfAnswer(answer: CommandAnswer): BulkOutcome {
  return {
    succeeded: answer.ids,
    failed: answer.failed.map((f) => ({
      id: f.id,
      errorType: f.errorType,
      description: f.description,
    })),
  };
}

/**
 * A refused bulk command (every id failed): the reply lists `{id}: {description}` per failure for
 * several ids; anything else counts against every id with the first error.
 */
export function outcomeOfError(
  ids: readonly string[],
  errors: readonly UiError[],
  /** What an id the errors do not name failed with (an all-or-nothing move's others, 0089). */
  unnamed?: Omit<BulkFailure, 'id'>,
): BulkOutcome {
  const byId = new Map<string, UiError>();
  for (const e of errors) {
    const m = /^(\d+): ([\s\S]*)$/.exec(e.description ?? '');
    if (m && ids.includes(m[1]!)) byId.set(m[1]!, { ...e, description: m[2] });
  }
  const first = errors[0] ?? {};
  return {
    succeeded: [],
    failed: ids.map((id) => {
      const e = byId.get(id) ?? (unnamed && byId.size > 0 ? unnamed : first);
      return { id, errorType: e.errorType, description: e.description };
    }),
  };
}

export const mergeOutcomes = (outcomes: readonly BulkOutcome[]): BulkOutcome => ({
  succeeded: outcomes.flatMap((o) => o.succeeded),
  failed: outcomes.flatMap((o) => o.failed),
});

/** A department a move can go to (a plain department of the user's access). */
export interface MoveTarget {
  id: string;
  name: string;
}

/**
 * The departments orders of this page can move to (spec §4 flow "move orders to another
 * department"): the plain departments of the user's access, groups left out (an order belongs to
 * one department), and not the page's own department. On a group's page every department of the
 * access is offered (the server leaves an order already there as it is).
 */
export function moveTargets(
  options: readonly { id: string; name: string; group: boolean }[],
  currentId: string,
): MoveTarget[] {
  return options
    .filter((o) => !o.group && o.id !== currentId)
    .map((o) => ({ id: o.id, name: o.name }));
}

/** Whether a confirm dialog has what its command needs (a deviation's reason, a move's target). */
export function bulkInputComplete(action: BulkAction, input: BulkInput): boolean {
  // A reason of the catalogue; OTHER with its text (the comment) (docs/decisions/0051).
  if (action === 'deviate')
    return (input.reason ?? '') !== '' && (input.reason !== 'OTHER' || !!input.comment?.trim());
  if (action === 'move') return (input.departmentId ?? '') !== '';
  return true;
}

/** Ids per command: a command takes at most 10,000 (contracts' idList); smaller chunks answer sooner. */
export function chunks<T>(items: readonly T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

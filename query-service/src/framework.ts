import {
  AppError,
  dayIn,
  readableRows,
  searchIdKind,
  type EntityName,
  type Identity,
  type MonitoringSnapshot,
  type QueryName,
  type ReportDashboards,
  type querySchemas,
} from '@nordlog/contracts';
import type { Geocoder, Knex } from '@nordlog/platform';
import type { z } from 'zod';

export interface QueryContext {
  knex: Knex;
  identity: Identity;
  clock: () => Date;
  /** Address lookup (docs/decisions/0015): the gazetteer by default. */
  geocoder?: Geocoder;
  /** A webhook's secret from its id and version (docs/decisions/0070). */
  webhookSecret?: (id: string, version: number) => string;
  /** The report pages' sources (docs/decisions/0084): the metrics reader, the dashboards. */
  reports?: ReportSources;
}

/** What the report pages read besides the read models (docs/decisions/0084-report-pages.md). */
export interface ReportSources {
  /** The running processes' metrics; without it `monitoringSnapshot` is unavailable. */
  metrics?: { snapshot(now: Date): Promise<MonitoringSnapshot> };
  /** The external dashboards configured, null each when none. */
  dashboards: ReportDashboards;
}

export type QueryHandler<N extends QueryName> = (
  params: z.infer<(typeof querySchemas)[N]>,
  ctx: QueryContext,
) => Promise<unknown>;
export type QueryTable = { [N in QueryName]: QueryHandler<N> };

/** The departments a caller may read among those asked for (all allowed ones when none asked). */
export function allowedDepartments(
  identity: Identity,
  asked: string[] | undefined,
): string[] | '*' {
  if (identity.departmentIds === '*') return asked && asked.length > 0 ? asked : '*';
  const allowed = identity.departmentIds;
  return asked && asked.length > 0 ? asked.filter((d) => allowed.includes(d)) : allowed;
}

/**
 * The departments asked for (at least one) that the caller may read; none of them is NO_ACCESS
 * (the reports' rule: departments outside the reader's access are left out).
 */
export function readableDepartments(identity: Identity, asked: string[]): string[] {
  const allowed = allowedDepartments(identity, asked);
  if (allowed === '*') return asked;
  if (allowed.length === 0)
    throw new AppError('NO_ACCESS', 'The departments are outside your access');
  return allowed;
}

/** A department-scoped query of a department outside the caller's access is refused. */
export function assertDepartment(identity: Identity, departmentId: string): void {
  if (identity.departmentIds !== '*' && !identity.departmentIds.includes(String(departmentId)))
    throw new AppError('NO_ACCESS', `Department ${departmentId} is outside your access`);
}

/** Today's date (yyyy-MM-dd) in a time zone. */
export const todayIn = (timeZone: string, now: Date): string => dayIn(timeZone, now.toISOString());

/** Search words: lower-cased, with LIKE's wildcard characters escaped. */
/**
 * A search word (from `searchWords`) found in a column of words: anywhere in it (part of a name,
 * of a number), but an SSCC or a GSIN only as a whole word. With the extension digit 0 the SSCC
 * of serial n is 0 followed by the GSIN of serial n (the same check digit), so a shipment number
 * would otherwise also find the shipment holding that package. The LIKE keeps the column's
 * trigram index in use; the pattern only checks the rows it finds. Every search of a words
 * column goes through here (integrity test: no other LIKE in the query service).
 */
export function whereWord(q: Knex.QueryBuilder, column: string | Knex.Raw, word: string): void {
  const kind = searchIdKind(word);
  if (kind !== 'SSCC' && kind !== 'GSIN') {
    where(q, column, 'like', `%${word}%`);
    return;
  }
  const digits = word.replace(/^\(00\)/, '');
  where(q, column, 'like', `%${digits}%`);
  where(q, column, '~', `(^| )${digits}( |$)`);
}

/** `q.where(column, op, value)` for a column named or an SQL expression. */
function where(q: Knex.QueryBuilder, column: string | Knex.Raw, op: string, value: string): void {
  if (typeof column === 'string') q.where(column, op, value);
  else q.where(column, op, value);
}

export const searchWords = (phrase: string): string[] =>
  phrase
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.replace(/[\\%_]/g, (c) => `\\${c}`));

/**
 * An answer of rows the database already wrote as JSON text (a jsonb column sent `::text`), each
 * with the fields its reader's access is judged on (`keys`, the row's own values). The service
 * drops the rows the reader may not read by `keys`, as it does for parsed rows, and sends the
 * rest as they are: no parsing and writing again of megabytes the service only passes on (a
 * page of the map's day, 5,000 rows: ~55 ms of the service's CPU; docs/decisions/0027-maps.md).
 */
export class SerializedRows {
  constructor(readonly rows: readonly { keys: Record<string, unknown>; json: string }[]) {}
}

/** JSON text to send as it is (`SerializedRows` after the access check). */
export class JsonText {
  constructor(readonly text: string) {}
}

/** The rows of `answer` this reader may read (the same rule as for parsed rows), as one array. */
export function readableJson(
  identity: Identity,
  entity: EntityName,
  answer: SerializedRows,
): JsonText {
  const readable = new Set(
    readableRows(
      identity,
      entity,
      answer.rows.map((r) => r.keys),
    ),
  );
  const kept = answer.rows.filter((r) => readable.has(r.keys));
  return new JsonText(`[${kept.map((r) => r.json).join(',')}]`);
}

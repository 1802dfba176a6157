import {
  customerScope,
  searchIds,
  CONSIGNMENT_GRID_TABLE,
  DEPARTMENTS_TABLE,
  consignmentRowKeyFields,
  countryTimeZones,
  MAP_ROW_FIELDS,
  type ConsignmentRow,
  type ConsignmentRowField,
  type Identity,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import {
  SerializedRows,
  allowedDepartments,
  searchWords,
  todayIn,
  whereWord,
  type QueryContext,
  type QueryHandler,
} from '../framework.js';

type Builder = Knex.QueryBuilder;

/** The caller's departments (asked ones among them) and customers. */
export function scoped(
  q: Builder,
  identity: Identity,
  departmentIds: string[] | undefined,
  customerIds: string[] | undefined,
) {
  const allowed = allowedDepartments(identity, departmentIds);
  if (allowed !== '*') q.whereIn('department_id', allowed);
  const own = customerScope(identity);
  if (own) {
    const asked =
      customerIds && customerIds.length > 0 ? own.filter((c) => customerIds.includes(c)) : own;
    q.whereIn('customer_id', asked);
  } else if (customerIds && customerIds.length > 0) q.whereIn('customer_id', customerIds);
  return q;
}

/** The default date is today in the time zone of the (first) department's country (spec §9). */
export async function defaultDate(
  ctx: QueryContext,
  departmentIds: string[] | undefined,
): Promise<string> {
  let zone = 'Europe/Oslo';
  if (departmentIds?.[0]) {
    const row = await ctx
      .knex(DEPARTMENTS_TABLE)
      .where('id', departmentIds[0])
      .first<{ country: string } | undefined>('country');
    zone = (row && countryTimeZones[row.country]) ?? zone;
  }
  return todayIn(zone, ctx.clock());
}

/** Query `consignments`: the grid rows of departments over a date range (default today). */
export const consignments: QueryHandler<'consignments'> = async (params, ctx) => {
  // A selection within the map's fields is read from `map_data`, a third of a row: PostgreSQL
  // sends and the service parses that much less (a day of 20,000 rows: ~30 ms a page of 5,000
  // against ~90 ms; docs/decisions/0027-maps.md).
  const slim = params.fields?.every((f) => MAP_ROW_FIELDS.includes(f)) ?? false;
  // The page is chosen on the narrow keys alone (`page`), and only its rows' documents are read:
  // ordering the documents themselves made PostgreSQL sort every row of the range, documents and
  // all, for each page (a day of 20,000: an external merge of 13 MB on disk, 75–95 ms a page,
  // against 35–61 ms this way; docs/decisions/0027-maps.md).
  const keys = scoped(
    ctx.knex(CONSIGNMENT_GRID_TABLE).select('id', 'date'),
    ctx.identity,
    params.departmentIds,
    params.customerIds,
  );
  if (params.ids && params.ids.length > 0) keys.whereIn('id', params.ids);
  else if (params.slotId) keys.where('slot_id', params.slotId);
  else {
    const from = params.fromDate ?? (await defaultDate(ctx, params.departmentIds));
    keys.whereBetween('date', [from, params.toDate ?? from]);
  }
  if (params.states && params.states.length > 0) keys.whereIn('state', params.states);
  keys
    .orderBy([{ column: 'date' }, { column: 'id' }])
    .limit(params.limit)
    .offset(params.offset);
  const q = ctx.knex
    .with('page', keys)
    .from('page')
    .join(`${CONSIGNMENT_GRID_TABLE} as g`, 'g.id', 'page.id')
    .orderBy([{ column: 'page.date' }, { column: 'page.id' }]);
  // The whole map row needs no picking: it is the selection, and goes out as PostgreSQL wrote it,
  // with the fields every row carries (access is judged on them) read from the same document.
  const all =
    slim && new Set([...consignmentRowKeyFields, ...params.fields!]).size === MAP_ROW_FIELDS.length;
  if (all) {
    const rows = await q.select<({ json: string } & Record<string, unknown>)[]>(
      ctx.knex.raw('g.map_data::text as json'),
      ...consignmentRowKeyFields.map((f) => ctx.knex.raw('g.map_data->>? as ??', [f, f])),
    );
    return new SerializedRows(rows.map(({ json, ...keys }) => ({ keys, json })));
  }
  const rows = (
    await q.select<{ data: ConsignmentRow }[]>(slim ? 'g.map_data as data' : 'g.data')
  ).map((r) => r.data);
  return pickFields(rows, params.fields);
};

/**
 * Only the fields asked for of each row, with those every row carries (`consignmentRowKeyFields`).
 * Picked here, not in SQL: PostgreSQL sends a stored jsonb as it is, while building an object of
 * the fields costs it more than the bytes saved (`npm run bench:map` measured 926 ms against
 * 663 ms for 20,000 rows); the smaller answer is what the browser saves on.
 */
function pickFields(
  rows: ConsignmentRow[],
  fields: readonly ConsignmentRowField[] | undefined,
): Partial<ConsignmentRow>[] {
  if (!fields) return rows;
  const names = [...new Set([...consignmentRowKeyFields, ...fields])];
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const name of names) out[name] = (row as unknown as Record<string, unknown>)[name] ?? null;
    return out;
  });
}

/**
 * A search over at most this many days reads the departments' rows of those days first (the
 * `department_id, date` index) and matches the words on them; a longer or open range lets the
 * planner use the trigram index of `search_text`. The planner alone picks the trigram index
 * for common words even on a short range, which `npm run bench:grid` measured at several times
 * slower (docs/decisions/0016-shipments-grid.md).
 */
export const SEARCH_SCAN_MAX_DAYS = 93;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** Query `searchConsignments`: words of the phrase combined with OR (default) or AND. */
export const searchConsignments: QueryHandler<'searchConsignments'> = async (params, ctx) => {
  const customers = params.customerId
    ? [params.customerId, ...(params.customerIds ?? [])]
    : params.customerIds;
  const rows = scoped(
    ctx.knex(CONSIGNMENT_GRID_TABLE).select('id', 'date', 'search_text'),
    ctx.identity,
    params.departmentIds,
    customers,
  );
  const states = [...(params.states ?? []), ...(params.state ? [params.state] : [])];
  if (states.length > 0) rows.whereIn('state', states);
  if (params.dates && params.dates.length > 0) rows.whereIn('date', params.dates);
  if (params.fromDate) rows.where('date', '>=', params.fromDate);
  if (params.toDate) rows.where('date', '<=', params.toDate);
  const narrow =
    (params.dates !== undefined && params.dates.length > 0) ||
    (params.fromDate !== undefined &&
      params.toDate !== undefined &&
      dayNumber(params.toDate) - dayNumber(params.fromDate) < SEARCH_SCAN_MAX_DAYS);
  const words = searchWords(params.searchPhrase);
  const matching = (q: Builder) =>
    q
      .where((w) => {
        for (const word of words) {
          if (params.searchOperator === 'AND')
            w.andWhere((one) => whereWord(one, 'search_text', word));
          else w.orWhere((one) => whereWord(one, 'search_text', word));
        }
      })
      .orderBy([
        { column: 'date', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(params.limit);
  // Short range: the days' rows (without their JSON) first, then the JSON of the matches only.
  const q = narrow
    ? ctx.knex
        .from(
          matching(
            ctx.knex.withMaterialized('scoped', rows).from('scoped').select('id', 'date'),
          ).as('m'),
        )
        .join(`${CONSIGNMENT_GRID_TABLE} as t`, 't.id', 'm.id')
        .select('t.data')
        .orderBy([
          { column: 'm.date', order: 'desc' },
          { column: 'm.id', order: 'desc' },
        ])
    : matching(rows.clearSelect().select('data'));
  const found = ((await q) as { data: ConsignmentRow }[]).map((r) => r.data);
  const ids = searchIds(params.searchPhrase);
  if (!ids) return found;
  // An id-looking phrase (every word an SSCC, a GSIN or an order number) names shipments whatever
  // their date: those are found on every date too, beside the range's matches (decision 0040).
  const byId = scoped(
    ctx.knex(CONSIGNMENT_GRID_TABLE).select('data'),
    ctx.identity,
    params.departmentIds,
    customers,
  );
  if (states.length > 0) byId.whereIn('state', states);
  byId
    .where((w) => {
      for (const { kind, value } of ids) {
        if (kind === 'ORDER') w.orWhere('id', value);
        // The trigram index finds the few rows with the number; the JSON says which field it is.
        else
          w.orWhere((one) => {
            whereWord(one, 'search_text', value);
            one.andWhereRaw(
              kind === 'SSCC' ? `data->'packageIds' \\? ?` : `data->>'shipmentId' = ?`,
              [value],
            );
          });
      }
    })
    .limit(params.limit);
  const seen = new Set(found.map((r) => r.id));
  const more = ((await byId) as { data: ConsignmentRow }[])
    .map((r) => r.data)
    .filter((r) => !seen.has(r.id));
  if (more.length === 0) return found;
  return [...found, ...more]
    .sort((a, b) =>
      a.date !== b.date ? (a.date < b.date ? 1 : -1) : BigInt(b.id) > BigInt(a.id) ? 1 : -1,
    )
    .slice(0, params.limit);
};

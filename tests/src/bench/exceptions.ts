import { ORDER_DEVIATIONS_TABLE, ORDERS_TABLE, identityOfUser } from '@nordlog/contracts';
import type { System } from '@nordlog/deploy';
import type { Knex } from '@nordlog/platform';
import { queries } from '@nordlog/query-service';
import { numberArg as arg } from './args.js';
import { onLocalSystem, runBench } from './localSystem.js';
import { signIn, type SessionHeaders } from './signIn.js';
import { fmt, percentile, sample } from './stats.js';

/**
 * `npm run bench:exceptions [-- --orders N --samples S --keep]`
 *
 * Issue 39's screens on the local PostgreSQL server, in a database of its own that the bench makes
 * and drops. Each part is one entry of `parts` below, run on the same system one after the other;
 * a part loads its own data and prints its own lines (target, and ratios to a baseline measured in
 * the same run: these machines are shared and noisy, the ratios are what count).
 *
 * - `advanced search`: N (default 1,000,000) orders written straight into the orders read model
 *   (one INSERT … SELECT over generate_series, its indexes dropped before and made again after, as
 *   a rebuild writes them), then S (default 300) `searchOrders` requests one at a time over HTTP as
 *   an ADMIN (the query service's whole path: session, access, the query, the rows' scope check),
 *   as the advanced search screen sends them (every text, across every department): a name and a
 *   street with AND, a word of the notes with a state and a month, a customer reference. Target:
 *   p95 < 100 ms. Baseline: a bare primary-key SELECT of the same rows (the ids the search
 *   answered) on the same connection pool, p95; printed as the ratio.
 *
 * Another part (deviations) is added the same way: a function of `BenchContext` that prints its
 * lines and returns whether its targets were met.
 */

const ORDERS = arg('--orders', 1_000_000);
const SAMPLES = arg('--samples', 300);
const KEEP = process.argv.includes('--keep');

/** What every part gets: the running system, its database and an ADMIN's session. */
export interface BenchContext {
  system: System;
  knex: Knex;
  admin: SessionHeaders;
}
/** A part of the bench: prints its lines; false when a target was missed. */
export type BenchPart = (ctx: BenchContext) => Promise<boolean>;

/** `POST /api/query/{name}` as the session; the answer's rows. */
export async function query<T>(
  ctx: BenchContext,
  name: string,
  params: Record<string, unknown>,
): Promise<T> {
  const res = await fetch(`${ctx.system.url}/api/query/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...ctx.admin },
    body: JSON.stringify({ query: name, params }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${name}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** One line: p50, p95, the target and the ratio of the p95s to the baseline's. */
export function report(label: string, xs: number[], baseline: number[], target?: number): boolean {
  const p95 = percentile(xs, 95);
  const met = target === undefined || p95 < target;
  console.log(
    `  ${label.padEnd(46)} p50 ${fmt(percentile(xs, 50), 2).padStart(7)}  p95 ${fmt(p95, 2).padStart(7)} ms` +
      `  ratio to baseline p95 ${fmt(p95 / percentile(baseline, 95), 1).padStart(5)}` +
      (target === undefined ? '' : `  target p95 < ${target} ms: ${met ? 'met' : 'MISSED'}`),
  );
  return met;
}

/** Writes rows with the table's indexes (but its key) dropped, and makes them again after. */
export async function bulkLoad(knex: Knex, table: string, load: () => Promise<void>) {
  const { rows: indexes } = await knex.raw<{ rows: { name: string; def: string }[] }>(
    `select indexname as name, indexdef as def from pg_indexes
      where tablename = ? and indexname <> ?`,
    [table, `${table}_pkey`],
  );
  for (const i of indexes) await knex.raw(`drop index ${i.name}`);
  await load();
  // The index builds of one session: more memory than a default session's.
  await knex.transaction(async (trx) => {
    await trx.raw(`set local maintenance_work_mem = '512MB'`);
    for (const i of indexes) await trx.raw(i.def);
  });
  await knex.raw(`analyze ${table}`);
}

/** Pseudo-words of two syllables and a tail: many distinct, each in a share of the rows. */
const syllables = ['ber', 'dal', 'fjel', 'gran', 'hol', 'kar', 'lind', 'mo', 'nor', 'ost'];
const middles = ['a', 'e', 'i', 'o', 'u', 'y', 'aa', 'ei', 'au', 'oy'];
const words = (tail: string) =>
  syllables.flatMap((a) => middles.flatMap((m) => syllables.map((b) => `${a}${m}${b}${tail}`)));
/** 1,000 surnames, 1,000 streets, 1,000 note words, 50 first names. */
const SURNAMES = words('sen');
const STREETS = words('veien');
const NOTES = words('ing');
const FIRST = ['kari', 'ola', 'ingrid', 'per', 'anne', 'lars', 'nina', 'jon', 'siri', 'erik'];
const STATES = ['RESOLVED', 'ASSIGNED', 'COLLECTED', 'DELIVERED', 'DELETED', 'UNRESOLVED'];
const FIRST_DAY = '2026-01-01';
const DAYS = 365;

/** N orders straight into the read model, as a rebuild writes them (texts as the projection's). */
async function loadOrders(knex: Knex, n: number): Promise<void> {
  const pick = (list: readonly string[], prime: number) =>
    `(?::text[])[1 + ((i * ${prime}) % ${list.length})]`;
  await knex.raw(
    `insert into ${ORDERS_TABLE} (id, revision, department_id, customer_id, date, state,
       shipment_id, updated_at_epoch, search_text, advanced_text, data, invoicing_date)
     select i, 1, dep, cust, day, state, sid, 1767225600000 + i,
       lower(concat_ws(' ', i, sid, ref, name, street, '0150 oslo', 'nordlys lager', 'industriveien 1')),
       lower(concat_ws(' ', i, sid, ref, name, street, '0150 oslo', 'nordlys lager', 'industriveien 1',
         note, '+4790' || lpad((i % 1000000)::text, 6, '0'))),
       jsonb_build_object('id', i::text, 'orderId', i::text, 'parentId', null, 'shipmentId', sid,
         'departmentId', dep::text, 'customerId', cust::text, 'state', state, 'slotId', null,
         'rejectionReason', null, 'otherReason', null, 'createdAt', '2026-01-01T00:00:00.000Z',
         'updatedAtEpoch', 1767225600000 + i, 'revision', 1, 'isEditable', true, 'isDeletable', true,
         'order', jsonb_build_object('orderId', i::text, 'shipmentId', sid, 'departmentId', dep::text,
           'customerId', cust::text, 'customerRef', ref, 'pickupDate', day, 'orderNote', note,
           'pickup', jsonb_build_object('name', 'Nordlys Lager', 'address', 'Industriveien 1',
             'zipCode', '0150', 'zipArea', 'Oslo', 'countryCode', 'NO'),
           'delivery', jsonb_build_object('name', name, 'address', street, 'zipCode', '0150',
             'zipArea', 'Oslo', 'countryCode', 'NO'),
           'measurements', '[]'::jsonb)),
       day
     from (select i, 1 + i % 20 as dep, 1 + (i * 7) % 500 as cust,
             (date '${FIRST_DAY}' + (i % ${DAYS}))::date as day,
             ${pick(STATES, 1)} as state,
             (70000000000000000 + i)::text as sid, 'REF-' || i as ref,
             ${pick(FIRST, 3)} || ' ' || ${pick(SURNAMES, 31)} as name,
             ${pick(STREETS, 17)} || ' ' || (1 + i % 120) as street,
             'ring ' || ${pick(NOTES, 13)} as note
           from generate_series(1, ?::int) as i) g`,
    [STATES, FIRST, SURNAMES, STREETS, NOTES, n],
  );
}

/** The words an order `i` was written with (as `loadOrders` wrote them). */
const orderWords = (i: number) => ({
  surname: SURNAMES[(i * 31) % SURNAMES.length]!,
  street: STREETS[(i * 17) % STREETS.length]!,
  note: NOTES[(i * 13) % NOTES.length]!,
  day: new Date(Date.parse(`${FIRST_DAY}T00:00:00Z`) + (i % DAYS) * 86_400_000)
    .toISOString()
    .slice(0, 10),
});

const monthOf = (day: string) => ({
  fromDate: `${day.slice(0, 7)}-01`,
  toDate: `${day.slice(0, 7)}-28`,
});

/** The advanced search screen's searchOrders over N orders (issue 39 §5). */
const advancedSearch: BenchPart = async (ctx) => {
  const started = performance.now();
  await bulkLoad(ctx.knex, ORDERS_TABLE, () => loadOrders(ctx.knex, ORDERS));
  console.log(
    `\nadvanced search: ${ORDERS.toLocaleString('en')} orders loaded and indexed in ${fmt(
      (performance.now() - started) / 1000,
      1,
    )} s`,
  );
  let seed = 12345;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % ORDERS;
  const kinds = [
    (i: number) => {
      const w = orderWords(i);
      return { searchPhrase: `${w.surname} ${w.street}` };
    },
    (i: number) => {
      const w = orderWords(i);
      return { searchPhrase: w.note, states: ['DELIVERED', 'DELETED'], ...monthOf(w.day) };
    },
    (i: number) => ({ searchPhrase: `REF-${i}`, searchOperator: 'OR' }),
  ];
  const probes = Array.from({ length: SAMPLES }, (_, s) => ({
    ...kinds[s % kinds.length]!(1 + random()),
    advancedSearch: true,
  }));
  const answered: string[][] = [];
  let rows = 0;
  const search = await sample(SAMPLES, async (s) => {
    const found = await query<{ id: string }[]>(ctx, 'searchOrders', probes[s % SAMPLES]!);
    if (s < SAMPLES) {
      answered[s] = found.map((r) => r.id);
      rows += found.length;
    }
  });
  if (rows === 0) throw new Error('the searches found nothing: the data or the query is wrong');
  const bare = await sample(SAMPLES, (s) =>
    ctx.knex.raw(`select data from ${ORDERS_TABLE} where id = any(?::bigint[])`, [
      answered[s % SAMPLES] ?? [],
    ]),
  );
  console.log(
    `  ${SAMPLES} requests, one at a time, ${fmt(rows / SAMPLES, 1)} rows on average (ms):`,
  );
  report('baseline: bare SELECT of the same rows by id', bare, bare);
  return report('searchOrders, advanced, over HTTP as ADMIN', search, bare, 100);
};

/** Deviations of department 1's orders (every 20th order is department 1's, as loadOrders writes). */
const DEVIATED = arg('--deviated', 2_000);

/**
 * `orderDeviations` (issue 39 §1; docs/decisions/0051): DEVIATED deviations on department 1's
 * orders of the advanced search's data, straight into the read model; the handler as the query
 * service runs it for a planner of the department, by customer and month and by order, against a
 * bare indexed SELECT of the same rows (target ≤ 3 × its p95).
 */
const deviations: BenchPart = async (ctx) => {
  const started = performance.now();
  await ctx.knex.raw(
    `insert into ${ORDER_DEVIATIONS_TABLE}
       (id, revision, order_id, department_id, customer_id, date, deleted, data)
     select k, 0, o.id, o.department_id::text, o.customer_id::text, o.date::text, false,
       jsonb_build_object('id', k::text, 'orderId', o.id::text,
         'departmentId', o.department_id::text, 'customerId', o.customer_id::text,
         'date', o.date::text, 'reason', 'NOT_HOME', 'text', 'not at home', 'position', null,
         'photoRef', null, 'reportedBy', '1', 'reportedAt', '2026-01-01T12:00:00.000Z',
         'updatedBy', null, 'updatedAt', null, 'revision', 0, 'scopeRevision', 0)
     from generate_series(1, ?::int) as k join ${ORDERS_TABLE} o on o.id = k * 20`,
    [DEVIATED],
  );
  await ctx.knex.raw(`analyze ${ORDER_DEVIATIONS_TABLE}`);
  const { rows: customers } = await ctx.knex.raw<{ rows: { customer: string; date: string }[] }>(
    `select customer_id as customer, min(date) as date from ${ORDER_DEVIATIONS_TABLE}
      group by customer_id order by customer_id`,
  );
  console.log(
    `
order deviations: ${fmt(DEVIATED)} of department 1's ${fmt(ORDERS / 20)} orders, ` +
      `${customers.length} customers (${fmt((performance.now() - started) / 1000, 1)} s)`,
  );
  const identity = identityOfUser({
    id: '1',
    role: 'PLANNER',
    access: ['PLANNER_SHIPMENTS'],
    departmentIds: ['1'],
    customerId: null,
  });
  const service = { knex: ctx.knex, identity, clock: () => new Date() };
  type Probe = { orderId?: string; customerId?: string; fromDate?: string; toDate?: string };
  const probes = Array.from({ length: SAMPLES }, (_, s): Probe =>
    s % 2 === 0
      ? { orderId: String(20 * (1 + ((s * 37) % DEVIATED))) }
      : {
          customerId: customers[s % customers.length]!.customer,
          ...monthOf(customers[s % customers.length]!.date),
        },
  );
  let rows = 0;
  const handler = await sample(SAMPLES, async (s) => {
    const found = (await queries.orderDeviations(probes[s % SAMPLES]!, service)) as unknown[];
    rows += found.length;
  });
  if (rows === 0) throw new Error('orderDeviations found nothing: the data or the query is wrong');
  const bare = await sample(SAMPLES, (s) => {
    const p = probes[s % SAMPLES]!;
    return p.orderId !== undefined
      ? ctx.knex.raw(
          `select data from ${ORDER_DEVIATIONS_TABLE} where order_id = ? and not deleted`,
          [p.orderId],
        )
      : ctx.knex.raw(
          `select data from ${ORDER_DEVIATIONS_TABLE}
            where customer_id = ? and date between ? and ? and not deleted`,
          [p.customerId!, p.fromDate!, p.toDate!],
        );
  });
  console.log(`  ${SAMPLES} calls, one at a time, ${fmt(rows / SAMPLES, 1)} rows on average (ms):`);
  report('baseline: bare indexed SELECT of the same rows', bare, bare);
  const ratio = percentile(handler, 95) / percentile(bare, 95);
  report("orderDeviations, the query service's handler", handler, bare);
  console.log(`  ratio ${fmt(ratio, 2)} × (target ≤ 3 ×): ${ratio <= 3 ? 'met' : 'MISSED'}`);
  return ratio <= 3;
};

/** The parts, in order; each may load data of its own into the same database. */
export const parts: { name: string; run: BenchPart }[] = [
  { name: 'advanced search', run: advancedSearch },
  { name: 'order deviations', run: deviations },
];

runBench(async () => {
  let met = true;
  await onLocalSystem(
    'exceptions',
    async (system) => {
      const admin = await signIn(system, '+4799000039', { role: 'ADMIN' });
      const ctx: BenchContext = { system, knex: system.db.knex, admin };
      for (const part of parts) met = (await part.run(ctx)) && met;
    },
    { keep: KEEP },
  );
  console.log(met ? '\nevery target met' : '\nsome target MISSED');
});

import {
  BlockNumberAllocator,
  EventStoreNumberAllocator,
  ReferenceStreams,
  handlers,
} from '@nordlog/command-service';
import {
  DEPARTMENTS_TABLE,
  ORDERS_TABLE,
  SYSTEM_IDENTITY,
  commandSchemas,
  invoiceTotals,
  normaliseOrgNumber,
  reservationStream,
  uniqueValue,
  type Department,
  type EventMetadata,
  type Invoice,
  type InvoicingRunRow,
  type NewEvent,
} from '@nordlog/contracts';
import type { System } from '@nordlog/deploy';
import {
  PostgresIdAllocator,
  silentLogger,
  type ExpectedRevision,
  type Knex,
  type StreamAppend,
} from '@nordlog/platform';
import { randomUUID } from 'node:crypto';
import { benchPriceList, createBenchArticles } from './benchPrices.js';
import { bookingDate } from '../support/booking.js';
import type { SessionHeaders } from './signIn.js';
import { percentile, runConcurrent } from './stats.js';

/** The i-th valid Norwegian organisation number from 910 000 00x up (mod-11 check digit). */
function norwegianOrgNumber(i: number): string {
  let found = -1;
  for (let base = 91_000_000; ; base++)
    for (let check = 0; check <= 9; check++) {
      const n = `${base}${check}`;
      if (normaliseOrgNumber('NO', n) !== null && ++found === i) return n;
    }
}

/**
 * The data of `bench:invoicing` (tests/src/bench/invoicing.ts): one Norwegian department with a
 * priced catalogue, its customers, and delivered orders made either through the command API over
 * HTTP (CREATE_ORDER, UPDATE_CONSIGNMENT_SLOT, MANUAL_DELIVER one by one), or by running the
 * product's own command handlers and deciders in this process and appending what they decide with
 * the event-store port, many orders to an append.
 */

export interface InvoicingWorld {
  department: string;
  customers: string[];
  /** The business dates of the month, one per day. */
  dates: string[];
}

/** A small client of the gateway's command and query API as one signed-in user. */
export function apiClient(url: string, headers: SessionHeaders) {
  const send = async (path: string, body: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  };
  const ok = async (path: string, body: unknown) => {
    const res = await send(path, body);
    if (res.status !== 200)
      throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body;
  };
  return {
    command: (type: string, payload: unknown) =>
      ok(`/api/command/${type}`, { type, payload }) as Promise<{ ids: string[] }>,
    query: <T>(name: string, params: unknown) =>
      ok(`/api/query/${name}`, { query: name, params }) as Promise<T>,
    /** The shape the test support's pollers take (`waitForInvoicingRun`). */
    raw: {
      query: async (name: string, params: unknown) => ({
        ...(await send(`/api/query/${name}`, { query: name, params })),
        headers: new Headers(),
      }),
    },
  };
}
export type ApiClient = ReturnType<typeof apiClient>;

const run = async (system: System, name: string, payload: unknown) => {
  const res = await system.run(name, payload);
  if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
  return (res.body as { ids: string[] }).ids;
};

/** Postal codes of the two zones of the price list (Oslo city, and the region around it). */
const CITY_ZIPS = ['0150', '0155', '0250', '0355', '0456', '0560', '0661', '0768', '0870', '1150'];
const REGION_ZIPS = ['1337', '1413', '1515', '2000', '2317', '3015', '3510', '3611'];
const ZIPS = [...CITY_ZIPS, ...REGION_ZIPS];

/**
 * One department (Norway, NOK) with `customers` customers, a number series of its own, an article
 * catalogue (freight in weight brackets per zone, kilograms above 35 kg, packages) and the
 * department's price list, valid from today: every order of the bench has a complete price.
 */
export async function setUpPricedDepartment(
  system: System,
  options: { customers: number; days: number },
): Promise<InvoicingWorld> {
  const [department] = await run(system, 'CREATE_DEPARTMENT', {
    name: 'Bench invoicing',
    departmentType: 'courier',
    country: 'NO',
    location: { lat: 59.91, lng: 10.75 },
  });
  const customers: string[] = [];
  await runConcurrent(options.customers, 4, async (i) => {
    const [id] = await run(system, 'CREATE_CUSTOMER', {
      name: `Bench kunde ${i + 1} AS`,
      departmentId: department,
      orgNumber: norwegianOrgNumber(i),
    });
    customers[i] = id!;
  });
  // The department's own series (another company prefix than the default series that
  // `bench:audit`'s order draws from in the same database).
  for (const type of ['GSIN', 'SSCC'])
    await run(system, 'CREATE_NUMBER_SERIES', {
      name: `Bench ${type}`,
      type,
      companyPrefix: '7090002',
      firstSerial: 1,
      lastSerial: 9_999_999,
      departmentId: department,
    });
  await createBenchArticles((name, payload) => run(system, name, payload));
  await run(system, 'CREATE_PRICE_LIST', {
    ...benchPriceList(bookingDate(0)),
    name: 'Bench invoicing standard',
    departmentId: department,
  });
  const dates = Array.from({ length: options.days }, (_, d) => bookingDate(1 + d));
  return { department: department!, customers, dates };
}

/**
 * Order `i` of the bench: every customer books on every day of the month (i = q · days + d: day
 * d, customer q mod customers), 1–60 kg in 1–3 packages, delivered in either zone.
 */
export function orderPayload(world: InvoicingWorld, i: number) {
  const days = world.dates.length;
  const day = i % days;
  return {
    day,
    payload: {
      departmentId: world.department,
      customerId: world.customers[Math.floor(i / days) % world.customers.length]!,
      pickupDate: world.dates[day]!,
      pickup: {
        name: 'Bench terminal',
        address: 'Terminalveien 1',
        zipCode: '0580',
        zipArea: 'Oslo',
        countryCode: 'NO',
        lat: 59.93,
        lng: 10.81,
      },
      delivery: {
        name: `Mottaker ${i}`,
        address: `Gate ${(i % 97) + 1}`,
        zipCode: ZIPS[(i * 31) % ZIPS.length]!,
        zipArea: 'Oslo',
        countryCode: 'NO',
        lat: 59.85 + ((i * 7919) % 1000) / 5000,
        lng: 10.6 + ((i * 104729) % 1000) / 2500,
      },
      reference: `REF-${i}`,
      measurements: [{ weight: 1 + ((i * 7919) % 60), quantity: 1 + (i % 3) }],
    },
  };
}

/** A progress line on a terminal (rewritten in place); nothing when the output is a file. */
function progress(label: string, done: number, total: number, last = false) {
  if (!process.stdout.isTTY) return;
  process.stdout.write(`\r  ${label}: ${done} / ${total} orders${last ? '\r\x1b[K' : ''}`);
}

/** Orders a slot takes at most in this bench (a slot's route is kept whole in each event). */
export const SLOT_SIZE = 25;

export interface HttpBooking {
  orders: string[];
  ms: number;
  /** Latencies (ms) of each command, by command. */
  latencies: Record<'CREATE_ORDER' | 'UPDATE_CONSIGNMENT_SLOT' | 'MANUAL_DELIVER', number[]>;
  /** Slots made on the way (CREATE_SLOT, one per SLOT_SIZE orders of a worker and day). */
  slots: number;
}

/**
 * Orders [from, to) booked, planned onto a slot and delivered through the command API over HTTP,
 * one order and one command at a time per worker (`concurrency` workers, each with slots of its
 * own so that they do not race for a slot's stream).
 */
export async function bookOverHttp(
  api: ApiClient,
  world: InvoicingWorld,
  from: number,
  to: number,
  concurrency: number,
): Promise<HttpBooking> {
  const latencies: HttpBooking['latencies'] = {
    CREATE_ORDER: [],
    UPDATE_CONSIGNMENT_SLOT: [],
    MANUAL_DELIVER: [],
  };
  const orders: string[] = [];
  const slots = new Map<string, { id: string; used: number }>();
  let slotCount = 0;
  const timed = async (name: keyof HttpBooking['latencies'], payload: unknown) => {
    const t = performance.now();
    const answer = await api.command(name, payload);
    latencies[name].push(performance.now() - t);
    return answer;
  };
  let next = from;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (;;) {
        const i = next++;
        if (i >= to) return;
        const { day, payload } = orderPayload(world, i);
        const [id] = (await timed('CREATE_ORDER', payload)).ids;
        const key = `${worker}:${day}`;
        let slot = slots.get(key);
        if (!slot || slot.used >= SLOT_SIZE) {
          const [slotId] = (
            await api.command('CREATE_SLOT', {
              departmentId: world.department,
              name: `Bench ${world.dates[day]} ${++slotCount}`,
              timeFrom: `${world.dates[day]}T06:00:00.000Z`,
            })
          ).ids;
          slot = { id: slotId!, used: 0 };
          slots.set(key, slot);
        }
        slot.used++;
        await timed('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [id], slotId: slot.id });
        await timed('MANUAL_DELIVER', { consignmentIds: [id] });
        orders.push(id!);
        if (orders.length % 100 === 0) progress('over HTTP', orders.length, to - from);
      }
    }),
  );
  progress('over HTTP', orders.length, to - from, true);
  return { orders, ms: performance.now() - started, latencies, slots: slotCount };
}

type Handlers = typeof handlers;
type HandlerContext = Parameters<Handlers['CREATE_ORDER']>[1];
type Target = Awaited<ReturnType<Handlers['CREATE_ORDER']>>[number];
type Fold = Parameters<HandlerContext['load']>[1];

/** A stream as this process knows it: its events (stored or about to be) and its revision. */
interface Known {
  events: NewEvent[];
  revision: number | null;
}

export interface EventWriting {
  orders: string[];
  ms: number;
  appends: number;
  events: number;
  slots: number;
}

/**
 * Orders [from, to) made by the product's own command handlers and deciders, run in this process
 * as the command service runs them (the same payload schemas, number series, ids and decisions),
 * and appended with the event-store port (`appendToStreams`), many orders per append: per chunk
 * of `chunk` orders of one day, a slot (CREATE_SLOT through the command service), then one append
 * of CREATE_ORDER's events (OrderCreated and each shipment id's reservation), one of
 * UPDATE_CONSIGNMENT_SLOT's (the slot's ConsignmentsPlannedOnSlot and each order's
 * ConsignmentAssignedToSlot, atomically, as the command appends them) and one of MANUAL_DELIVER's
 * (ConsignmentDelivered). Unlike the API, the orders of a chunk share one command id per append.
 */
export async function writeOrderEvents(
  system: System,
  world: InvoicingWorld,
  from: number,
  to: number,
  options: { chunk: number; concurrency: number },
): Promise<EventWriting> {
  // Appends to the number-series catalogue (a series marked used) tell the system's command
  // service to drop its cached copy, as another command process would (docs/decisions/0017).
  const raw = system.store;
  const store = new ReferenceStreams(raw, system.db.notifier).watch(raw);
  const ids = new PostgresIdAllocator(system.db.knex);
  const allocator = new BlockNumberAllocator(new EventStoreNumberAllocator(store));
  const departmentRow = await system.db
    .knex(DEPARTMENTS_TABLE)
    .where({ id: world.department })
    .first<{ data: Department } | undefined>('data');
  if (!departmentRow) throw new Error(`department ${world.department} is not projected yet`);
  const department = departmentRow.data;
  const series = new Map<string, Promise<string>>();
  const logger = silentLogger();

  // The chunks: orders of one day, at most `chunk` of them.
  const byDay = new Map<number, number[]>();
  for (let i = from; i < to; i++) {
    const { day } = orderPayload(world, i);
    const list = byDay.get(day) ?? [];
    list.push(i);
    byDay.set(day, list);
  }
  const chunks: { day: number; orders: number[] }[] = [];
  for (const [day, orders] of byDay)
    for (let k = 0; k < orders.length; k += options.chunk)
      chunks.push({ day, orders: orders.slice(k, k + options.chunk) });

  const written: string[] = [];
  let appends = 0;
  let events = 0;
  const started = performance.now();
  await runConcurrent(chunks.length, options.concurrency, async (c) => {
    const chunk = chunks[c]!;
    const date = world.dates[chunk.day]!;
    const [slotId] = await run(system, 'CREATE_SLOT', {
      departmentId: world.department,
      name: `Bench ${date} chunk ${c + 1}`,
      timeFrom: `${date}T06:00:00.000Z`,
    });
    const known = new Map<string, Known>();
    const history = async (streamId: string): Promise<Known> => {
      const mine = known.get(streamId);
      if (mine) return mine;
      const stored = await store.readStream(streamId);
      const read = {
        events: stored.map((e): NewEvent => ({ type: e.type, data: e.data })),
        revision: stored.length === 0 ? null : stored[stored.length - 1]!.streamRevision,
      };
      known.set(streamId, read);
      return read;
    };
    const fold = (decider: Fold, list: NewEvent[]) =>
      (list as never[]).reduce(
        (s: unknown, e: never) => decider.evolve(s, e),
        decider.initialState,
      );
    const commandId = randomUUID();
    const ctx: HandlerContext = {
      commandId,
      repeatable: false,
      identity: SYSTEM_IDENTITY,
      ids,
      // A command id of its own per draw: a block refill appends to the series' stream, and two
      // appends of one command id to one stream would be the same events.
      numbers: (seriesId, count) =>
        allocator.allocate(seriesId, count, metadataOf(randomUUID(), 'CREATE_ORDER')),
      // One department, customers without series of their own: one series per type, chosen once.
      seriesFor: (type, scope, count) => {
        if (!series.has(type)) series.set(type, allocator.seriesFor(type, scope, count));
        return series.get(type)!;
      },
      readDepartment: async (id) => (id === world.department ? department : null),
      load: async (streamId, decider) => fold(decider, (await history(streamId)).events) as never,
      loadVersioned: async (streamId, decider) => {
        const h = await history(streamId);
        return { state: fold(decider, h.events) as never, revision: h.revision };
      },
      loadMany: (streamIds, decider) =>
        Promise.all(
          streamIds.map(async (streamId) => {
            const h = await history(streamId);
            return { state: fold(decider, h.events) as never, revision: h.revision };
          }),
        ),
      now: new Date(),
      logger,
    };
    /** Decides each target on what this process knows of its stream; the appends. */
    const decideAll = async (targets: Target[]): Promise<StreamAppend[]> => {
      const out: StreamAppend[] = [];
      for (const t of targets) {
        const h = await history(t.streamId);
        if (t.basedOn !== undefined && t.basedOn !== h.revision)
          throw new Error(`${t.streamId} moved while it was decided`);
        const state = fold(t.decider, h.events);
        t.guard?.(state);
        const decided = t.decider.decide(t.command, state);
        if (decided.length === 0) continue;
        const expected: ExpectedRevision = h.revision === null ? 'no_stream' : h.revision;
        out.push({ streamId: t.streamId, expected, events: decided });
        // Shipment ids are reserved with the booking (what the command service's executor does).
        if (t.uniques) {
          const after = decided.reduce((s: unknown, e) => t.decider.evolve(s, e), state);
          for (const claim of t.uniques(after))
            out.push({
              streamId: reservationStream(claim.kind, claim.value),
              expected: 'no_stream',
              events: [
                {
                  type: 'UniqueValueReserved',
                  data: {
                    kind: claim.kind,
                    value: uniqueValue(claim.kind, claim.value),
                    ownerId: t.id,
                  },
                },
              ],
            });
        }
      }
      return out;
    };
    const append = async (list: StreamAppend[], commandType: string) => {
      await store.appendToStreams(list, metadataOf(randomUUID(), commandType));
      for (const a of list) {
        const h = known.get(a.streamId) ?? { events: [], revision: null };
        h.events.push(...a.events);
        h.revision = (h.revision ?? -1) + a.events.length;
        known.set(a.streamId, h);
      }
      appends++;
      events += list.reduce((n, a) => n + a.events.length, 0);
    };

    const orderIds: string[] = [];
    const creates: Target[] = [];
    for (const i of chunk.orders) {
      const payload = commandSchemas.CREATE_ORDER.parse(orderPayload(world, i).payload);
      const [t] = await handlers.CREATE_ORDER(payload, ctx);
      creates.push(t!);
      orderIds.push(t!.id);
    }
    await append(await decideAll(creates), 'CREATE_ORDER');
    const plan = await handlers.UPDATE_CONSIGNMENT_SLOT(
      commandSchemas.UPDATE_CONSIGNMENT_SLOT.parse({ consignmentIds: orderIds, slotId }),
      ctx,
    );
    await append(await decideAll(plan), 'UPDATE_CONSIGNMENT_SLOT');
    const deliver = await handlers.MANUAL_DELIVER(
      commandSchemas.MANUAL_DELIVER.parse({ consignmentIds: orderIds }),
      ctx,
    );
    await append(await decideAll(deliver), 'MANUAL_DELIVER');
    written.push(...orderIds);
    progress('as events', written.length, to - from);
  });
  progress('as events', written.length, to - from, true);
  return {
    orders: written,
    ms: performance.now() - started,
    appends,
    events,
    slots: chunks.length,
  };
}

function metadataOf(commandId: string, commandType: string): EventMetadata {
  return {
    commandId,
    correlationId: commandId,
    causationId: commandId,
    userId: SYSTEM_IDENTITY.userId,
    occurredAt: new Date().toISOString(),
    commandType,
  };
}

/** The department's orders of the month by state, from the orders read model. */
export async function orderStates(knex: Knex, world: InvoicingWorld) {
  const rows = await knex(ORDERS_TABLE)
    .where('department_id', world.department)
    .whereBetween('invoicing_date', [world.dates[0]!, world.dates[world.dates.length - 1]!])
    .groupBy('state')
    .select<{ state: string; n: number }[]>('state', knex.raw('count(*)::int as n'));
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

export interface RunCheck {
  invoices: number;
  invoicesProjected: number;
  lines: number;
  /** Each line as JSON (the baseline inserts the same rows). */
  lineRows: string[];
  ordersOnInvoices: number;
  distinctOrdersOnInvoices: number;
  orderInvoicedEvents: number;
  ordersWithOrderInvoiced: number;
  /** Orders with more than one OrderInvoiced event (in any run). */
  invoicedTwice: number;
  /** Delivered orders of the month not on any invoice of the run. */
  missing: number;
  /** Invoices whose net, VAT, gross or resource net is not the sum of their lines. */
  totalsWrong: number;
  invoicesNet: number;
  invoicesGross: number;
  /** When the run's first and last invoice were issued (the runner's clock). */
  firstIssuedAt: string;
  lastIssuedAt: string;
  /** Sum of the prices the OrderInvoiced events carry. */
  orderInvoicedNet: number;
  run: { net: number; gross: number };
}

/**
 * What an invoicing run issued, from the event store (the source of truth), checked: each
 * order invoiced once (OrderInvoiced events against the invoices' orders and the month's delivered
 * orders), and each invoice's totals the sums of its lines.
 */
export async function checkRun(
  knex: Knex,
  runRow: InvoicingRunRow,
  delivered: readonly string[],
): Promise<RunCheck> {
  const check: RunCheck = {
    invoices: 0,
    invoicesProjected: 0,
    lines: 0,
    lineRows: [],
    ordersOnInvoices: 0,
    distinctOrdersOnInvoices: 0,
    orderInvoicedEvents: 0,
    ordersWithOrderInvoiced: 0,
    invoicedTwice: 0,
    missing: 0,
    totalsWrong: 0,
    invoicesNet: 0,
    invoicesGross: 0,
    firstIssuedAt: '9999',
    lastIssuedAt: '0000',
    orderInvoicedNet: 0,
    run: {
      net: runRow.totals.reduce((s, t) => s + t.net, 0),
      gross: runRow.totals.reduce((s, t) => s + t.gross, 0),
    },
  };
  const onInvoices = new Set<string>();
  // The run's invoices, 20 at a time (an invoice holds up to 1,000 orders' lines).
  for (let k = 0; k < runRow.invoiceIds.length; k += 20) {
    const streams = runRow.invoiceIds.slice(k, k + 20).map((id) => `invoice-${id}`);
    const rows = await knex('es_events')
      .whereIn('stream_id', streams)
      .where('type', 'InvoiceIssued')
      .select<{ data: Invoice }[]>('data');
    for (const { data: invoice } of rows) {
      check.invoices++;
      check.lines += invoice.lines.length;
      for (const line of invoice.lines) check.lineRows.push(JSON.stringify(line));
      check.ordersOnInvoices += invoice.orderIds.length;
      for (const id of invoice.orderIds) onInvoices.add(id);
      const sums = invoiceTotals(invoice.lines, invoice.vatBasisPoints);
      if (
        sums.net !== invoice.net ||
        sums.vat !== invoice.vat ||
        sums.gross !== invoice.gross ||
        sums.resourceNet !== invoice.resourceNet
      )
        check.totalsWrong++;
      check.invoicesNet += invoice.net;
      check.invoicesGross += invoice.gross;
      if (invoice.issuedAt < check.firstIssuedAt) check.firstIssuedAt = invoice.issuedAt;
      if (invoice.issuedAt > check.lastIssuedAt) check.lastIssuedAt = invoice.issuedAt;
    }
  }
  check.distinctOrdersOnInvoices = onInvoices.size;
  check.missing = delivered.filter((id) => !onInvoices.has(id)).length;
  const [events] = (
    await knex.raw<{ rows: { n: number; orders: number; net: string | null }[] }>(
      `select count(*)::int as n, count(distinct stream_id)::int as orders,
              sum((data->'price'->>'customerNet')::bigint)::text as net
         from es_events where type = 'OrderInvoiced' and data->>'runId' = ?`,
      [runRow.id],
    )
  ).rows;
  check.orderInvoicedEvents = events!.n;
  check.ordersWithOrderInvoiced = events!.orders;
  check.orderInvoicedNet = Number(events!.net ?? 0);
  check.invoicedTwice = (
    await knex.raw<{ rows: { n: number }[] }>(
      `select count(*)::int as n from (select stream_id from es_events where type = 'OrderInvoiced'
         group by stream_id having count(*) > 1) twice`,
    )
  ).rows[0]!.n;
  check.invoicesProjected = (
    await knex.raw<{ rows: { n: number }[] }>(
      'select count(*)::int as n from rm_invoices where run_id = ?',
      [runRow.id],
    )
  ).rows[0]!.n;
  return check;
}

/**
 * The baseline of an invoicing run: a bare insert of the same invoice lines (the same JSON rows)
 * into a scratch table of the same database, in multi-row INSERTs of 1,000 rows, `repeats` times
 * into a fresh table each time; the median time in ms.
 */
export async function bareLineInsert(
  knex: Knex,
  rows: readonly string[],
  repeats: number,
): Promise<number> {
  const times: number[] = [];
  for (let r = 0; r < repeats; r++) {
    await knex.raw(
      'drop table if exists bench_invoice_lines; create table bench_invoice_lines (id bigserial primary key, data jsonb not null)',
    );
    const started = performance.now();
    for (let k = 0; k < rows.length; k += 1000)
      await knex.raw('insert into bench_invoice_lines (data) select unnest(?::jsonb[])', [
        rows.slice(k, k + 1000),
      ]);
    times.push(performance.now() - started);
  }
  await knex.raw('drop table bench_invoice_lines');
  return percentile(times, 50);
}

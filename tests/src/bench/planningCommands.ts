import {
  REST_BREAK,
  applySlotEvent,
  slotStream,
  type RouteStop,
  type Slot,
  type SlotEvent,
} from '@nordlog/contracts';
import type { System } from '@nordlog/deploy';
import { configureNumberSeries, osloStops } from '../support/booking.js';
import { startHttpClient, type Request } from './httpClient.js';
import { signIn } from './signIn.js';
import { fmt, percentile } from './stats.js';
import { createCourierVan } from '../support/planning.js';

const COURIER_PHONE = '+4748199999';

/** Issue 37 §3: p95 on a slot of `full` consignments at most this many times an empty slot's. */
export const COMMANDS_TARGET = 1.5;

/** A sample this slow waited for something (a poll, a lock), not for work: counted (0003, 0049). */
const SLOW_MS = 400;

/** The planning commands measured, each on the stop of one consignment of the slot. */
const COMMANDS = [
  'UPDATE_CONSIGNMENT_SLOT',
  'UPDATE_ROUTE',
  'UNASSIGN_CONSIGNMENTS',
  'MANUAL_COLLECT',
  'MANUAL_DELIVER',
] as const;
/**
 * Floors measured in the same run, on the same slots: what grows with the slot by what it is.
 * SLOTS_QUERY: the `slots` query of the slot alone, nothing changed (its answer holds every route
 * point of the slot: 2 on the empty one, 1,000 on the full one). ROUTE_BODY: a cheap request
 * (the `departments` query, through the same gateway and proxy) whose body is UPDATE_ROUTE's,
 * every stop of the slot (its parameters carry them as a field the query drops).
 */
const FLOORS = ['SLOTS_QUERY', 'ROUTE_BODY'] as const;
type Floor = (typeof FLOORS)[number];
/** The floor each command's ratio is also printed against (none: the command's own body is small). */
const FLOOR_OF: Record<'own' | 'shown', Partial<Record<Measured, Floor>>> = {
  own: { UPDATE_ROUTE: 'ROUTE_BODY' },
  shown: Object.fromEntries(COMMANDS.map((c) => [c, 'SLOTS_QUERY'])),
};
type Measured = (typeof COMMANDS)[number] | Floor;

/**
 * The `--commands` phase of bench:planning: what a planning command that takes a slot costs on an
 * empty slot and on a slot of `full` (default 500) consignments, as the ratio full / empty of the
 * p95s (target ≤ 1.5, issue 37 §3). Its own day: one unit and one courier; one slot holding `full`
 * consignments (planned `batch` at a time, as planners add them) and `samples` empty slots, all
 * started so the courier may report. Each sample plans one more consignment onto a slot
 * (UPDATE_CONSIGNMENT_SLOT), moves its stops to the front (UPDATE_ROUTE), unassigns it
 * (UNASSIGN_CONSIGNMENTS), plans it again (not measured), and the courier collects and delivers it
 * (MANUAL_COLLECT, MANUAL_DELIVER): the empty case on a fresh empty slot each time, the full case
 * on the full slot (which grows by one delivered consignment a sample), samples alternating.
 * Measured for each: the command's own HTTP round trip, and until the `slots` query of that slot
 * answers at the command's position (projection and read included). Each sample also measures
 * the floors (FLOORS) on the same slot, and each ratio is printed against its floor's ratio too:
 * what a `slots` answer of 1,000 route points and a request naming 1,000 stops cost by what they
 * are (docs/decisions/0049-slot-read-cost.md). Samples of ≥ SLOW_MS are counted: they waited for
 * the projector's safety poll (an event held back behind a transaction still running anywhere on
 * the server, 0049), which no slot size explains.
 */
export async function planningCommandsBench(
  system: System,
  options: { full: number; samples: number; batch: number; numberSeries: boolean },
): Promise<void> {
  const { full, samples, batch } = options;
  const WARMUP = 3;
  const run = async (name: string, payload: unknown) => {
    const res = await system.run(name, payload);
    if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
    return (res.body as { ids: string[] }).ids;
  };
  const started = performance.now();
  const [department] = await run('CREATE_DEPARTMENT', {
    name: 'Bench planning commands',
    departmentType: 'courier',
    country: 'NO',
    location: { lat: 59.91, lng: 10.75 },
  });
  const [customer] = await run('CREATE_CUSTOMER', {
    name: 'Bench slots AS',
    departmentId: department,
  });
  if (options.numberSeries)
    await configureNumberSeries({ command: (name, payload) => system.run(name, payload) });
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(
    new Date(Date.now() + 86_400_000),
  );
  const { courier, unit } = await createCourierVan(
    run,
    department!,
    // Room for every consignment: the capacity is checked, never exceeded.
    {
      name: 'Bench van',
      alystraId: 'U-CMD',
      capacity: 100_000,
      weightCapacity: 1_000_000,
      volumeCapacity: 10_000,
    },
    { name: 'Bench courier', phoneNumber: COURIER_PHONE },
  );
  const slot = async (name: string) => {
    const [id] = await run('CREATE_SLOT', {
      departmentId: department,
      name,
      timeFrom: `${date}T06:00:00.000Z`,
      unitId: unit,
      courierId: courier,
    });
    await run('CHANGE_SLOT_STATE', { slotId: id, transition: 'start' });
    return id!;
  };
  const fullSlot = await slot('Full route');
  const empties: string[] = [];
  for (let i = 0; i < samples + WARMUP; i++) empties.push(await slot(`Empty route ${i + 1}`));
  const book = async (i: number) => {
    const [id] = await run('CREATE_ORDER', {
      departmentId: department,
      customerId: customer,
      pickupDate: date,
      ...osloStops(i, {
        lat: 59.85 + ((i * 7919) % 1000) / 5000,
        lng: 10.6 + ((i * 104729) % 1000) / 2500,
      }),
      deliveryTimeEarliest: '09:00',
      deliveryTimeLatest: '17:00',
      measurements: [{ weight: 2 + (i % 10), quantity: 1 + (i % 3) }],
    });
    return id!;
  };
  const total = full + 2 * (samples + WARMUP);
  const ids: string[] = [];
  for (let i = 0; i < total; i++) {
    ids.push(await book(i));
    if (i % 100 === 0) process.stdout.write(`\r  booking consignments: ${i} / ${total}`);
  }
  process.stdout.write(`\r  booking consignments: ${total} / ${total}\n`);
  for (let i = 0; i < full; i += batch)
    await run('UPDATE_CONSIGNMENT_SLOT', {
      slotId: fullSlot,
      consignmentIds: ids.slice(i, Math.min(full, i + batch)),
      force: true,
    });
  console.log(
    `  1 unit, ${samples + WARMUP + 1} slots, ${total} consignments, ${full} planned onto one slot ${batch} at a time, in ${fmt((performance.now() - started) / 1000, 1)} s`,
  );
  const planner = await signIn(system, '+4749990012', {
    role: 'PLANNER',
    departmentIds: [department],
  });
  // The courier was made above; signIn's own CREATE_USER is refused (the number is taken).
  const driver = await signIn(system, COURIER_PHONE, {
    role: 'COURIER',
    departmentIds: [department],
  });

  // The stops of each slot as its stream tells them, then followed here command by command.
  const stops = new Map<string, RouteStop[]>();
  for (const id of [fullSlot, ...empties]) {
    const rows = await system.db
      .knex('es_events')
      .where({ stream_id: slotStream(id) })
      .orderBy('stream_revision')
      .select<{ type: string; data: unknown }[]>('type', 'data');
    let state: Slot | null = null;
    for (const e of rows as SlotEvent[])
      state =
        e.type === 'SlotCreated'
          ? e.data
          : state && e.type !== 'SlotDeleted'
            ? applySlotEvent(state, e)
            : state;
    stops.set(id, state!.stops);
  }
  const slotsQuery = (slotId: string) => ({
    path: '/api/query/slots',
    body: {
      params: { departmentIds: [department], fromDate: date, toDate: date, slotIds: [slotId] },
    },
  });
  const departmentsQuery = (pad: unknown): Request => ({
    path: '/api/query/departments',
    body: { params: { ids: [department], pad } },
    headers: planner,
  });
  const command = (type: string, payload: unknown, slotId: string, headers = planner): Request => ({
    path: `/api/command/${type}`,
    body: { type, payload },
    headers,
    // Shown where a planner sees it (a courier may not ask the slots query).
    then: { ...slotsQuery(slotId), headers: planner },
  });
  /** One sample's requests on `slotId` with consignment `c`, each named by what it measures. */
  const sample = (slotId: string, c: string): [Measured | null, Request][] => {
    const before = stops.get(slotId)!;
    const mine: RouteStop[] = [
      { kind: 'pickup', consignmentId: c },
      { kind: 'delivery', consignmentId: c },
    ];
    const planned = [...before, ...mine];
    const moved = [...mine, ...before];
    stops.set(slotId, planned);
    const plan = { consignmentIds: [c], slotId, force: true };
    return [
      ['UPDATE_CONSIGNMENT_SLOT', command('UPDATE_CONSIGNMENT_SLOT', plan, slotId)],
      ['UPDATE_ROUTE', command('UPDATE_ROUTE', { slotId, stops: moved }, slotId)],
      ['UNASSIGN_CONSIGNMENTS', command('UNASSIGN_CONSIGNMENTS', { consignmentIds: [c] }, slotId)],
      [null, command('UPDATE_CONSIGNMENT_SLOT', plan, slotId)],
      ['MANUAL_COLLECT', command('MANUAL_COLLECT', { consignmentIds: [c] }, slotId, driver)],
      ['MANUAL_DELIVER', command('MANUAL_DELIVER', { consignmentIds: [c] }, slotId, driver)],
      ['SLOTS_QUERY', { ...slotsQuery(slotId), headers: planner }],
      ['ROUTE_BODY', departmentsQuery(moved)],
    ];
  };
  const plan: { size: 'empty' | 'full' | null; what: Measured | null; request: Request }[] = [];
  let next = full;
  for (let i = 0; i < samples + WARMUP; i++) {
    const warm = i < WARMUP;
    for (const [what, request] of sample(empties[i]!, ids[next++]!))
      plan.push({ size: warm ? null : 'empty', what, request });
    for (const [what, request] of sample(fullSlot, ids[next++]!))
      plan.push({ size: warm ? null : 'full', what, request });
  }
  if (stops.get(fullSlot)!.some((s) => s.kind === REST_BREAK))
    console.log('  (the unit takes a break: the routes hold a rest_break stop)');
  const client = startHttpClient(system.url);
  const warmup = plan.filter((p) => p.size === null).length;
  const { own, total: shown } = await client.measureEach(
    plan.map((p) => p.request),
    warmup,
  );
  await client.close();
  const measured = plan.slice(warmup);
  const of = (xs: number[], size: 'empty' | 'full', what: Measured) =>
    xs.filter((_, i) => measured[i]!.size === size && measured[i]!.what === what);
  const ms = (n: number) => fmt(n, 1).padStart(6);
  console.log(
    `\nPlanning commands on an empty slot and on a slot of ${full} consignments (${samples} samples each, one planner at a time):`,
  );
  const figures = (xs: number[], what: Measured) => {
    const empty = of(xs, 'empty', what);
    const many = of(xs, 'full', what);
    const ratio = percentile(many, 95) / percentile(empty, 95);
    const text = `${what.padEnd(24)} empty p50 ${ms(percentile(empty, 50))} p95 ${ms(percentile(empty, 95))} ms | ${full} p50 ${ms(percentile(many, 50))} p95 ${ms(percentile(many, 95))} ms | p95 ratio ${fmt(ratio, 2)}`;
    return { ratio, text };
  };
  const floors = new Map(FLOORS.map((f) => [f, figures(own, f)]));
  for (const [key, label, xs] of [
    ['own', 'the command (HTTP round trip)', own],
    ['shown', 'until the `slots` query shows it', shown],
  ] as const) {
    console.log(`  ${label}:`);
    for (const what of COMMANDS) {
      const { ratio, text } = figures(xs, what);
      const floor = FLOOR_OF[key][what];
      const against = floor
        ? ` | / ${floor} ratio ${fmt(ratio / floors.get(floor)!.ratio, 2)}`
        : '';
      console.log(
        `    ${text} (target ≤ ${COMMANDS_TARGET}: ${ratio <= COMMANDS_TARGET ? 'met' : 'NOT met'})${against}`,
      );
    }
  }
  console.log(
    '  floors (same run, same slots; they grow with the slot by what they are, no target):',
  );
  for (const f of FLOORS) console.log(`    ${floors.get(f)!.text}`);
  console.log(
    `    (SLOTS_QUERY: the \`slots\` query of the slot alone, nothing changed, ${stops.get(fullSlot)!.length} route points on the full slot at the end; ROUTE_BODY: the \`departments\` query carrying UPDATE_ROUTE's stops)`,
  );
  // A count that load skews less than a percentile: the samples that waited for a poll (0003).
  const counted = (xs: number[]) => xs.filter((_, i) => measured[i]!.what !== null);
  const slow = (xs: number[]) => counted(xs).filter((x) => x >= SLOW_MS).length;
  console.log(
    `  samples of ${SLOW_MS} ms or more: the command ${slow(own)} / ${counted(own).length}, until shown ${slow(shown)} / ${counted(shown).length}`,
  );
}

import { consignmentEventTypes } from '@nordlog/contracts';
import type { System } from '@nordlog/deploy';
import { fileURLToPath } from 'node:url';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { projectionsSettled } from '../support/system.js';
import { onLocalSystem, runBench } from './localSystem.js';
import { signIn, type SessionHeaders } from './signIn.js';
import { printLatency } from './stats.js';
import { numberArg as arg } from './args.js';

/**
 * `npm run bench:audit [-- --events N --samples S]`
 *
 * The audit replay (issue 18 §4, docs/decisions/0029-audit-replay.md) on the local PostgreSQL
 * server: one order with N (default 200) events, booked, then edited, planned onto a slot and
 * taken off it in turn, all through the command API. Measured through the query service over
 * HTTP as an ADMIN, each as p50/p95 and as a ratio to a baseline measured in the same run (these
 * machines are shared and noisy): `apolloAuditLogEntriesDetails` as of S (default 100) chosen
 * moments, by revision and by instant (the order rebuilt from its events up to then); the whole
 * `apolloAuditLogEntries` (every event with its diff); baseline: the `orders` query of the same
 * order (one row read from the read model).
 */
const TARGET_P95_MS = 100;

export interface AuditBenchOptions {
  events: number;
  samples: number;
}

export interface AuditBenchResult {
  orderId: string;
  events: number;
  /** Latencies in ms of each measured call. */
  baseline: number[];
  detailsByRevision: number[];
  detailsByInstant: number[];
  entries: number[];
}

async function post(url: string, name: string, params: unknown, headers: SessionHeaders) {
  const res = await fetch(`${url}/api/query/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query: name, params }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${name}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

/** Runs a command as the system; the events it appended to the order (not to the slot). */
async function run(system: System, name: string, payload: unknown): Promise<string[]> {
  const res = await system.run(name, payload);
  if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
  return (res.body as { events: string[] }).events.filter((e) =>
    (consignmentEventTypes as readonly string[]).includes(e),
  );
}

/** One order with `events` events: booked, then edits, slot assignments and unassignments. */
async function buildOrder(system: System, events: number): Promise<string> {
  const ids = async (name: string, payload: unknown) =>
    ((await system.run(name, payload)).body as { ids: string[] }).ids;
  await configureNumberSeries({
    command: async (type, payload) => system.run(type, payload),
  });
  const [department] = await ids('CREATE_DEPARTMENT', {
    name: 'Bench audit',
    departmentType: 'courier',
    country: 'NO',
  });
  const [customer] = await ids('CREATE_CUSTOMER', { name: 'Bench', departmentId: department });
  const date = bookingDate(1);
  const [slot] = await ids('CREATE_SLOT', {
    departmentId: department,
    name: 'Bench slot',
    timeFrom: `${date}T07:00:00.000Z`,
  });
  const [orderId] = await ids('CREATE_ORDER', {
    departmentId: department,
    customerId: customer,
    pickupDate: date,
    pickup: osloAddress,
    delivery: { ...osloAddress, name: 'Kari Nordmann' },
    measurements: [{ weight: 2, quantity: 2 }],
  });
  const steps = [
    (i: number) => run(system, 'UPDATE_ORDER', { orderId, orderNote: `edit ${i}` }),
    () => run(system, 'UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [orderId], slotId: slot }),
    () => run(system, 'UNASSIGN_CONSIGNMENTS', { consignmentIds: [orderId] }),
  ];
  for (let count = 1, i = 0; count < events; i++) count += (await steps[i % 3]!(i)).length;
  return orderId!;
}

/** Calls `call(i)` for each sample (after a few unmeasured ones), each duration in ms. */
async function measure(samples: number, call: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await call(i);
  const out: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    await call(i);
    out.push(performance.now() - t);
  }
  return out;
}

/**
 * On a running system: builds an order of `events` events and measures the audit replay's
 * queries over HTTP against the `orders` query of the same order.
 */
export async function auditReplayBench(
  system: System,
  options: AuditBenchOptions,
): Promise<AuditBenchResult> {
  const orderId = await buildOrder(system, options.events);
  await projectionsSettled(system.db.knex, 60_000);
  const headers = await signIn(system, '+4745999001', { role: 'ADMIN' });
  const log = (await post(system.url, 'apolloAuditLogEntries', { id: orderId }, headers)) as {
    entries: { revision: number; occurredAt: string }[];
  };
  const entries = log.entries;
  if (entries.length !== options.events)
    throw new Error(`the order has ${entries.length} events, not ${options.events}`);
  // Moments spread over the whole history (a stride coprime to the count), by revision and by
  // the instant of an event.
  const moment = (i: number) => entries[(i * 37) % entries.length]!;
  const url = system.url;
  const baseline = await measure(options.samples, () =>
    post(url, 'orders', { ids: [orderId] }, headers),
  );
  const detailsByRevision = await measure(options.samples, (i) =>
    post(url, 'apolloAuditLogEntriesDetails', { orderId, revision: moment(i).revision }, headers),
  );
  const detailsByInstant = await measure(options.samples, (i) =>
    post(url, 'apolloAuditLogEntriesDetails', { orderId, at: moment(i).occurredAt }, headers),
  );
  const all = await measure(Math.min(options.samples, 50), () =>
    post(url, 'apolloAuditLogEntries', { id: orderId }, headers),
  );
  return {
    orderId,
    events: entries.length,
    baseline,
    detailsByRevision,
    detailsByInstant,
    entries: all,
  };
}

const line = (label: string, xs: number[], base: number[] | null, target?: number) =>
  printLatency(label, xs, base, target, { label: 50, value: 6 });

async function main() {
  const options = { events: arg('--events', 200), samples: arg('--samples', 100) };
  await onLocalSystem('audit', async (system) => {
    const r = await auditReplayBench(system, options);
    console.log(
      `\nAudit replay of order ${r.orderId} with ${r.events} events (HTTP, one admin, ${options.samples} moments):`,
    );
    line('baseline: orders query of the same order', r.baseline, null);
    line(
      'Details as of a revision (rebuilt from events)',
      r.detailsByRevision,
      r.baseline,
      TARGET_P95_MS,
    );
    line(
      'Details as of an instant (rebuilt from events)',
      r.detailsByInstant,
      r.baseline,
      TARGET_P95_MS,
    );
    line('apolloAuditLogEntries (every event with its diff)', r.entries, r.baseline);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) runBench(main);

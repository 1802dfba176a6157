import { CONSIGNMENT_GRID_ENTITY } from '@nordlog/contracts';
import type { Change } from '@nordlog/platform';
import { benchRow } from './gridRows.js';

/**
 * The workload of `bench:sockets`, shared by the coordinator (sockets.ts, the gateway process)
 * and the load process (socketLoad.ts, the socket clients and the change writer): who listens
 * with which context, which changes are written, and which socket must receive which change.
 * The expectation is computed here, apart from the gateway's own filter (context.ts `matches`),
 * so that a socket that misses a message, or gets one it should not, is counted.
 */

/** The departments, their two customers each, and the two dates changes fall on. */
export interface Universe {
  departmentIds: string[];
  /** Per department: two customer ids (scope only: planners see every customer of theirs). */
  customerIds: [string, string][];
  /** Today in Europe/Oslo, as the gateway's `today` (a context without dates gets it). */
  today: string;
  tomorrow: string;
}

/**
 * Socket `i` belongs to the planner of department `i % departments` (one planner user per
 * department, the user's access is that department alone) and has context kind
 * `floor(i / departments) % 10`: a department's 50 sockets are five of each kind.
 */
export interface SocketSpec {
  department: number;
  kind: number;
}

export const KINDS = 10;

export const socketSpecs = (sockets: number, departments: number): SocketSpec[] =>
  Array.from({ length: sockets }, (_, i) => ({
    department: i % departments,
    kind: Math.floor(i / departments) % KINDS,
  }));

interface KindContext {
  /** Filter on the department (else the user's access alone decides). */
  department: boolean;
  /** 'today' | 'both' | 'tomorrow'; null: no dates in the query (the gateway then uses today). */
  dates: 'today' | 'both' | 'tomorrow' | null;
  /** Customer filter: none, the first customer, or both. */
  customers: 0 | 1 | 2;
  types: string[];
}

/**
 * The ten kinds of context, as the planners' screens of one department would open them: with and
 * without `types`, without dates, with two dates, with a customer filter; kind 5 names no
 * department (the user's access narrows it to theirs).
 */
const kinds: KindContext[] = [
  { department: true, dates: 'today', customers: 0, types: ['consignments'] },
  { department: true, dates: 'today', customers: 0, types: ['consignments'] },
  { department: true, dates: 'today', customers: 0, types: [] },
  { department: true, dates: 'today', customers: 0, types: [] },
  { department: true, dates: null, customers: 0, types: [] },
  { department: false, dates: 'today', customers: 0, types: ['consignments'] },
  { department: true, dates: 'both', customers: 0, types: [] },
  { department: true, dates: 'today', customers: 1, types: [] },
  { department: true, dates: 'both', customers: 2, types: [] },
  { department: true, dates: 'both', customers: 0, types: ['consignments', 'orders'] },
];

/** The query string of a socket of `ws /api/subscribe`. */
export function queryOf(spec: SocketSpec, u: Universe): string {
  const k = kinds[spec.kind]!;
  const q = new URLSearchParams();
  if (k.department) q.append('departmentIds', u.departmentIds[spec.department]!);
  if (k.dates === 'today' || k.dates === 'both') q.append('dates', u.today);
  if (k.dates === 'tomorrow' || k.dates === 'both') q.append('dates', u.tomorrow);
  const [c0, c1] = u.customerIds[spec.department]!;
  if (k.customers >= 1) q.append('customerIds', c0);
  if (k.customers === 2) q.append('customerIds', c1);
  for (const t of k.types) q.append('types', t);
  return q.toString();
}

/** Where a change falls: department index, customer 0/1, day 0 (today) or 1 (tomorrow). */
export interface ChangeShape {
  department: number;
  customer: 0 | 1;
  day: 0 | 1;
}

/** The share of changes dated tomorrow (the rest is today). */
const TOMORROW_PERCENT = 5;

const mix = (seq: number, salt: number) => {
  let x = Math.imul(seq ^ salt, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
};

/** Change `seq` of a run (the same in both phases): a random department, customer and day. */
export const changeShape = (seq: number, departments: number): ChangeShape => ({
  department: mix(seq, 0x9e3779b9) % departments,
  customer: (mix(seq, 0x7f4a7c15) & 1) as 0 | 1,
  day: mix(seq, 0x2545f491) % 100 < TOMORROW_PERCENT ? 1 : 0,
});

/** Whether socket `spec` must receive a change of this shape (all changes are consignments). */
export function accepts(spec: SocketSpec, change: ChangeShape): boolean {
  // The user's access: their own department only, whatever the context names.
  if (change.department !== spec.department) return false;
  const k = kinds[spec.kind]!;
  if (k.types.length > 0 && !k.types.includes(CONSIGNMENT_GRID_ENTITY)) return false;
  const dates = k.dates ?? 'today';
  if (change.day === 0 ? dates === 'tomorrow' : dates === 'today') return false;
  if (k.customers === 1 && change.customer !== 0) return false;
  return true;
}

/** Every change shape of one department (for the bare server's precomputed map). */
export const shapesOf = (department: number): ChangeShape[] =>
  ([0, 1] as const).flatMap((customer) =>
    ([0, 1] as const).map((day) => ({ department, customer, day })),
  );

/** The scope key of a change, as the bare server's precomputed map is keyed. */
export const scopeKey = (departmentId: string, customerId: string, date: string) =>
  `${departmentId}|${customerId}|${date}`;

export const shapeKey = (s: ChangeShape, u: Universe) =>
  scopeKey(
    u.departmentIds[s.department]!,
    u.customerIds[s.department]![s.customer],
    s.day === 0 ? u.today : u.tomorrow,
  );

/**
 * Change `seq` as a projection would publish it: a consignment grid row (about 1.3 kB of JSON)
 * with id `seq + 1`; `sentAt` is filled in by the writer just before its transaction.
 */
export function changeOf(seq: number, u: Universe): Change & { data: { sentAt: number } } {
  const s = changeShape(seq, u.departmentIds.length);
  const departmentId = u.departmentIds[s.department]!;
  const customerId = u.customerIds[s.department]![s.customer];
  const date = s.day === 0 ? u.today : u.tomorrow;
  const row = benchRow(seq + 1, departmentId, { id: customerId, name: 'Bench AS' }, date);
  return {
    entity: CONSIGNMENT_GRID_ENTITY,
    op: 'upsert',
    id: row.id,
    revision: row.revision,
    data: { ...row, sentAt: 0 },
    scope: { departmentId, customerId, date, state: row.state, departmentIds: null },
  };
}

/** Messages between the coordinator and the load process (child_process IPC). */
export type ToLoad =
  | {
      type: 'setup';
      universe: Universe;
      specs: SocketSpec[];
      /** Per department: the session cookie of its planner. */
      cookies: string[];
      rate: number;
      seconds: number;
    }
  | {
      type: 'connect';
      target: Target;
      /** `ws://…/api/subscribe` of the gateway, or the bare server's address. */
      url: string;
    }
  | {
      type: 'run';
      target: Target;
      /** Where the writer writes: the database (hub) or the bare server's publisher address. */
      sink: string;
    }
  | { type: 'close' };

export type Target = 'hub' | 'bare';

export interface PhaseResult {
  written: number;
  writeMs: number;
  transactions: number;
  expected: number;
  delivered: number;
  lost: number;
  /**
   * Why the wait for the last messages ended early: nothing arrived for 15 s ('stalled'), or
   * messages were still arriving `capMs` after the last write ('cap': the missing ones are late).
   */
  gaveUp: 'stalled' | 'cap' | null;
  capMs: number;
  /** Sockets that got fewer of their messages than expected. */
  socketsShort: number;
  /** Messages a socket should not have got (another department, date or customer). */
  unexpected: number;
  /** Messages that came twice or out of commit order. */
  disorder: number;
  /** Sampled messages (every 64th is parsed in full) whose content was not the change written. */
  mismatches: number;
  /** Sockets that closed during the run. */
  closed: number;
  /** Their close codes (3004: the hub's heartbeat saw no pong for 30 s). */
  closeCodes: Record<number, number>;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** From the last change written to the last message delivered. */
  drainMs: number;
  /** CPU of the load process (clients and writer), ms. */
  loadCpuMs: number;
}

export type FromLoad =
  | { type: 'ready' }
  | { type: 'connected'; ms: number }
  | { type: 'done'; result: PhaseResult }
  | { type: 'closed' }
  | { type: 'error'; message: string };

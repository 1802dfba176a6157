import { HttpFailure, type UiError } from '../../errors/parse';

/**
 * The courier's reports kept on the phone until the server has them (issue 42 part 4,
 * docs/decisions/0072-courier-offline.md). Every report is stored first, with the command id made
 * when the courier acted, and sent from the store in the order made: a resend (a lost answer, a
 * second tab, a reload mid-send) carries the same command id, which the command service answers
 * with the first outcome and appends nothing for.
 */

/** The commands a courier makes on the road, the ones the queue keeps. */
export const queuedCommands = [
  'ADD_SCANNED_EVENTS',
  'MANUAL_COLLECT',
  'MANUAL_DELIVER',
  'CREATE_DEVIATION',
  'RECORD_DELIVERY_PROOF',
] as const;
export type QueuedCommand = (typeof queuedCommands)[number];

/** The server's refusal of a report, kept (with the report) until the courier dismisses it. */
export interface Refusal {
  status: number;
  errors: UiError[];
  at: string;
}

export interface Report {
  /** The store's key: increasing, so the order the courier made the reports in. */
  id: number;
  /** Whose report: a phone shared by two couriers sends each one's own. */
  userId: string;
  commandId: string;
  name: QueuedCommand;
  payload: unknown;
  /** What it is about, for the courier's list (a stop's name, a scanned code). */
  subject: string;
  madeAt: string;
  refusal?: Refusal;
}

export type NewReport = Omit<Report, 'id' | 'refusal'>;

/** Where reports are kept (IndexedDB on the phone: ./store.ts). */
export interface ReportStore {
  add(report: NewReport): Promise<Report>;
  /** The user's reports, oldest first. */
  list(userId: string): Promise<Report[]>;
  put(report: Report): Promise<void>;
  remove(id: number): Promise<void>;
}

/** Why sending stopped with reports still waiting. */
export type WaitReason = 'offline' | 'session' | 'server';

export type Outcome =
  { kind: 'refused'; refusal: Omit<Refusal, 'at'> } | { kind: 'wait'; reason: WaitReason };

/**
 * What a failed send means for the queue. Not an answer (no network, a dropped connection): wait.
 * 401: the session is gone, wait for a log-in. 408, 425, 429, 5xx and a lost concurrency race:
 * the server could not take it now, wait and send again (same command id). Any other answer is
 * the server's word on this report: a refusal, kept for the courier to see.
 */
export function classifyFailure(err: unknown): Outcome {
  if (!(err instanceof HttpFailure)) return { kind: 'wait', reason: 'offline' };
  const { status, errors } = err;
  if (status === 401) return { kind: 'wait', reason: 'session' };
  if (status === 408 || status === 425 || status === 429 || status >= 500)
    return { kind: 'wait', reason: 'server' };
  if (status === 409 && errors.some((e) => e.errorType === 'CONCURRENCY_CONFLICT'))
    return { kind: 'wait', reason: 'server' };
  return { kind: 'refused', refusal: { status, errors } };
}

/** Canonical JSON (keys sorted), so two payloads that say the same thing compare equal. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Stores a report the courier made. The same report still waiting (a second tap on "Delivered"
 * while offline: same command, same payload) is not stored again: the first one stands, and the
 * server would only refuse the second as already done. Scans differ by their time and are never
 * merged (the command service records a scan sent twice once, docs/decisions/0064).
 */
export async function enqueue(
  store: ReportStore,
  report: Omit<NewReport, 'commandId' | 'madeAt'> & { commandId?: string; madeAt?: string },
  now: () => Date = () => new Date(),
  newId: () => string = () => crypto.randomUUID(),
): Promise<{ report: Report; added: boolean }> {
  const same = canonical(report.payload);
  const waiting = (await store.list(report.userId)).find(
    (r) => !r.refusal && r.name === report.name && canonical(r.payload) === same,
  );
  if (waiting) return { report: waiting, added: false };
  const added = await store.add({
    userId: report.userId,
    commandId: report.commandId ?? newId(),
    name: report.name,
    payload: report.payload,
    subject: report.subject,
    madeAt: report.madeAt ?? now().toISOString(),
  });
  return { report: added, added: true };
}

export interface FlushResult<A> {
  sent: { report: Report; answer: A }[];
  refused: Report[];
  /** Why sending stopped with reports waiting; null when none is left waiting. */
  stopped: WaitReason | null;
}

/**
 * Sends the user's waiting reports, oldest first, one at a time. A sent report leaves the store; a
 * refused one stays in it with its refusal (shown until dismissed) and the next is sent; anything
 * else stops the run with this report and all later ones waiting, in their order, for the next run.
 */
export async function flushReports<A>(
  store: ReportStore,
  userId: string,
  send: (report: Report) => Promise<A>,
  now: () => Date = () => new Date(),
): Promise<FlushResult<A>> {
  const result: FlushResult<A> = { sent: [], refused: [], stopped: null };
  for (const report of await store.list(userId)) {
    if (report.refusal) continue;
    let answer: A;
    try {
      answer = await send(report);
    } catch (err) {
      const outcome = classifyFailure(err);
      if (outcome.kind === 'wait') {
        result.stopped = outcome.reason;
        return result;
      }
      const refused = { ...report, refusal: { ...outcome.refusal, at: now().toISOString() } };
      await store.put(refused);
      result.refused.push(refused);
      continue;
    }
    await store.remove(report.id);
    result.sent.push({ report, answer });
  }
  return result;
}

/**
 * One run at a time: a run asked for while one is going starts once it ends (the reports added
 * meanwhile go then), and never two in parallel in this page. Across tabs the Web Locks API, where
 * the browser has it, does the same; without it two tabs may send a report twice, which its
 * command id makes harmless.
 */
export function serialised<T>(
  run: () => Promise<T>,
  lock?: (name: string, fn: () => Promise<T>) => Promise<T>,
): () => Promise<T> {
  let current: Promise<T> | null = null;
  let again: Promise<T> | null = null;
  const once = () => (lock ? lock('nordlog-courier-reports', run) : run());
  return () => {
    if (!current) {
      current = once().finally(() => {
        current = null;
      });
      return current;
    }
    again ??= current
      .catch(() => undefined)
      .then(() => {
        again = null;
        current = once().finally(() => {
          current = null;
        });
        return current;
      });
    return again;
  };
}

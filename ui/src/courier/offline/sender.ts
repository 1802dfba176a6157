import { fetchCurrentUser } from '../../auth/api';
import { HttpFailure } from '../../errors/parse';
import { csrfHeaders, sendCommand, type CommandAnswer } from '../../shell/api';
import {
  enqueue,
  flushReports,
  serialised,
  type FlushResult,
  type QueuedCommand,
  type Report,
  type ReportStore,
  type WaitReason,
} from './queue';
import { indexedDbReports } from './store';

/**
 * The courier page's reports (docs/decisions/0072-courier-offline.md): each is stored on the phone
 * first, then sent from the store in the order made, now when the network answers, else when it
 * comes back (the browser's `online` event, a retry every 20 s, the page shown again).
 */

export const RETRY_MS = 20_000;
/**
 * How long a report waits for its answer before the page calls it waiting: a network that takes
 * requests and answers none (a weak signal) must not hold the courier's next scan.
 */
export const ANSWER_WAIT_MS = 8_000;

export interface QueueState {
  /** Reports stored and not yet answered, oldest first. */
  waiting: Report[];
  /** Reports the server refused, with its reason, until the courier dismisses them. */
  refused: Report[];
  /** Why the last run stopped with reports waiting (null: nothing held them back). */
  stopped: WaitReason | null;
}

export type ReportOutcome =
  | { kind: 'sent'; answer: CommandAnswer }
  | { kind: 'queued' }
  | { kind: 'refused'; report: Report };

/**
 * Sends a stored report with its own command id. The page may have started without a network and
 * so without the session's CSRF token: the session is asked first. A 403 is asked again once with
 * the session's current token (a log-in in another tab changes it), with the same command id.
 */
export async function sendStored(report: Report): Promise<CommandAnswer> {
  const session = async () => {
    const user = await fetchCurrentUser();
    // Nobody logged in, or someone else on this phone now: the report waits for its courier.
    if (!user || user.id !== report.userId) throw new HttpFailure(401, [], null);
  };
  if (!csrfHeaders()['x-csrf-token']) await session();
  try {
    return await sendCommand(report.name, report.payload, report.commandId);
  } catch (err) {
    if (!(err instanceof HttpFailure) || err.status !== 403) throw err;
    await session();
    return sendCommand(report.name, report.payload, report.commandId);
  }
}

type Listener = (state: QueueState) => void;

export class CourierReports {
  private state: QueueState = { waiting: [], refused: [], stopped: null };
  private readonly listeners = new Set<Listener>();
  private readonly outcomes = new Map<number, ReportOutcome>();
  readonly flush: () => Promise<FlushResult<CommandAnswer>>;

  constructor(
    readonly userId: string,
    private readonly store: ReportStore = indexedDbReports(),
    send: (report: Report) => Promise<CommandAnswer> = sendStored,
    lock?: <T>(name: string, fn: () => Promise<T>) => Promise<T>,
  ) {
    this.flush = serialised<FlushResult<CommandAnswer>>(async () => {
      let result: FlushResult<CommandAnswer>;
      try {
        result = await flushReports(this.store, this.userId, send);
      } finally {
        await this.refresh();
      }
      for (const { report, answer } of result.sent)
        this.outcomes.set(report.id, { kind: 'sent', answer });
      for (const report of result.refused)
        this.outcomes.set(report.id, { kind: 'refused', report });
      this.setState({ ...this.state, stopped: result.stopped });
      if (result.sent.length > 0 || result.refused.length > 0) this.onAnswered?.();
      return result;
    }, lock);
  }

  /** Called after a run that got answers (the page reads its route again). */
  onAnswered: (() => void) | null = null;

  get current(): QueueState {
    return this.state;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private setState(state: QueueState) {
    this.state = state;
    for (const l of this.listeners) l(state);
  }

  /** Reads the store again (another tab may have sent or added reports). */
  async refresh(): Promise<void> {
    const all = await this.store.list(this.userId);
    this.setState({
      ...this.state,
      waiting: all.filter((r) => !r.refusal),
      refused: all.filter((r) => r.refusal),
    });
  }

  /**
   * Stores a report the courier made and sends what waits: the answer to this report when the
   * server gave one in this run, else `queued` (it waits on the phone, counted on the page).
   */
  async report(
    name: QueuedCommand,
    payload: unknown,
    subject: string,
    waitMs = ANSWER_WAIT_MS,
  ): Promise<ReportOutcome> {
    const { report } = await enqueue(this.store, { userId: this.userId, name, payload, subject });
    await this.refresh();
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      this.flush().catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, waitMs))),
    ]);
    clearTimeout(timer);
    const outcome = this.outcomes.get(report.id);
    this.outcomes.delete(report.id);
    return outcome ?? { kind: 'queued' };
  }

  /** The courier has read a refusal: it leaves the phone. */
  async dismiss(id: number): Promise<void> {
    await this.store.remove(id);
    await this.refresh();
  }
}

/** The Web Locks API where the browser has it: one tab sends at a time. */
export function webLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? locks.request(name, fn) : fn();
}

let shared: CourierReports | null = null;

/** The page's one queue for the logged-in courier. */
export function courierReports(userId: string): CourierReports {
  if (shared?.userId !== userId) shared = new CourierReports(userId, undefined, undefined, webLock);
  return shared;
}

import { socketProtocol, type ChangeMessage } from '@nordlog/contracts';

/** What the client subscribes to (spec §7 socket query string and JSON context frame). */
export interface LiveContext {
  dates: string[];
  departmentIds: string[];
  customerIds: string[];
  contexts: string[];
  types: string[];
  filters: string[];
  consignmentStates: string[];
}

/** The small part of the browser's WebSocket the client uses (a fake one in unit tests). */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
}

export interface LiveConnectionOptions {
  url: (context: LiveContext) => string;
  createSocket: (url: string) => SocketLike;
  onData: (message: ChangeMessage) => void;
  /** The server ended the session: go to the start page. */
  onLogin: () => void;
  /** After more than 3 consecutive failures (spec §4); `false` when the connection is back. */
  onNetworkError: (failing: boolean) => void;
  now?: () => number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
  log?: (message: string, detail?: unknown) => void;
}

const OPEN = 1;
/** How often liveness is checked (spec §9: ping check every 10 s). */
export const livenessCheckMs = 10_000;

/** The query string of spec §7: repeated keys, dates default to today. */
export function subscribeQuery(context: LiveContext): string {
  const params = new URLSearchParams();
  for (const [key, values] of Object.entries(context) as [keyof LiveContext, string[]][]) {
    for (const v of values) params.append(key, v);
  }
  return params.toString();
}

/**
 * The live notification connection of spec §4 and §7:
 * - sends the context when it opens and whenever it changes;
 * - answers `ping` with `pong`; `ping` and `ok` refresh the liveness time;
 * - with no ping for 30 s it closes with 3004 and reconnects;
 * - after a close it re-opens in 2 s; the first 3 consecutive failures are silent, then
 *   `onNetworkError(true)` (a persistent notice), cleared when a connection opens again;
 * - `login` closes it for good and calls `onLogin`.
 */
export class LiveConnection {
  private socket: SocketLike | null = null;
  private context: LiveContext;
  private stopped = true;
  private failures = 0;
  private notified = false;
  private lastAlive = 0;
  private reconnectTimer: unknown = null;
  private livenessTimer: unknown = null;
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly setRepeat: (fn: () => void, ms: number) => unknown;
  private readonly clearRepeat: (handle: unknown) => void;

  constructor(
    private readonly options: LiveConnectionOptions,
    initial: LiveContext,
  ) {
    this.context = initial;
    this.now = options.now ?? (() => Date.now());
    this.setTimer = options.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
    this.clearTimer = options.clearTimeout ?? ((h) => globalThis.clearTimeout(h as number));
    this.setRepeat = options.setInterval ?? ((fn, ms) => globalThis.setInterval(fn, ms));
    this.clearRepeat = options.clearInterval ?? ((h) => globalThis.clearInterval(h as number));
  }

  get isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /** Consecutive failures since the last successful open. */
  get failureCount(): number {
    return this.failures;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.livenessTimer = this.setRepeat(() => this.checkLiveness(), livenessCheckMs);
    this.open();
  }

  stop(): void {
    this.stopped = true;
    if (this.reconnectTimer !== null) this.clearTimer(this.reconnectTimer);
    if (this.livenessTimer !== null) this.clearRepeat(this.livenessTimer);
    this.reconnectTimer = null;
    this.livenessTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(socketProtocol.closeCodes.close);
    }
    if (this.notified) {
      this.notified = false;
      this.options.onNetworkError(false);
    }
  }

  /** A new context (department, dates, ...): sent at once when open, else on the next open. */
  setContext(context: LiveContext): void {
    const changed = JSON.stringify(context) !== JSON.stringify(this.context);
    this.context = context;
    if (changed && this.isOpen) this.socket?.send(JSON.stringify(context));
  }

  private open(): void {
    if (this.stopped) return;
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url(this.context));
    } catch (err) {
      this.options.log?.('live connection could not be created', err);
      this.failed();
      return;
    }
    this.socket = socket;
    this.lastAlive = this.now();
    socket.onopen = () => {
      this.lastAlive = this.now();
      this.failures = 0;
      if (this.notified) {
        this.notified = false;
        this.options.onNetworkError(false);
      }
      socket.send(JSON.stringify(this.context));
    };
    socket.onmessage = (ev) => this.receive(ev.data);
    socket.onerror = () => {
      /* the close event that follows does the work */
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.failed();
    };
  }

  private receive(raw: unknown): void {
    if (typeof raw !== 'string') return;
    const { messages, closeCodes } = socketProtocol;
    if (raw === messages.ping) {
      this.lastAlive = this.now();
      this.socket?.send(messages.pong);
      return;
    }
    if (raw === messages.ok) {
      this.lastAlive = this.now();
      return;
    }
    if (raw === messages.login) {
      const socket = this.socket;
      this.stop();
      socket?.close(closeCodes.login);
      this.options.onLogin();
      return;
    }
    try {
      this.options.onData(JSON.parse(raw) as ChangeMessage);
    } catch (err) {
      this.options.log?.('live connection: a message that is not JSON', err);
    }
  }

  private checkLiveness(): void {
    if (this.stopped || !this.socket || !this.isOpen) return;
    if (this.now() - this.lastAlive > socketProtocol.staleAfterMs) {
      const socket = this.socket;
      this.socket = null;
      socket.onclose = null;
      socket.close(socketProtocol.closeCodes.noPong);
      this.failed();
    }
  }

  private failed(): void {
    if (this.stopped) return;
    this.failures += 1;
    if (this.failures > socketProtocol.silentFailures && !this.notified) {
      this.notified = true;
      this.options.onNetworkError(true);
    }
    if (this.reconnectTimer !== null) this.clearTimer(this.reconnectTimer);
    this.reconnectTimer = this.setTimer(() => {
      this.reconnectTimer = null;
      this.open();
    }, socketProtocol.reconnectAfterMs);
  }
}

/**
 * Spec §4: the live connection runs while the user has a role and needs no e-mail or password
 * completion; when that stops being true (a role lost, a completion required) it stops.
 */
export const liveConnectionWanted = (user: {
  role?: string | null;
  requiresEmail?: boolean;
  requiresPwd?: boolean;
}): boolean => Boolean(user.role) && !user.requiresEmail && !user.requiresPwd;

import { createHash, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import { BroadcastChannel } from 'node:worker_threads';
import pg from 'pg';
import type { Knex } from 'knex';
import { preparedQuery } from './prepared.js';
import type { Logger } from '../logger.js';

/** This process, as NOTIFY payloads name it (threads of one process share it). */
export const processTag = `${hostname()}:${process.pid}`;

/**
 * The least time between two NOTIFYs of one channel from one notifier (cross-process wake-ups).
 * The first signal after a quiet spell goes at once; a stream of appends wakes a reader in another
 * process at most 50 times a second, each wake-up reading what came meanwhile as one batch. At 200
 * commands/s this took 11–22 points of the machine's 200 % off the topology (the projector, the
 * relays and PostgreSQL, bench:topology) against 5 ms, for at most 20 ms more per hop (decision
 * record 0025).
 */
export const NOTIFY_INTERVAL_MS = 20;

/**
 * Wake-up signals: within this process (every thread, e.g. the projector's worker) through a
 * BroadcastChannel, which costs no database round trip; between processes over PostgreSQL
 * LISTEN/NOTIFY, at most one NOTIFY per channel every NOTIFY_INTERVAL_MS (a burst of appends
 * costs one). A signal carries no data: readers re-read their table from their checkpoint, so a
 * lost or late signal only delays them until the next one or their poll (the safety net).
 */
export interface Waiter {
  /** Resolves on a signal since the last call, or after `timeoutMs`, or when `signal` aborts. */
  wait(timeoutMs: number, signal?: AbortSignal): Promise<void>;
  close(): void;
}

export interface NotifyOptions {
  /** The least time between two NOTIFYs of the channel (default NOTIFY_INTERVAL_MS). */
  minIntervalMs?: number;
}

export class Notifier {
  private readonly local = new EventEmitter();
  private client: pg.Client | null = null;
  private readonly channels = new Set<string>();
  private readonly pending = new Map<string, 'sending' | 'again'>();
  /** Channels with a signal to the other threads due at the end of this turn. */
  private readonly threadSignals = new Set<string>();
  private closed = false;
  /** Tells this notifier's own in-process signals apart. */
  private readonly instance = randomUUID();
  /** Notifiers of the same database in this process's threads. */
  private readonly threads: BroadcastChannel;
  /** When each channel's last NOTIFY went (one channel's burst does not hold up another's). */
  private readonly lastSent = new Map<string, number>();
  /** Each channel's least time between NOTIFYs, as its latest `notify` asked. */
  private readonly intervals = new Map<string, number>();
  /** The one pending attempt to connect the LISTEN connection again (never two at once). */
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly knex: Knex,
    private readonly logger: Logger,
  ) {
    this.local.setMaxListeners(0);
    const database = createHash('sha256')
      .update(url.replace(/\/\/[^@/]*@/, '//'))
      .digest('hex');
    this.threads = new BroadcastChannel(`nordlog-notifier:${database.slice(0, 16)}`);
    this.threads.onmessage = (message: unknown) => {
      const data = (message as { data?: { channel?: string; from?: string } }).data;
      if (data?.channel && data.from !== this.instance) this.local.emit(data.channel);
    };
    this.threads.unref();
  }

  /**
   * Calls `listener` on every signal of `channel`, from this process or another one. When the
   * database cannot be reached, signals of this process's threads still arrive at once and those
   * of other processes once the LISTEN connection is back (it is retried until it is).
   */
  async listen(channel: string, listener: () => void): Promise<() => void> {
    this.local.on(channel, listener);
    await this.ensureListening(channel).catch((err: unknown) =>
      this.logger.warn({ err, channel }, 'LISTEN failed; retrying until the database answers'),
    );
    return () => this.local.off(channel, listener);
  }

  /**
   * LISTENs on `channel` once, so signals of other processes arrive too. Rejects when the
   * database cannot be reached; the channel is LISTENed on as soon as it can be.
   */
  async ensureListening(channel: string): Promise<void> {
    if (this.channels.has(channel) || this.closed) return;
    this.channels.add(channel);
    try {
      const client = await this.connection();
      await client.query(`listen "${channel}"`);
    } catch (err) {
      // The channel stays listed: the reconnection LISTENs on every listed channel.
      this.scheduleReconnect(1000);
      throw err;
    }
  }

  /**
   * Signals `channel`: at once to this process's threads; to other processes by a NOTIFY, where
   * calls coalesce into at most one in flight and one per `minIntervalMs` (NOTIFY_INTERVAL_MS
   * unless told).
   *
   * `minIntervalMs: 0` is for a sender that is paced already, such as the projector, which
   * signals once per batch it commits. An interval on such a signal does not save wake-ups, but it
   * delays them: when the signals come about as often as the interval allows, each is held until
   * the interval after the one before, so the delay grows to that of the slowest batch since the
   * stream began (bench:topology measured 8 ms at the median, 20 ms at p99; decision record 0025).
   */
  notify(channel: string, { minIntervalMs = NOTIFY_INTERVAL_MS }: NotifyOptions = {}): void {
    this.intervals.set(channel, minIntervalMs);
    this.local.emit(channel);
    this.signalThreads(channel);
    const state = this.pending.get(channel);
    if (state) {
      this.pending.set(channel, 'again');
      return;
    }
    this.pending.set(channel, 'sending');
    this.sendSoon(channel);
  }

  /**
   * Signals the other threads (the projector's worker) once per turn of the event loop whatever
   * the number of notifies in it: under load many appends end in one turn, and a message to a
   * thread costs a structured clone and a wake-up each (a twentieth of the server thread's time
   * at 16 bookings in flight, decision record 0045).
   */
  private signalThreads(channel: string): void {
    if (this.closed || this.threadSignals.has(channel)) return;
    this.threadSignals.add(channel);
    setImmediate(() => {
      this.threadSignals.delete(channel);
      if (!this.closed) this.threads.postMessage({ channel, from: this.instance });
    });
  }

  private sendSoon(channel: string): void {
    const interval = this.intervals.get(channel) ?? NOTIFY_INTERVAL_MS;
    const wait = (this.lastSent.get(channel) ?? 0) + interval - Date.now();
    if (wait <= 0) void this.send(channel);
    else setTimeout(() => void this.send(channel), wait).unref();
  }

  private async send(channel: string): Promise<void> {
    this.lastSent.set(channel, Date.now());
    try {
      // A wake-up needs no durability: its commit does not wait for the WAL flush.
      if (!this.closed) {
        await preparedQuery(
          this.knex,
          `select set_config('synchronous_commit', 'off', true), pg_notify($1, $2)`,
          [channel, processTag],
        );
      }
    } catch (err) {
      if (!this.closed)
        this.logger.warn({ err, channel }, 'NOTIFY failed; readers fall back to polling');
    }
    if (this.pending.get(channel) === 'again' && !this.closed) {
      this.pending.set(channel, 'sending');
      this.sendSoon(channel);
    } else {
      this.pending.delete(channel);
    }
  }

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({
      connectionString: this.url,
      application_name: 'nordlog-listen',
    });
    client.on('notification', (msg) => {
      // Signals from this process (any thread) were already delivered through the BroadcastChannel.
      if (msg.payload !== processTag) this.local.emit(msg.channel);
    });
    const lost = () => {
      // Only the current connection: an old one that fails late must not drop its successor.
      if (this.client !== client) return false;
      this.client = null;
      void client.end().catch(() => undefined);
      this.scheduleReconnect(1000);
      return true;
    };
    client.on('error', (err) => {
      if (lost()) this.logger.warn({ err }, 'LISTEN connection lost; reconnecting');
    });
    // A connection the server closed without an error message is lost all the same.
    client.on('end', () => {
      if (!this.closed && lost()) this.logger.warn('LISTEN connection ended; reconnecting');
    });
    this.client = client;
    try {
      await client.connect();
    } catch (err) {
      // A failed connection is never handed out again; the next call makes a new one.
      if (this.client === client) this.client = null;
      throw err;
    }
    return client;
  }

  private scheduleReconnect(ms: number): void {
    if (this.closed || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.reconnect();
    }, ms);
    this.reconnectTimer.unref();
  }

  /** LISTENs again on every channel, then wakes every reader (signals may have been missed). */
  private async reconnect(): Promise<void> {
    if (this.closed) return;
    try {
      const client = await this.connection();
      for (const channel of this.channels) await client.query(`listen "${channel}"`);
      for (const channel of this.channels) this.local.emit(channel);
    } catch (err) {
      if (this.closed) return;
      this.logger.warn({ err }, 'LISTEN reconnect failed; retrying');
      this.scheduleReconnect(2000);
    }
  }

  /**
   * A waiter remembers a signal that came while its owner was busy reading, so the next `wait`
   * returns at once instead of sleeping through it.
   */
  createWaiter(channel: string): Waiter {
    this.ensureListening(channel).catch((err: unknown) =>
      this.logger.warn({ err, channel }, 'LISTEN failed; polling only'),
    );
    return signalWaiter(this.local, channel);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.threads.close();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

/**
 * A waiter on an emitter's event: it remembers a signal that came while its owner was busy
 * reading, so the next `wait` returns at once instead of sleeping through it. `onClose` runs once.
 */
export function signalWaiter(
  emitter: EventEmitter,
  event: string,
  onClose: () => void = () => undefined,
): Waiter {
  let dirty = false;
  let closed = false;
  let wake: (() => void) | null = null;
  const onSignal = () => {
    dirty = true;
    wake?.();
  };
  emitter.on(event, onSignal);
  return {
    wait: (timeoutMs, signal) =>
      new Promise<void>((resolve) => {
        if (dirty || signal?.aborted) {
          dirty = false;
          resolve();
          return;
        }
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          wake = null;
          dirty = false;
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        wake = done;
        signal?.addEventListener('abort', done, { once: true });
      }),
    close: () => {
      if (closed) return;
      closed = true;
      emitter.off(event, onSignal);
      wake?.();
      onClose();
    },
  };
}

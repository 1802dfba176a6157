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

/** The least time between two NOTIFYs of one channel from one notifier (cross-process wake-ups). */
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

export class Notifier {
  private readonly local = new EventEmitter();
  private client: pg.Client | null = null;
  private readonly channels = new Set<string>();
  private readonly pending = new Map<string, 'sending' | 'again'>();
  private closed = false;
  /** Tells this notifier's own in-process signals apart. */
  private readonly instance = randomUUID();
  /** Notifiers of the same database in this process's threads. */
  private readonly threads: BroadcastChannel;
  private lastSent = 0;

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

  /** Calls `listener` on every signal of `channel`, from this process or another one. */
  async listen(channel: string, listener: () => void): Promise<() => void> {
    this.local.on(channel, listener);
    await this.ensureListening(channel);
    return () => this.local.off(channel, listener);
  }

  /** LISTENs on `channel` once, so signals of other processes arrive too. */
  async ensureListening(channel: string): Promise<void> {
    if (this.channels.has(channel) || this.closed) return;
    this.channels.add(channel);
    const client = await this.connection();
    await client.query(`listen "${channel}"`);
  }

  /**
   * Signals `channel`: at once to this process's threads; to other processes by a NOTIFY, where
   * calls coalesce into at most one in flight and one per NOTIFY_INTERVAL_MS.
   */
  notify(channel: string): void {
    this.local.emit(channel);
    if (!this.closed) this.threads.postMessage({ channel, from: this.instance });
    const state = this.pending.get(channel);
    if (state) {
      this.pending.set(channel, 'again');
      return;
    }
    this.pending.set(channel, 'sending');
    this.sendSoon(channel);
  }

  private sendSoon(channel: string): void {
    const wait = this.lastSent + NOTIFY_INTERVAL_MS - Date.now();
    if (wait <= 0) void this.send(channel);
    else setTimeout(() => void this.send(channel), wait).unref();
  }

  private async send(channel: string): Promise<void> {
    this.lastSent = Date.now();
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
    client.on('error', (err) => {
      this.logger.warn({ err }, 'LISTEN connection lost; reconnecting');
      this.client = null;
      void client.end().catch(() => undefined);
      setTimeout(() => void this.reconnect(), 1000).unref();
    });
    this.client = client;
    await client.connect();
    return client;
  }

  private async reconnect(): Promise<void> {
    if (this.closed) return;
    try {
      const client = await this.connection();
      for (const channel of this.channels) await client.query(`listen "${channel}"`);
      for (const channel of this.channels) this.local.emit(channel);
    } catch (err) {
      this.client = null;
      this.logger.warn({ err }, 'LISTEN reconnect failed; retrying');
      setTimeout(() => void this.reconnect(), 2000).unref();
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
    let dirty = false;
    let wake: (() => void) | null = null;
    const onSignal = () => {
      dirty = true;
      wake?.();
    };
    this.local.on(channel, onSignal);
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
        this.local.off(channel, onSignal);
        wake?.();
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.threads.close();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

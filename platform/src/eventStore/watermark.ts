import { START, comparePositions, type GlobalPosition } from '@nordlog/contracts';
import type { Knex } from 'knex';
import { CHANGES_CHANNEL } from '../changeBus/index.js';
import type { Notifier } from '../db/notifier.js';
import type { Logger } from '../logger.js';

/** The projector's checkpoints (platform migration 0002; moved by projector/framework/runner). */
export const CHECKPOINTS_TABLE = 'projection_checkpoints';

interface Pending {
  target: GlobalPosition;
  resolve: (reached: boolean) => void;
  timer: NodeJS.Timeout;
}

/**
 * Read-your-writes: waits until the read models have projected the event at a position a
 * command answered with.
 *
 * The global order is (transaction id, position), not the position alone (0003): an event with a
 * smaller position can belong to a later transaction and be projected after a larger one. So the
 * event's transaction id is looked up first. An event the slowest checkpoint has not reached lies
 * after that checkpoint in the (transaction_id, position) index, so the lookup only scans the
 * not-yet-projected tail; found nothing means projected already (or no such event).
 *
 * Waiting costs no polling: the projector signals `rm_changes` after every batch it commits (also
 * from another process or worker thread, over NOTIFY), and one check of the checkpoints then
 * serves every waiting request. A lost signal only makes a request wait until its time-out.
 */
export class ProjectionWatermark {
  private readonly pending = new Set<Pending>();
  private listening: Promise<void> | null = null;
  private unlisten: (() => void) | null = null;
  private checking = false;
  private again = false;

  constructor(
    private readonly knex: Knex,
    private readonly notifier: Notifier,
    private readonly options: {
      /** Projections that must have caught up (default: every checkpoint row). */
      projections?: readonly string[];
      logger?: Logger;
    } = {},
  ) {}

  /** True once every projection has applied the event at `position`; false after `timeoutMs`. */
  async waitFor(position: string, timeoutMs: number): Promise<boolean> {
    if (!/^\d{1,18}$/.test(position)) throw new RangeError(`not a position: ${position}`);
    this.listening ??= this.notifier
      .listen(CHANGES_CHANNEL, () => this.check())
      .then((off) => void (this.unlisten = off))
      .catch((err: unknown) => this.options.logger?.warn({ err }, 'LISTEN failed; waits time out'));
    await this.listening;
    const target = await this.locate(position);
    if (!target) return true;
    return new Promise<boolean>((resolve) => {
      const entry: Pending = {
        target,
        resolve,
        timer: setTimeout(() => {
          this.pending.delete(entry);
          resolve(false);
        }, timeoutMs),
      };
      this.pending.add(entry);
      this.check();
    });
  }

  /** The slowest checkpoint of the projections that count. */
  async lowest(): Promise<GlobalPosition> {
    const q = this.knex(CHECKPOINTS_TABLE).select<{ transactionId: string; position: string }[]>(
      this.knex.raw('transaction_id::text as "transactionId"'),
      this.knex.raw('position::text as position'),
    );
    const names = this.options.projections;
    if (names) q.whereIn('name', [...names]);
    const rows = await q;
    if (names && rows.length < names.length) return START;
    return (
      rows.reduce<GlobalPosition | null>(
        (min, p) => (min === null || comparePositions(p, min) < 0 ? p : min),
        null,
      ) ?? START
    );
  }

  /** The event's place in the global order when it is not projected yet; null otherwise. */
  private async locate(position: string): Promise<GlobalPosition | null> {
    const low = await this.lowest();
    const result = await this.knex.raw<{ rows: { tx: string }[] }>(
      `select transaction_id::text as tx from es_events
       where (transaction_id, position) > (?::text::xid8, ?::bigint) and position = ?::bigint
       limit 1`,
      [low.transactionId, low.position, position],
    );
    const tx = result.rows[0]?.tx;
    return tx === undefined ? null : { transactionId: tx, position };
  }

  private check(): void {
    if (this.pending.size === 0) return;
    if (this.checking) {
      this.again = true;
      return;
    }
    this.checking = true;
    void (async () => {
      try {
        do {
          this.again = false;
          const low = await this.lowest();
          for (const entry of this.pending) {
            if (comparePositions(entry.target, low) > 0) continue;
            clearTimeout(entry.timer);
            this.pending.delete(entry);
            entry.resolve(true);
          }
        } while (this.again && this.pending.size > 0);
      } catch (err) {
        this.options.logger?.warn({ err }, 'reading the projection checkpoints failed');
      } finally {
        this.checking = false;
      }
    })();
  }

  /** Answers every waiting request (not reached) and stops listening. */
  close(): void {
    for (const entry of this.pending) {
      clearTimeout(entry.timer);
      entry.resolve(false);
    }
    this.pending.clear();
    this.unlisten?.();
  }
}

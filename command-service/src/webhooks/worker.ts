import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_ANSWER_EXCERPT,
  WEBHOOK_ATTEMPTS_TABLE,
  WEBHOOK_DELIVERIES_CHANNEL,
  WEBHOOK_DELIVERIES_TABLE,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  WEBHOOKS_TABLE,
  nextAttemptAt,
} from '@nordlog/contracts';
import {
  postWebhook,
  signWebhook,
  webhookSecret,
  type Knex,
  type Logger,
  type Notifier,
  type PostResult,
} from '@nordlog/platform';
import { PeriodicJob } from '../framework/periodicJob.js';

export interface WebhookWorkerDeps {
  knex: Knex;
  logger: Logger;
  /** The key the hooks' secrets are derived from (WEBHOOK_SIGNING_KEY). */
  signingKey: string;
  /** Private and loopback receivers and plain http allowed (development and tests). */
  allowLocal: boolean;
  /** How long a receiver has to answer (default 10 s). */
  timeoutMs?: number;
  intervalMs?: number;
  clock?: () => Date;
  /** Deliveries claimed per round (default 200) and posted side by side (default 32). */
  batch?: number;
  concurrency?: number;
  /** Deliveries (and their attempts) kept this long after they were queued (default 30 days). */
  keepDays?: number;
  /**
   * The database's wake-up signals: the enqueuer NOTIFYs when it queues deliveries, and a started
   * worker makes a pass at once instead of at its next round (which stays, for retries coming due
   * and a signal lost).
   */
  signals?: Pick<Notifier, 'listen'>;
}

interface Claimed {
  id: string;
  webhook_id: string;
  payload: unknown;
  attempts: number;
  created_at: Date;
  url: string | null;
  secret_version: number | null;
  hook_state: 'live' | 'disabled' | 'gone';
}

/**
 * The webhook worker (docs/decisions/0070-webhooks.md): sends the deliveries the enqueuer queued.
 * Each round claims the due deliveries with a lease (`claim`, `claimed_until`; `for update skip
 * locked`), so two workers never post the same delivery at once and a worker that dies mid-post
 * leaves it to be tried again when the lease runs out (at least once: a receiver de-duplicates by
 * the `webhook-id` header). Each attempt is recorded with its status, answer and duration; a 2xx
 * delivers, anything else waits the back-off (contracts `retryDelayMs`, ±20 %) until a day from
 * queueing, then FAILED. A disabled hook's deliveries wait; a deleted hook's fail at once.
 */
export class WebhookWorker extends PeriodicJob {
  private lastPurge = 0;

  constructor(private readonly deps: WebhookWorkerDeps) {
    super(deps.intervalMs ?? 1000, deps.clock ?? (() => new Date()));
  }

  private unlisten: (() => void) | null = null;

  override start(): void {
    super.start();
    void this.deps.signals
      ?.listen(WEBHOOK_DELIVERIES_CHANNEL, () => this.wake())
      .then((unlisten) => {
        if (this.stopped) unlisten();
        else this.unlisten = unlisten;
      });
  }

  override async stop(): Promise<void> {
    this.unlisten?.();
    this.unlisten = null;
    await super.stop();
  }

  private get timeoutMs() {
    return this.deps.timeoutMs ?? 10_000;
  }

  protected async run(now: Date): Promise<number> {
    let done = 0;
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) break;
      await this.inParallel(claimed, (d) => this.deliver(d));
      done += claimed.length;
      if (this.stopped || claimed.length < (this.deps.batch ?? 200)) break;
    }
    if (now.getTime() - this.lastPurge > 3600_000) {
      this.lastPurge = now.getTime();
      await this.purge(now);
    }
    return done;
  }

  /** The due deliveries, leased for longer than a post can take. */
  private async claim(): Promise<(Claimed & { claim: string })[]> {
    const { knex } = this.deps;
    const claim = randomUUID();
    const leaseSeconds = Math.ceil(this.timeoutMs / 1000) * 3 + 30;
    const { rows } = await knex.raw<{ rows: Claimed[] }>(
      `with due as (
         select id from ${WEBHOOK_DELIVERIES_TABLE}
          where status = 'PENDING' and next_at <= now()
            and (claimed_until is null or claimed_until < now())
          order by next_at limit ? for update skip locked),
       taken as (
         update ${WEBHOOK_DELIVERIES_TABLE} d
            set claim = ?, claimed_until = now() + make_interval(secs => ?), attempts = d.attempts + 1
           from due where d.id = due.id
         returning d.id, d.webhook_id, d.payload, d.attempts, d.created_at)
       select t.id, t.webhook_id::text as webhook_id, t.payload, t.attempts, t.created_at,
         w.data->>'url' as url, (w.data->>'secretVersion')::int as secret_version,
         case when w.id is null or w.deleted then 'gone'
              when (w.data->>'enabled')::boolean then 'live' else 'disabled' end as hook_state
         from taken t left join ${WEBHOOKS_TABLE} w on w.id = t.webhook_id`,
      [this.deps.batch ?? 200, claim, leaseSeconds],
    );
    return rows.map((r) => ({ ...r, claim }));
  }

  private async deliver(d: Claimed & { claim: string }): Promise<void> {
    if (d.hook_state !== 'live' || !d.url || d.secret_version === null) {
      const result: PostResult = {
        statusCode: null,
        answer: null,
        durationMs: 0,
        error: d.hook_state === 'gone' ? 'the webhook was deleted' : 'the webhook is disabled',
      };
      // A disabled hook's delivery is not an attempt: it waits, without using a try.
      if (d.hook_state === 'disabled') return this.hold(d);
      return this.record(d, result, true);
    }
    const body = JSON.stringify(d.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const secret = webhookSecret(this.deps.signingKey, d.webhook_id, d.secret_version);
    const result = await postWebhook({
      url: d.url,
      body,
      headers: {
        [WEBHOOK_ID_HEADER]: d.id,
        [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
      },
      timeoutMs: this.timeoutMs,
      allowLocal: this.deps.allowLocal,
      excerpt: WEBHOOK_ANSWER_EXCERPT,
    });
    if (result.error)
      this.deps.logger.warn(
        { webhookId: d.webhook_id, delivery: d.id, attempt: d.attempts, error: result.error },
        'webhook not delivered',
      );
    await this.record(d, result, false);
  }

  /** Gives a disabled hook's delivery back, its try not counted, to be looked at in a minute. */
  private async hold(d: Claimed & { claim: string }): Promise<void> {
    const { knex } = this.deps;
    const expired = Date.now() - d.created_at.getTime() > 24 * 3600_000;
    await knex(WEBHOOK_DELIVERIES_TABLE)
      .where({ id: d.id, claim: d.claim })
      .update({
        attempts: d.attempts - 1,
        claim: null,
        claimed_until: null,
        next_at: knex.raw(`now() + interval '1 minute'`),
        ...(expired ? { status: 'FAILED', last_error: 'the webhook was disabled for a day' } : {}),
      });
  }

  /** One attempt's outcome: logged, and the delivery delivered, due again, or failed. */
  private async record(d: Claimed & { claim: string }, r: PostResult, final: boolean) {
    const { knex } = this.deps;
    const at = new Date();
    const ok = r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;
    const next =
      ok || final ? null : nextAttemptAt(d.created_at, d.attempts, at, 0.8 + Math.random() * 0.4);
    const error = r.error ?? (ok ? null : `answered ${r.statusCode}`);
    await knex.transaction(async (trx) => {
      // Only the claim's holder records (a late answer after the lease ran out changes nothing).
      const updated = await trx(WEBHOOK_DELIVERIES_TABLE)
        .where({ id: d.id, claim: d.claim })
        .update({
          status: ok ? 'DELIVERED' : next ? 'PENDING' : 'FAILED',
          next_at: next ?? at,
          claim: null,
          claimed_until: null,
          delivered_at: ok ? at : null,
          last_status_code: r.statusCode,
          last_error: error,
        });
      if (updated === 0) return;
      await trx(WEBHOOK_ATTEMPTS_TABLE)
        .insert({
          delivery_id: d.id,
          attempt: d.attempts,
          at,
          status_code: r.statusCode,
          duration_ms: r.durationMs,
          answer: r.answer,
          error,
        })
        .onConflict(['delivery_id', 'attempt'])
        .ignore();
    });
  }

  private async purge(now: Date): Promise<void> {
    const days = this.deps.keepDays ?? 30;
    const before = new Date(now.getTime() - days * 86_400_000);
    await this.deps.knex(WEBHOOK_DELIVERIES_TABLE).where('created_at', '<', before).delete();
  }

  private async inParallel<T>(items: T[], work: (t: T) => Promise<void>): Promise<void> {
    let next = 0;
    const lanes = Array.from(
      { length: Math.min(this.deps.concurrency ?? 32, items.length) },
      async () => {
        while (next < items.length) {
          const item = items[next++]!;
          try {
            await work(item);
          } catch (err) {
            this.deps.logger.error({ err }, 'webhook delivery not recorded');
          }
        }
      },
    );
    await Promise.all(lanes);
  }
}

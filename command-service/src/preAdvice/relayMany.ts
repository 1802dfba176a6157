import { type PreAdviceMessages } from '@nordlog/contracts';
import { type OutgoingMessage } from '@nordlog/platform';
import type { ChannelResult, DeliveryResult } from './decider.js';
import {
  handOver,
  handOverRecorded,
  markAnswered,
  relayAttempt,
  toMessage,
  type RelayDeps,
} from './relay.js';

/** One attempt's queued messages, to be handed over. */
export interface QueuedAttempt {
  orderId: string;
  key: string;
  messages: PreAdviceMessages;
}

interface Claimable {
  orderId: string;
  /** `{key}:{channel}`, as `pre_advice_sends` keys a message. */
  sendKey: string;
  attempt: number;
  message: OutgoingMessage;
}

/**
 * Hands many attempts' messages over in a few statements (docs/decisions/0062, addendum "the pass
 * in batches"), with the guarantees of `relayAttempt`: all messages claimed in `pre_advice_sends`
 * in one INSERT … ON CONFLICT (a claim taken, or a lapsed one taken over, exactly as one by one),
 * the answers of those claimed elsewhere and already answered read in one SELECT, the claimed ones
 * stored with their answers in one transaction where the port stores in the same database (the
 * outbox, `handOverRecorded`), else handed to the port at once where it takes many (`sendMany`,
 * all or none; one by one otherwise or when that fails) and their answers written in one UPDATE;
 * the failed claims freed in another.
 * Returns each attempt's result in the order given (null: it waits, as `relayAttempt`). When a
 * bulk statement fails (a deadlock with another pass), the attempts are relayed one by one.
 */
export async function relayMany(
  deps: RelayDeps,
  attempts: readonly QueuedAttempt[],
): Promise<(DeliveryResult | null)[]> {
  try {
    return await relayBulk(deps, attempts);
  } catch (err) {
    deps.logger.warn({ err, attempts: attempts.length }, 'pre-advice relayed one by one');
    const results: (DeliveryResult | null)[] = [];
    for (const a of attempts) results.push(await relayAttempt(deps, a.orderId, a.key, a.messages));
    return results;
  }
}

async function relayBulk(
  deps: RelayDeps,
  attempts: readonly QueuedAttempt[],
): Promise<(DeliveryResult | null)[]> {
  const { knex } = deps;
  const lease = (deps.leaseMs ?? 60_000) / 1000;
  const wanted: Claimable[] = [];
  attempts.forEach((a, attempt) => {
    for (const channel of ['sms', 'email'] as const) {
      const message = toMessage(channel, a.messages);
      if (message)
        wanted.push({ orderId: a.orderId, sendKey: `${a.key}:${channel}`, attempt, message });
    }
  });
  // One lock order for every pass: two passes claiming the same messages do not deadlock.
  wanted.sort((x, y) =>
    x.orderId === y.orderId ? x.sendKey.localeCompare(y.sendKey) : x.orderId < y.orderId ? -1 : 1,
  );
  const answers = new Map<Claimable, ChannelResult | undefined>();
  const id = (orderId: string, sendKey: string) => `${orderId}\u0000${sendKey}`;
  const byId = new Map(wanted.map((w) => [id(w.orderId, w.sendKey), w]));
  const orderIds = wanted.map((w) => w.orderId);
  const sendKeys = wanted.map((w) => w.sendKey);
  const claimed =
    wanted.length === 0
      ? { rows: [] }
      : await knex.raw<{ rows: { order_id: string; key: string; attempts: number }[] }>(
          `insert into pre_advice_sends (order_id, key)
           select * from unnest(?::text[], ?::text[])
           on conflict (order_id, key) do update
             set attempts = pre_advice_sends.attempts + 1, claimed_at = now()
             where pre_advice_sends.sent_at is null
               and pre_advice_sends.claimed_at < now() - make_interval(secs => ?)
           returning order_id, key, attempts`,
          [orderIds, sendKeys, lease],
        );
  const mine = new Map<Claimable, number>();
  for (const r of claimed.rows) mine.set(byId.get(id(r.order_id, r.key))!, r.attempts);
  const others = wanted.filter((w) => !mine.has(w));
  if (others.length > 0) {
    // Answered before (the outcome was not recorded yet), or claimed by another pass (waits).
    const done = await knex.raw<{
      rows: { order_id: string; key: string; answer: ChannelResult }[];
    }>(
      `select s.order_id, s.key, s.result->>'answer' as answer
       from pre_advice_sends s join unnest(?::text[], ?::text[]) u(order_id, key)
         on s.order_id = u.order_id and s.key = u.key
       where s.sent_at is not null`,
      [others.map((w) => w.orderId), others.map((w) => w.sendKey)],
    );
    for (const r of done.rows) answers.set(byId.get(id(r.order_id, r.key))!, r.answer);
  }
  const toSend = [...mine.keys()];
  // Stored with their answers in one transaction where the port can (the outbox).
  const recorded = await handOverRecorded(deps, toSend);
  if (recorded === 'stored') for (const w of toSend) answers.set(w, 'sent');
  // Failed: none stored, none handed over another way; their claims are freed below.
  let handed = recorded !== 'unsupported';
  if (!handed && deps.messages.sendMany && toSend.length > 0)
    try {
      await deps.messages.sendMany(toSend.map((w) => w.message));
      for (const w of toSend) answers.set(w, 'sent');
      handed = true;
    } catch (err) {
      deps.logger.warn({ err, messages: toSend.length }, 'pre-advice messages handed one by one');
    }
  if (!handed)
    for (const w of toSend) answers.set(w, await handOver(deps, w.message, mine.get(w)!));
  if (recorded === 'unsupported')
    await markAnswered(
      knex,
      toSend.flatMap((w) => {
        const answer = answers.get(w);
        return answer === undefined ? [] : [{ ...w, answer }];
      }),
    );
  const failed = toSend.filter((w) => answers.get(w) === undefined);
  if (failed.length > 0)
    // Free the claims for the next pass.
    await knex.raw(
      `update pre_advice_sends s
       set claimed_at = now() - make_interval(secs => ?)
       from unnest(?::text[], ?::text[]) u(order_id, key)
       where s.order_id = u.order_id and s.key = u.key`,
      [lease, failed.map((w) => w.orderId), failed.map((w) => w.sendKey)],
    );
  // Each attempt's result; null while one of its messages waits.
  const results: (DeliveryResult | null)[] = attempts.map(() => ({ sms: null, email: null }));
  for (const w of wanted) {
    const result = results[w.attempt];
    if (!result) continue;
    const answer = answers.get(w);
    if (answer === undefined) results[w.attempt] = null;
    else result[w.message.channel] = answer;
  }
  return results;
}

import { type PreAdviceMessages } from '@nordlog/contracts';
import {
  DeliveryError,
  maskRecipient,
  type Knex,
  type Logger,
  type MessagePort,
  type OutgoingMessage,
} from '@nordlog/platform';
import type { ChannelResult, DeliveryResult } from './decider.js';

/** What the relay needs: the send log's database, the delivery adapters, a logger. */
export interface RelayDeps {
  knex: Knex;
  messages: MessagePort;
  logger: Logger;
  /** How long a claim holds before another pass may try the message again (default 60 s). */
  leaseMs?: number;
  /** Tries of a channel that fails before its message ends as ERROR (default 5). */
  maxAttempts?: number;
}

type Channel = 'sms' | 'email';

export const toMessage = (channel: Channel, m: PreAdviceMessages): OutgoingMessage | null => {
  if (channel === 'sms') return m.sms ? { channel: 'sms', to: m.sms.to, body: m.sms.body } : null;
  return m.email
    ? { channel: 'email', to: m.email.to, subject: m.email.subject, body: m.email.body }
    : null;
};

/**
 * Hands one attempt's messages to the delivery adapters (docs/decisions/0062, "the outbox"): each
 * message (order, key, channel) is claimed in `pre_advice_sends` before it is handed over and
 * marked with the adapter's answer after, so two processes, a retry or a restart never hand it
 * over twice once it was taken. A channel that fails (DeliveryError of scope `service`, or any
 * other error) is tried again after the lease, `maxAttempts` times; a refused recipient is final.
 * The answer is null while a message waits (claimed elsewhere, or to be tried again).
 */
export async function relayAttempt(
  deps: RelayDeps,
  orderId: string,
  key: string,
  messages: PreAdviceMessages,
): Promise<DeliveryResult | null> {
  const result: DeliveryResult = { sms: null, email: null };
  for (const channel of ['sms', 'email'] as const) {
    const message = toMessage(channel, messages);
    if (!message) continue;
    const answer = await relayOne(deps, orderId, `${key}:${channel}`, message);
    if (answer === undefined) return null;
    result[channel] = answer;
  }
  return result;
}

/** One message: its answer, or undefined while it waits. */
async function relayOne(
  deps: RelayDeps,
  orderId: string,
  key: string,
  message: OutgoingMessage,
): Promise<ChannelResult | undefined> {
  const { knex } = deps;
  const lease = deps.leaseMs ?? 60_000;
  const claimed = await knex.raw<{ rows: { attempts: number }[] }>(
    `insert into pre_advice_sends (order_id, key) values (?, ?)
     on conflict (order_id, key) do update
       set attempts = pre_advice_sends.attempts + 1, claimed_at = now()
       where pre_advice_sends.sent_at is null
         and pre_advice_sends.claimed_at < now() - make_interval(secs => ?)
     returning attempts`,
    [orderId, key, lease / 1000],
  );
  const claim = claimed.rows[0];
  if (!claim) {
    // Answered before (the outcome was not recorded yet), or claimed by another pass.
    const done = await knex('pre_advice_sends')
      .where({ order_id: orderId, key })
      .whereNotNull('sent_at')
      .first<{ result: { answer: ChannelResult } } | undefined>('result');
    return done ? done.result.answer : undefined;
  }
  const recorded = await handOverRecorded(deps, [{ orderId, sendKey: key, message }]);
  if (recorded === 'stored') return 'sent';
  const answer = recorded === 'failed' ? undefined : await handOver(deps, message, claim.attempts);
  if (answer === undefined) {
    // Free the claim for the next pass.
    await knex('pre_advice_sends')
      .where({ order_id: orderId, key })
      .update({ claimed_at: knex.raw(`now() - make_interval(secs => ?)`, [lease / 1000]) });
    return undefined;
  }
  await knex('pre_advice_sends')
    .where({ order_id: orderId, key })
    .update({ sent_at: knex.fn.now(), result: { answer } });
  return answer;
}

/** A claimed message: the order, its `{key}:{channel}` in `pre_advice_sends`, the message. */
export interface ClaimedSend {
  orderId: string;
  sendKey: string;
  message: OutgoingMessage;
}

/**
 * Where the port stores its messages in the send log's own database (the outbox), the messages
 * and their answer `sent` are written in one transaction: a crash between handing over and
 * recording the answer cannot happen, so no message is handed over again after the lease (0062,
 * addendum "the crash window closed"). `unsupported`: the port cannot (the caller hands over as
 * before); `failed`: the transaction failed and nothing was stored, the messages wait for the
 * next pass (never handed over another way, which would reopen the window).
 */
export async function handOverRecorded(
  deps: RelayDeps,
  sends: readonly ClaimedSend[],
): Promise<'stored' | 'failed' | 'unsupported'> {
  const port = deps.messages.transactional;
  if (!port || port.knex !== deps.knex || sends.length === 0) return 'unsupported';
  try {
    await deps.knex.transaction(async (trx) => {
      await port.sendMany(
        trx,
        sends.map((s) => s.message),
      );
      await markAnswered(
        trx,
        sends.map((s) => ({ ...s, answer: 'sent' as const })),
      );
    });
    return 'stored';
  } catch (err) {
    deps.logger.warn({ err, messages: sends.length }, 'pre-advice messages not stored; they wait');
    return 'failed';
  }
}

/** The answers of claimed messages, written in one statement. */
export async function markAnswered(
  knex: Knex,
  answered: readonly (ClaimedSend & { answer: ChannelResult })[],
): Promise<void> {
  if (answered.length === 0) return;
  await knex.raw(
    `update pre_advice_sends s
     set sent_at = now(), result = jsonb_build_object('answer', u.answer)
     from unnest(?::text[], ?::text[], ?::text[]) u(order_id, key, answer)
     where s.order_id = u.order_id and s.key = u.key`,
    [
      answered.map((a) => a.orderId),
      answered.map((a) => a.sendKey),
      answered.map((a) => a.answer) as string[],
    ],
  );
}

export async function handOver(
  deps: RelayDeps,
  message: OutgoingMessage,
  attempt: number,
): Promise<ChannelResult | undefined> {
  try {
    await deps.messages.send(message);
    return 'sent';
  } catch (err) {
    const refused = err instanceof DeliveryError && err.scope === 'recipient';
    deps.logger.warn(
      { err, channel: message.channel, to: maskRecipient(message.to), attempt, refused },
      'pre-advice message not delivered',
    );
    if (refused) return 'refused';
    return attempt >= (deps.maxAttempts ?? 5) ? 'error' : undefined;
  }
}

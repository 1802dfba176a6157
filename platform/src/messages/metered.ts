import type { Metrics } from '../metrics/index.js';
import {
  DeliveryError,
  type MessagePort,
  type OutgoingMessage,
  type TransactionalSend,
} from './types.js';

/**
 * A message port that counts what it sends in `nordlog_messages_sent_total{channel, outcome}`:
 * `sent` when the port took the message (live: the provider accepted it; outbox: it was stored),
 * `refused` for a `DeliveryError` of scope `recipient`, `failed` for scope `service`, `error` for
 * anything else. The outcome is the port's; the error goes on to the caller as it was.
 * @example new MeteredMessagePort(new LiveMessagePort({ email, sms }), metrics)
 */
export class MeteredMessagePort implements MessagePort {
  /** The port's own `sendMany` (all or none), counted; absent when the port has none. */
  readonly sendMany?: (messages: readonly OutgoingMessage[]) => Promise<void>;

  /** The port's own transactional hand-over, counted once its transaction commits. */
  readonly transactional?: TransactionalSend;

  constructor(
    private readonly port: MessagePort,
    private readonly metrics: Pick<Metrics, 'messageSent'>,
  ) {
    const inner = port.transactional;
    if (inner)
      this.transactional = {
        knex: inner.knex,
        sendMany: async (trx, messages) => {
          await inner.sendMany(trx, messages);
          void trx.executionPromise.then(
            () => messages.forEach((m) => this.metrics.messageSent(m.channel, 'sent')),
            () => undefined,
          );
        },
      };
    const many = port.sendMany?.bind(port);
    if (many)
      this.sendMany = async (messages) => {
        // None taken when it fails: the caller gives them one by one then, and those are counted.
        await many(messages);
        for (const m of messages) this.metrics.messageSent(m.channel, 'sent');
      };
  }

  async send(message: OutgoingMessage): Promise<void> {
    try {
      await this.port.send(message);
    } catch (err) {
      const outcome =
        err instanceof DeliveryError ? (err.scope === 'recipient' ? 'refused' : 'failed') : 'error';
      this.metrics.messageSent(message.channel, outcome);
      throw err;
    }
    this.metrics.messageSent(message.channel, 'sent');
  }
}

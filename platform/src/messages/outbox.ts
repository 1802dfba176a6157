import type { Knex } from 'knex';
import type { Logger } from '../logger.js';
import type { MessagePort, OutgoingMessage, TransactionalSend } from './types.js';

const row = (message: OutgoingMessage) => ({
  channel: message.channel,
  recipient: message.to,
  subject: message.channel === 'email' ? message.subject : null,
  body: message.body,
});

/**
 * Many messages in one statement of four array parameters (a column each), not one parameter per
 * value: a chunk of 500 messages was a statement of 2,000 parameters that knex numbered and pg
 * bound one by one (docs/decisions/0062, addendum "the relay reads back nothing it wrote").
 */
const INSERT_MANY = `insert into message_outbox (channel, recipient, subject, body)
  select * from unnest(?::text[], ?::text[], ?::text[], ?::text[])`;

const insertMany = (knex: Knex, messages: readonly OutgoingMessage[]) => {
  const channels: string[] = [];
  const recipients: string[] = [];
  const subjects: (string | null)[] = [];
  const bodies: string[] = [];
  for (const m of messages) {
    channels.push(m.channel);
    recipients.push(m.to);
    subjects.push(m.channel === 'email' ? m.subject : null);
    bodies.push(m.body);
  }
  // knex types an array binding as string[] or number[]; pg sends a null element as NULL.
  return knex.raw(INSERT_MANY, [channels, recipients, subjects as string[], bodies]);
};

/**
 * The embedded default's messenger: messages are stored in `message_outbox` and logged, and in
 * development a page lists them so a person can log in without an SMS provider.
 */
export class OutboxMessagePort implements MessagePort {
  /** The messages stored by the caller's transaction on this database (`TransactionalSend`). */
  readonly transactional: TransactionalSend;

  constructor(
    private readonly knex: Knex,
    private readonly logger: Logger,
  ) {
    this.transactional = {
      knex,
      sendMany: async (trx, messages) => {
        if (messages.length === 0) return;
        await insertMany(trx, messages);
        void trx.executionPromise.then(
          () => logger.info({ messages: messages.length }, 'messages stored in the outbox'),
          () => undefined,
        );
      },
    };
  }

  async send(message: OutgoingMessage): Promise<void> {
    await this.knex('message_outbox').insert(row(message));
    this.logger.info({ channel: message.channel, to: message.to }, 'message stored in the outbox');
  }

  /** The messages stored in one INSERT (one statement: all of them or none). */
  async sendMany(messages: readonly OutgoingMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await insertMany(this.knex, messages);
    this.logger.info({ messages: messages.length }, 'messages stored in the outbox');
  }

  async latest(limit = 50): Promise<
    {
      channel: string;
      recipient: string;
      subject: string | null;
      body: string;
      created_at: Date;
    }[]
  > {
    return this.knex('message_outbox')
      .orderBy('id', 'desc')
      .limit(limit)
      .select('channel', 'recipient', 'subject', 'body', 'created_at');
  }
}

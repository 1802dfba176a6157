import type { Knex } from 'knex';

export type MessageChannel = 'sms' | 'email';

export interface SmsMessage {
  channel: 'sms';
  /** E.164: `+` and digits (the stored form of a phone number). */
  to: string;
  body: string;
  /** The message is useless after this long (a login code's lifetime); providers may drop it then. */
  validForMs?: number;
}

export interface EmailMessage {
  channel: 'email';
  to: string;
  subject: string;
  /** Plain text. */
  body: string;
}

export type OutgoingMessage = SmsMessage | EmailMessage;

/**
 * The port through which one-time tokens and password resets reach people. `send` resolves when
 * the provider has accepted the message and rejects with a `DeliveryError` otherwise.
 */
export interface MessagePort {
  send(message: OutgoingMessage): Promise<void>;
  /**
   * Where a port can take many messages at once, all or none (the outbox: one INSERT): resolves
   * when every message was taken, rejects with none of them taken. A port without it is given
   * its messages one by one.
   */
  sendMany?(messages: readonly OutgoingMessage[]): Promise<void>;
  /** Where a port stores its messages in a database: it takes them in the caller's transaction. */
  readonly transactional?: TransactionalSend;
}

/**
 * A port that stores messages in a database (the outbox) can take them within a transaction of
 * its caller on that database, so that "handed over" and the caller's record of it commit
 * together or not at all (docs/decisions/0062, addendum "the crash window closed").
 */
export interface TransactionalSend {
  /** The database the messages are stored in: only a caller on this same pool may use it. */
  readonly knex: Knex;
  /** The messages stored by `trx` (one statement); taken once `trx` commits. */
  sendMany(trx: Knex.Transaction, messages: readonly OutgoingMessage[]): Promise<void>;
}

/**
 * Why a message was not delivered. `recipient`: this recipient was refused (a number or address
 * the provider will not take); the channel itself works. `service`: the channel does not work
 * now (unreachable, timing out, refusing our credentials, failing after its retries).
 */
export class DeliveryError extends Error {
  constructor(
    readonly channel: MessageChannel,
    readonly scope: 'recipient' | 'service',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DeliveryError';
  }
}

/** A recipient for logs: enough to tell messages apart, not the whole number or address. */
export function maskRecipient(to: string): string {
  const at = to.indexOf('@');
  if (at > 0) return `${to.slice(0, 1)}***${to.slice(at)}`;
  return to.length <= 6 ? '***' : `${to.slice(0, 3)}***${to.slice(-3)}`;
}

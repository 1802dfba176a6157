import { AppError } from '@nordlog/contracts';
import {
  DeliveryError,
  maskRecipient,
  type Logger,
  type MessageChannel,
  type MessagePort,
  type OutgoingMessage,
} from '@nordlog/platform';

const unavailable: Record<MessageChannel, string> = {
  sms: 'Login codes cannot be sent right now; try again in a few minutes',
  email: 'E-mails cannot be sent right now; try again in a few minutes',
};

/**
 * How the auth calls send login codes and reset links (docs/decisions/0012).
 *
 * A message is sent after the answer, never awaited by it, so the answer and its timing are the
 * same whether or not the number or address belongs to a user. Every failure is logged. A failure
 * of the channel itself (provider unreachable, credentials refused, retries exhausted) marks the
 * channel down for `cooldownMs` or until a message gets through: meanwhile every request for that
 * channel is answered 503 `SERVICE_UNAVAILABLE`, for known and unknown recipients alike and
 * before any lookup. A recipient the provider refused marks nothing (that would tell which
 * recipients exist).
 */
export class Delivery {
  private readonly downUntil = new Map<MessageChannel, number>();

  constructor(
    private readonly port: MessagePort,
    private readonly logger: Logger,
    private readonly clock: () => Date = () => new Date(),
    private readonly cooldownMs = 60_000,
  ) {}

  /** Throws 503 while the channel is known to be down. */
  ensureAvailable(channel: MessageChannel): void {
    const until = this.downUntil.get(channel);
    if (until !== undefined && until > this.clock().getTime())
      throw new AppError('SERVICE_UNAVAILABLE', unavailable[channel]);
  }

  /** Sends in the background; resolves when the attempt is over (it never rejects). */
  dispatch(message: OutgoingMessage): Promise<void> {
    return this.port.send(message).then(
      () => {
        this.downUntil.delete(message.channel);
      },
      (err: unknown) => {
        const scope = err instanceof DeliveryError ? err.scope : 'service';
        if (scope === 'service')
          this.downUntil.set(message.channel, this.clock().getTime() + this.cooldownMs);
        this.logger.error(
          { err, channel: message.channel, to: maskRecipient(message.to), scope },
          'message delivery failed',
        );
      },
    );
  }
}

import type { EmailMessage, MessagePort, OutgoingMessage, SmsMessage } from './types.js';

/** Production delivery: e-mail through one sender (SMTP), SMS through another (the provider). */
export class LiveMessagePort implements MessagePort {
  constructor(
    private readonly senders: {
      email: { send(message: EmailMessage): Promise<void> };
      sms: { send(message: SmsMessage): Promise<void> };
    },
  ) {}

  send(message: OutgoingMessage): Promise<void> {
    return message.channel === 'email'
      ? this.senders.email.send(message)
      : this.senders.sms.send(message);
  }
}

import { authRules } from '@nordlog/contracts';
import type { EmailMessage, SmsMessage } from '@nordlog/platform';

/**
 * The texts of the messages the auth calls send. Users have no language setting yet, so they are
 * in English (docs/decisions/0012).
 */
export function loginCodeSms(to: string, token: string): SmsMessage {
  const minutes = authRules.tokenTtlMs / 60_000;
  return {
    channel: 'sms',
    to,
    body: `Your Nordlog login code is ${token}. It is valid for ${minutes} minutes.`,
    validForMs: authRules.tokenTtlMs,
  };
}

export function passwordResetEmail(to: string, name: string, link: string): EmailMessage {
  const hours = authRules.resetTtlMs / 3_600_000;
  return {
    channel: 'email',
    to,
    subject: 'Set your Nordlog password',
    body: [
      `Hello ${name},`,
      '',
      `Someone asked to set the password of your Nordlog account. Open this link within ${hours === 1 ? 'one hour' : `${hours} hours`} to set it:`,
      '',
      link,
      '',
      'If it was not you, ignore this e-mail: nothing changes until the link is used.',
      '',
      'Nordlog',
    ].join('\n'),
  };
}

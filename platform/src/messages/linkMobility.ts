import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeliveryError, type SmsMessage } from './types.js';

export interface LinkMobilityOptions {
  /** The base URL LINK Mobility assigned, e.g. `https://n-eu.linkmobility.io`; we POST `/sms/send`. */
  url: string;
  /** Basic-authentication user and password from LINK Mobility support. */
  user: string;
  password: string;
  platformId: string;
  platformPartnerId: string;
  /** The From field: 2-11 letters and digits starting with a letter, a short number, or +MSISDN. */
  sender: string;
  /** Time allowed for one attempt (default 10 s). */
  timeoutMs?: number;
  /** Waits before the 2nd, 3rd, … attempt; its length bounds the retries (default 0.5 s, 2 s). */
  retryDelaysMs?: readonly number[];
}

/** E.164: a plus, a country code that does not start with 0, at most 15 digits. */
const E164 = /^\+[1-9]\d{6,14}$/;

/** The type of number LINK Mobility reads the sender as (SMS REST API "TON"). */
export function senderTon(sender: string): 'MSISDN' | 'SHORTNUMBER' | 'ALPHANUMERIC' {
  if (sender.startsWith('+')) return 'MSISDN';
  return /^\d{1,14}$/.test(sender) ? 'SHORTNUMBER' : 'ALPHANUMERIC';
}

/** Body of LINK Mobility's `POST /sms/send` (SMS REST API, "Common" platform). */
export interface LinkMobilitySendRequest {
  source: string;
  sourceTON: 'MSISDN' | 'SHORTNUMBER' | 'ALPHANUMERIC';
  destination: string;
  destinationTON: 'MSISDN';
  userData: string;
  platformId: string;
  platformPartnerId: string;
  useDeliveryReport: false;
  ignoreResponse: false;
  relativeValidityTime?: number;
  refId: string;
}

class Retryable extends Error {}

/**
 * SMS through LINK Mobility's SMS REST API with Node's fetch. One request per attempt, each with
 * its own timeout; network errors, timeouts and 5xx answers are tried again after the configured
 * waits (the same `refId` every time); 4xx answers are final. 401/403/429 and an exhausted retry
 * are `service` failures; other 4xx (the provider refused this number or message) are `recipient`.
 */
export class LinkMobilitySmsSender {
  private readonly endpoint: string;
  private readonly authorization: string;

  constructor(private readonly options: LinkMobilityOptions) {
    this.endpoint = `${options.url.replace(/\/+$/, '')}/sms/send`;
    this.authorization = `Basic ${Buffer.from(`${options.user}:${options.password}`).toString('base64')}`;
  }

  request(message: SmsMessage, refId: string): LinkMobilitySendRequest {
    return {
      source: this.options.sender,
      sourceTON: senderTon(this.options.sender),
      destination: message.to,
      destinationTON: 'MSISDN',
      userData: message.body,
      platformId: this.options.platformId,
      platformPartnerId: this.options.platformPartnerId,
      useDeliveryReport: false,
      ignoreResponse: false,
      ...(message.validForMs ? { relativeValidityTime: message.validForMs } : {}),
      refId,
    };
  }

  async send(message: SmsMessage): Promise<void> {
    if (!E164.test(message.to))
      throw new DeliveryError('sms', 'recipient', `Not an E.164 phone number: ${message.to}`);
    const body = JSON.stringify(this.request(message, randomUUID()));
    const delays = this.options.retryDelaysMs ?? [500, 2000];
    let last: unknown = null;
    for (let attempt = 0; attempt <= delays.length; attempt++) {
      if (attempt > 0) await sleep(delays[attempt - 1]);
      try {
        return await this.attempt(body);
      } catch (err) {
        if (!(err instanceof Retryable)) throw err;
        last = err;
      }
    }
    throw new DeliveryError(
      'sms',
      'service',
      `SMS provider failed ${delays.length + 1} times; last: ${(last as Error).message}`,
      { cause: last },
    );
  }

  private async attempt(body: string): Promise<void> {
    let res: Response;
    try {
      res = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          authorization: this.authorization,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      throw new Retryable(timedOut ? 'timed out' : `network error: ${(err as Error).message}`, {
        cause: err,
      });
    }
    const text = await res.text().catch(() => '');
    if (res.status >= 500) throw new Retryable(`HTTP ${res.status} ${text.slice(0, 200)}`);
    if (res.status >= 400) {
      // Our credentials refused, or throttled: the channel is down for everyone, not this number.
      const ours = res.status === 401 || res.status === 403 || res.status === 429;
      throw new DeliveryError(
        'sms',
        ours ? 'service' : 'recipient',
        `SMS provider refused the message: HTTP ${res.status} ${text.slice(0, 200)}`,
      );
    }
    if (res.status < 200 || res.status >= 300)
      throw new DeliveryError('sms', 'service', `SMS provider answered HTTP ${res.status}`);
  }
}

import { describe, expect, it } from '@jest/globals';
import { AppError } from '@nordlog/contracts';
import { createLogger, DeliveryError, type OutgoingMessage } from '@nordlog/platform';
import { Delivery } from './delivery.js';

const sms: OutgoingMessage = { channel: 'sms', to: '+4791234567', body: 'code 123456' };
const email: OutgoingMessage = {
  channel: 'email',
  to: 'kari@example.com',
  subject: 's',
  body: 'b',
};

/** A port whose next outcome the test sets, a clock the test moves, and the logged lines. */
function setup() {
  let outcome: Error | null = null;
  let now = 0;
  const sent: OutgoingMessage[] = [];
  const logs: Record<string, unknown>[] = [];
  const delivery = new Delivery(
    {
      send: async (m) => {
        sent.push(m);
        if (outcome) throw outcome;
      },
    },
    createLogger('info', 'test', { write: (l: string) => void logs.push(JSON.parse(l)) }),
    () => new Date(now),
    60_000,
  );
  const refused = (channel: 'sms' | 'email') => {
    try {
      delivery.ensureAvailable(channel);
      return null;
    } catch (err) {
      return err instanceof AppError ? err.items[0]!.errorType : 'other';
    }
  };
  return {
    delivery,
    sent,
    logs,
    refused,
    fail: (e: Error | null) => void (outcome = e),
    advance: (ms: number) => void (now += ms),
  };
}

describe('message delivery of the auth calls', () => {
  it('a service failure is logged and closes that channel (503) for the cool-down, the other stays open', async () => {
    const t = setup();
    t.fail(new DeliveryError('sms', 'service', 'HTTP 503'));
    await t.delivery.dispatch(sms);
    expect(t.logs).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'message delivery failed',
        channel: 'sms',
        scope: 'service',
        to: '+47***567',
      }),
    ]);
    expect(t.refused('sms')).toBe('SERVICE_UNAVAILABLE');
    expect(t.refused('email')).toBeNull();
    t.advance(59_999);
    expect(t.refused('sms')).toBe('SERVICE_UNAVAILABLE');
    t.advance(1);
    expect(t.refused('sms')).toBeNull();
  });

  it('a delivered message reopens the channel at once', async () => {
    const t = setup();
    t.fail(new Error('connection refused'));
    await t.delivery.dispatch(email);
    expect(t.refused('email')).toBe('SERVICE_UNAVAILABLE');
    t.fail(null);
    await t.delivery.dispatch(email);
    expect(t.refused('email')).toBeNull();
  });

  it('a refused recipient is logged but closes nothing (it would tell who exists)', async () => {
    const t = setup();
    t.fail(new DeliveryError('sms', 'recipient', 'HTTP 400'));
    await t.delivery.dispatch(sms);
    expect(t.logs.map((l) => [l.msg, l.scope])).toEqual([['message delivery failed', 'recipient']]);
    expect(t.refused('sms')).toBeNull();
  });

  it('dispatch never rejects: the caller has answered already', async () => {
    const t = setup();
    t.fail(new Error('boom'));
    await expect(t.delivery.dispatch(sms)).resolves.toBeUndefined();
    expect(t.sent).toEqual([sms]);
  });
});

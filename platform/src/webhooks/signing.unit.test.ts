import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { signWebhook, verifyWebhook, webhookSecret } from './signing.js';

describe('webhook signatures', () => {
  const secret = 'whsec_test';
  const body = '{"id":"e1","type":"OrderCreated"}';

  it('is v1= and the hex HMAC-SHA256 of "timestamp.body" (what a receiver recomputes)', () => {
    const expected = createHmac('sha256', secret).update(`1767225600.${body}`).digest('hex');
    expect(signWebhook(secret, 1767225600, body)).toBe(`v1=${expected}`);
  });

  it('verifies within five minutes and refuses another body, secret, time or a stale timestamp', () => {
    const signature = signWebhook(secret, 1000, body);
    const headers = { timestamp: '1000', signature };
    expect(verifyWebhook(secret, headers, body, 1000)).toBe(true);
    expect(verifyWebhook(secret, headers, body, 1299)).toBe(true);
    expect(verifyWebhook(secret, headers, body, 1301)).toBe(false);
    expect(verifyWebhook(secret, headers, `${body} `, 1000)).toBe(false);
    expect(verifyWebhook('whsec_other', headers, body, 1000)).toBe(false);
    expect(verifyWebhook(secret, { timestamp: '1001', signature }, body, 1000)).toBe(false);
    expect(verifyWebhook(secret, { timestamp: undefined, signature }, body, 1000)).toBe(false);
    expect(verifyWebhook(secret, { timestamp: '1000', signature: undefined }, body, 1000)).toBe(
      false,
    );
  });

  it('derives one secret per hook and version from the signing key', () => {
    const key = 'k'.repeat(32);
    const a1 = webhookSecret(key, '1', 1);
    expect(a1).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(webhookSecret(key, '1', 1)).toBe(a1);
    expect(webhookSecret(key, '1', 2)).not.toBe(a1);
    expect(webhookSecret(key, '2', 1)).not.toBe(a1);
    expect(webhookSecret('j'.repeat(32), '1', 1)).not.toBe(a1);
  });
});

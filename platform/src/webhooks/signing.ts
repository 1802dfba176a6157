import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures (docs/decisions/0070-webhooks.md): `v1=` and the hex HMAC-SHA256 of
 * `"<timestamp>.<body>"` under the hook's secret, the timestamp in Unix seconds.
 *
 * @example
 *   signWebhook(secret, 1767225600, '{"id":"…"}') // 'v1=5f1c…'
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * What a receiver does (and the tests do as one): the signature matches (in constant time) and the
 * timestamp is within `toleranceSeconds` of its clock.
 */
export function verifyWebhook(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds)
    return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  const given = Buffer.from(headers.signature ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A hook's secret: derived from the installation's signing key, the hook and its secret version
 * (nothing secret is stored: no event, read model or backup holds it; a rotation is a new
 * version). `whsec_` and 32 bytes in base64url.
 */
export function webhookSecret(signingKey: string, webhookId: string, version: number): string {
  const mac = createHmac('sha256', signingKey).update(`webhook:${webhookId}:${version}`);
  return `whsec_${mac.digest('base64url')}`;
}

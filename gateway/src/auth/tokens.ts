import { authRules } from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * One-time login tokens: 6 digits, valid 10 minutes, at most 5 tries, one live token per phone.
 * Only an HMAC of (phone, token) under the server's secret is stored; comparison is constant-time.
 */
export class TokenStore {
  constructor(
    private readonly knex: Knex,
    private readonly secret: string,
    private readonly clock: () => Date,
  ) {}

  private hash(phone: string, token: string): string {
    return createHmac('sha256', this.secret).update(`${phone}:${token}`).digest('hex');
  }

  async issue(phone: string): Promise<string> {
    const token = String(randomInt(0, 10 ** authRules.tokenDigits)).padStart(
      authRules.tokenDigits,
      '0',
    );
    const expiresAt = new Date(this.clock().getTime() + authRules.tokenTtlMs);
    await this.knex('auth_tokens')
      .insert({
        phone_number: phone,
        token_hash: this.hash(phone, token),
        expires_at: expiresAt,
        tries: 0,
      })
      .onConflict('phone_number')
      .merge();
    return token;
  }

  /** True once for the right token; a wrong try counts, and the 5th wrong try ends the token. */
  async verify(phone: string, token: string): Promise<boolean> {
    return this.knex.transaction(async (trx) => {
      const row = await trx('auth_tokens')
        .where({ phone_number: phone })
        .forUpdate()
        .first<{ token_hash: string; expires_at: Date; tries: number } | undefined>(
          'token_hash',
          'expires_at',
          'tries',
        );
      const expected = Buffer.from(row?.token_hash ?? '0'.repeat(64), 'hex');
      const actual = Buffer.from(this.hash(phone, token), 'hex');
      const matches = timingSafeEqual(expected, actual);
      if (!row) return false;
      const usable =
        row.expires_at.getTime() > this.clock().getTime() && row.tries < authRules.maxTokenTries;
      if (usable && matches) {
        await trx('auth_tokens').where({ phone_number: phone }).delete();
        return true;
      }
      if (!usable || row.tries + 1 >= authRules.maxTokenTries)
        await trx('auth_tokens').where({ phone_number: phone }).delete();
      else
        await trx('auth_tokens')
          .where({ phone_number: phone })
          .update({ tries: row.tries + 1 });
      return false;
    });
  }
}

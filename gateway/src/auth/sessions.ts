import { authRules } from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { createHash, randomBytes } from 'node:crypto';

export const hashSecret = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

export interface Session {
  userId: string;
  csrfToken: string;
  idHash: string;
  /** For users who must use a password: whether this session has given it. */
  pwdVerified: boolean;
}

/**
 * Server-side sessions in PostgreSQL. The cookie holds a random id; the table holds only its hash,
 * so a copy of the table opens no session. A session ends after `sessionIdleMs` without a request
 * and in any case `sessionAbsoluteMs` after login.
 */
export class SessionStore {
  constructor(
    private readonly knex: Knex,
    private readonly clock: () => Date,
  ) {}

  async create(userId: string): Promise<{ id: string; csrfToken: string }> {
    const id = randomSecret();
    const csrfToken = randomSecret(24);
    const now = this.clock();
    await this.knex('auth_sessions').insert({
      id_hash: hashSecret(id),
      user_id: userId,
      csrf_token: csrfToken,
      created_at: now,
      last_seen_at: now,
    });
    return { id, csrfToken };
  }

  async get(id: string | undefined): Promise<Session | null> {
    if (!id) return null;
    const idHash = hashSecret(id);
    const row = await this.knex('auth_sessions').where({ id_hash: idHash }).first<
      | {
          user_id: string;
          csrf_token: string;
          created_at: Date;
          last_seen_at: Date;
          pwd_verified: boolean;
        }
      | undefined
    >('user_id', 'csrf_token', 'created_at', 'last_seen_at', 'pwd_verified');
    if (!row) return null;
    const now = this.clock().getTime();
    if (
      now - row.last_seen_at.getTime() > authRules.sessionIdleMs ||
      now - row.created_at.getTime() > authRules.sessionAbsoluteMs
    ) {
      await this.knex('auth_sessions').where({ id_hash: idHash }).delete();
      return null;
    }
    // Idle expiry counts from the last request; writing it at most once a minute keeps reads cheap.
    if (now - row.last_seen_at.getTime() > 60_000)
      await this.knex('auth_sessions')
        .where({ id_hash: idHash })
        .update({ last_seen_at: new Date(now) });
    return {
      userId: row.user_id,
      csrfToken: row.csrf_token,
      idHash,
      pwdVerified: row.pwd_verified,
    };
  }

  async passwordVerified(idHash: string): Promise<void> {
    await this.knex('auth_sessions')
      .where({ id_hash: idHash })
      .update({ pwd_verified: true, pwd_failures: 0 });
  }

  /** Counts a wrong password; returns the failures so far in this session. */
  async passwordFailed(idHash: string): Promise<number> {
    const rows = await this.knex('auth_sessions')
      .where({ id_hash: idHash })
      .increment('pwd_failures', 1)
      .returning<{ pwd_failures: number }[]>('pwd_failures');
    return rows[0]?.pwd_failures ?? 0;
  }

  async endAllOf(userId: string): Promise<void> {
    await this.knex('auth_sessions').where({ user_id: userId }).delete();
  }

  async end(id: string | undefined): Promise<string | null> {
    if (!id) return null;
    const rows = await this.knex('auth_sessions')
      .where({ id_hash: hashSecret(id) })
      .delete()
      .returning<{ user_id: string }[]>('user_id');
    return rows[0]?.user_id ?? null;
  }
}

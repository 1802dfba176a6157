import type { Knex } from '@nordlog/platform';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 64;

const derive = (password: string, salt: Buffer, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 64 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );

/** `scrypt$N$r$p$salt$hash` (base64url parts), so parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** A hash to compare against when a user has none, so both cases take the same time. */
const DUMMY =
  'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$' + Buffer.alloc(KEY_LENGTH).toString('base64url');

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = (stored ?? DUMMY).split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(key, expected) && stored !== null;
}

export class CredentialStore {
  constructor(
    private readonly knex: Knex,
    private readonly clock: () => Date,
  ) {}

  async hashOf(userId: string): Promise<string | null> {
    const row = await this.knex('auth_credentials')
      .where({ user_id: userId })
      .first<{ password_hash: string } | undefined>('password_hash');
    return row?.password_hash ?? null;
  }

  async set(userId: string, password: string): Promise<void> {
    const hash = await hashPassword(password);
    await this.knex('auth_credentials')
      .insert({ user_id: userId, password_hash: hash, updated_at: this.clock() })
      .onConflict('user_id')
      .merge();
  }
}

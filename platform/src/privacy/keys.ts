import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { preparedQuery } from '../db/prepared.js';

/**
 * The key store port (docs/decisions/0050-personal-data.md): one data key per data subject.
 * `null` for a subject that was erased (or, when not creating, has none): its sealed fields read
 * as erased. An erased subject never gets a key again.
 */
export interface SubjectKeys {
  keys(subjects: readonly string[], create: boolean): Promise<Map<string, Buffer | null>>;
  /**
   * Deletes the subjects' keys (idempotent). In `trx` where given, so an erasure's key deletion
   * commits with the rest of its work; the caches of this process forget them at once.
   */
  erase(subjects: readonly string[], trx?: Knex.Transaction): Promise<void>;
  /** Forgets every cached key (a rebuild starts from what the store holds now). */
  clearCache(): void;
  /** The installation's pseudonym of a value (see KeyWrapping.pseudonym). */
  pseudonym(text: string): string;
  /**
   * What a store may take a new subject's key from without a read of its own (docs/decisions/0065):
   * the database the keys are kept in, the keys this process holds for sealing, new keys with their
   * wrapped form (stored by the append, `AppendOptions.newSubjectKeys`), and the keys an append
   * stored, taken into the cache.
   */
  together?: {
    readonly database: unknown;
    /** The keys held for sealing (no read); a subject not held, or held as "none", is left out. */
    held(subjects: readonly string[]): Map<string, Buffer | null>;
    fresh(subject: string): { key: Buffer; wrapped: Buffer };
    stored(keys: ReadonlyMap<string, Buffer>): void;
  };
}

/**
 * Wraps and unwraps data keys with a master key: the local one (PERSONAL_DATA_KEY) here; a KMS
 * adapter (deploy/) does the same through the KMS, so the master key never leaves it.
 */
export interface KeyWrapping {
  wrap(subject: string, key: Buffer): Buffer;
  unwrap(subject: string, wrapped: Buffer): Buffer;
  /**
   * A keyed digest of `text` under the master key (hex of HMAC-SHA256): the same in every process
   * of the installation, and no one without the key can tell which value it is the digest of, even
   * by trying every phone number. What must find a personal value without holding it (a user's
   * phone number reserved for that user alone) is named by it.
   */
  pseudonym(text: string): string;
}

const IV = 12;
const TAG = 16;

/** AES-256-GCM of `plain` under `key`, bound to `aad`: iv ‖ tag ‖ ciphertext. */
export function seal(key: Buffer, plain: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** `seal` undone; throws when the key, the binding or the bytes are not the sealed ones. */
export function open(key: Buffer, sealed: Buffer, aad: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(sealed.subarray(IV, IV + TAG));
  return Buffer.concat([decipher.update(sealed.subarray(IV + TAG)), decipher.final()]);
}

/** Key wrapping under a local 256-bit master key. */
export function localKeyWrapping(master: Buffer): KeyWrapping {
  if (master.length !== 32) throw new Error('the personal data master key must be 32 bytes');
  // The digest's key is the master key's own digest of its use, never the master key itself.
  const digestKey = createHmac('sha256', master).update('nordlog pseudonyms').digest();
  return {
    wrap: (subject, key) => seal(master, key, `subject-key:${subject}`),
    unwrap: (subject, wrapped) => open(master, wrapped, `subject-key:${subject}`),
    pseudonym: (text) => createHmac('sha256', digestKey).update(text).digest('hex'),
  };
}

/** PERSONAL_DATA_KEY's value (base64 of 32 bytes), or null when it is not that. */
export function parseMasterKey(text: string): Buffer | null {
  const key = Buffer.from(text, 'base64');
  return key.length === 32 && key.toString('base64') === text.replace(/\s/g, '') ? key : null;
}

/**
 * The master key: PERSONAL_DATA_KEY where set; otherwise (development, tests; the configuration
 * refuses it in production) one made on first start and kept in the database, so every process of
 * the installation shares it.
 */
export async function masterKey(knex: Knex, configured: string | undefined): Promise<Buffer> {
  if (configured) {
    const key = parseMasterKey(configured);
    if (!key) throw new Error('PERSONAL_DATA_KEY must be 32 bytes in base64');
    return key;
  }
  await knex.raw(
    'insert into privacy_master_key (id, key) values (1, ?) on conflict (id) do nothing',
    [randomBytes(32)],
  );
  const rows = await knex('privacy_master_key').where({ id: 1 }).select<{ key: Buffer }[]>('key');
  return rows[0]!.key;
}

const KEYS_SQL = `
  with wanted as (select * from unnest($1::text[], $2::bytea[]) as w(subject, wrapped)),
  created as (
    insert into privacy_subject_keys (subject, wrapped)
    select subject, wrapped from wanted where $3::boolean
    on conflict (subject) do nothing
    returning subject, wrapped)
  select subject, wrapped from created
  union all
  select k.subject, k.wrapped from privacy_subject_keys k
  where k.subject = any($1::text[]) and not exists (select 1 from created c where c.subject = k.subject)`;

/**
 * Deletes the subjects' keys (table privacy_subject_keys), keeping a row that says each was erased
 * and when, so an erased subject never gets a key again. Idempotent.
 */
export async function eraseSubjectKeys(
  knex: Knex | Knex.Transaction,
  subjects: readonly string[],
): Promise<void> {
  if (subjects.length === 0) return;
  await preparedQuery(
    knex,
    `insert into privacy_subject_keys (subject, wrapped, erased_at)
     select distinct s, null::bytea, now() from unnest($1::text[]) as s
     on conflict (subject) do update set wrapped = null,
       erased_at = coalesce(privacy_subject_keys.erased_at, now())`,
    [[...subjects]],
  );
}

/** How long a process trusts a key it read (an erasure elsewhere reaches it by then at the latest). */
export const KEY_CACHE_MS = 30_000;
const CACHE_LIMIT = 100_000;

/** The key store in PostgreSQL (table privacy_subject_keys), with a bounded cache per process. */
export class PostgresSubjectKeys implements SubjectKeys {
  private readonly cache = new Map<string, { key: Buffer | null; at: number }>();

  readonly together: NonNullable<SubjectKeys['together']>;

  constructor(
    private readonly knex: Knex,
    private readonly wrapping: KeyWrapping,
    private readonly now: () => number = Date.now,
  ) {
    this.together = {
      database: knex,
      held: (subjects) => this.held(subjects, true).found,
      fresh: (subject) => {
        const key = randomBytes(32);
        return { key, wrapped: wrapping.wrap(subject, key) };
      },
      stored: (keys) => {
        const at = this.now();
        for (const [subject, key] of keys) this.remember(subject, key, at);
      },
    };
  }

  /** The cache's keys for these subjects, and the subjects it cannot answer for. */
  private held(subjects: readonly string[], create: boolean) {
    const found = new Map<string, Buffer | null>();
    const missing: string[] = [];
    const now = this.now();
    for (const subject of new Set(subjects)) {
      const hit = this.cache.get(subject);
      // A cached erasure is final; a cached "none" is not when creating.
      if (hit && now - hit.at < KEY_CACHE_MS && (hit.key || !create)) found.set(subject, hit.key);
      else missing.push(subject);
    }
    return { found, missing, now };
  }

  async keys(subjects: readonly string[], create: boolean): Promise<Map<string, Buffer | null>> {
    const { found, missing, now } = this.held(subjects, create);
    if (missing.length === 0) return found;
    const fresh = create ? missing.map(() => randomBytes(32)) : [];
    const rows = await preparedQuery<{ subject: string; wrapped: Buffer | null }>(
      this.knex,
      KEYS_SQL,
      [missing, fresh.map((k, i) => this.wrapping.wrap(missing[i]!, k)), create],
    );
    const bySubject = new Map(rows.map((r) => [r.subject, r.wrapped]));
    for (const subject of missing) {
      const wrapped = bySubject.get(subject);
      const key = wrapped ? this.wrapping.unwrap(subject, wrapped) : null;
      found.set(subject, key);
      // A subject with no row yet is not cached: it may get one any moment.
      if (bySubject.has(subject)) this.remember(subject, key, now);
    }
    return found;
  }

  async erase(subjects: readonly string[], trx?: Knex.Transaction): Promise<void> {
    await eraseSubjectKeys(trx ?? this.knex, subjects);
    for (const subject of subjects) this.remember(subject, null, this.now());
  }

  clearCache(): void {
    this.cache.clear();
  }

  pseudonym(text: string): string {
    return this.wrapping.pseudonym(text);
  }

  private remember(subject: string, key: Buffer | null, at: number) {
    if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(subject, { key, at });
  }
}

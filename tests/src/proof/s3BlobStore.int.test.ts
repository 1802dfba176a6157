import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ListObjectsCommand } from '@aws-sdk/client-s3';
import { proofKeyPrefix } from '@nordlog/contracts';
import { S3BlobStore, loadConfig, s3SettingsOf } from '@nordlog/platform';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { startObjectStore, type TestObjectStore } from '../support/objectStore.js';

/**
 * The proof store's S3-compatible adapter (docs/decisions/0103-s3-blob-store.md) against a real
 * S3 API server in this process (s3rver), its rows in a test database: the bytes in the bucket, a
 * row without them per object, the deletes asked by a commit done after it and retried.
 */
describe('S3BlobStore against an S3-compatible server', () => {
  let db: TestDatabase;
  let s3: TestObjectStore;
  let store: S3BlobStore;
  /**
   * The keys in the bucket under `prefix`, every page of the listing (version 1, by marker:
   * s3rver's version-2 continuation tokens are DES, which Node's OpenSSL 3 no longer has).
   */
  const listed = async (prefix: string) => {
    const keys: string[] = [];
    for (;;) {
      const page = await (
        await store.client
      ).send(new ListObjectsCommand({ Bucket: s3.bucket, Prefix: prefix, Marker: keys.at(-1) }));
      keys.push(...(page.Contents ?? []).map((o) => o.Key!));
      if (!page.IsTruncated) return keys;
    }
  };
  const row = (key: string) =>
    db
      .knex('blob_objects')
      .where({ key })
      .first<{ data: Buffer | null; size: number; content_type: string } | undefined>(
        'data',
        'size',
        'content_type',
      );

  beforeAll(async () => {
    db = await createTestDatabase();
    s3 = await startObjectStore();
    store = new S3BlobStore(db.knex, s3SettingsOf(loadConfig(s3.env))!);
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await s3?.close();
    await db?.drop();
  });

  it('gives back the bytes and type stored, the bytes in the bucket and a row without them; a missing key is null', async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01, 0x02, 0xfe]);
    await store.put('delivery-proof/1/aa', bytes, 'image/jpeg');
    const got = await store.get('delivery-proof/1/aa');
    expect(got?.contentType).toBe('image/jpeg');
    expect(got?.bytes.equals(bytes)).toBe(true);
    expect(await row('delivery-proof/1/aa')).toEqual({
      data: null,
      size: 7,
      content_type: 'image/jpeg',
    });
    expect(await listed('delivery-proof/1/')).toEqual(['delivery-proof/1/aa']);
    expect(await store.get('delivery-proof/1/ab')).toBeNull();
    // An object whose row is gone (erased, swept) is not served, though its delete is not done.
    await db.knex('blob_objects').where({ key: 'delivery-proof/1/aa' }).delete();
    expect(await store.get('delivery-proof/1/aa')).toBeNull();
  });

  it('storing a key again (a resend) keeps one row and one object, at once too', async () => {
    const bytes = Buffer.from('same');
    await Promise.all(
      Array.from({ length: 5 }, () => store.put('delivery-proof/2/bb', bytes, 'image/png')),
    );
    const rows = await db.knex('blob_objects').where('key', 'delivery-proof/2/bb').count('* as n');
    expect(Number(rows[0]!.n)).toBe(1);
    expect(await listed('delivery-proof/2/')).toEqual(['delivery-proof/2/bb']);
    expect((await store.get('delivery-proof/2/bb'))?.bytes.toString()).toBe('same');
  });

  it("deletes by prefix more than a listing's 1,000 keys, only under the prefix: order 3's, not order 30's", async () => {
    const keys = Array.from({ length: 1_205 }, (_, i) => `${proofKeyPrefix('3')}${String(i)}`);
    for (let i = 0; i < keys.length; i += 50)
      await Promise.all(
        keys.slice(i, i + 50).map((k) => store.put(k, Buffer.from(k), 'image/png')),
      );
    await store.put('delivery-proof/30/a', Buffer.from('30'), 'image/png');
    expect(await listed(proofKeyPrefix('3'))).toHaveLength(1_205);
    expect(await store.deletePrefix(proofKeyPrefix('3'))).toBe(1_205);
    expect(await listed(proofKeyPrefix('3'))).toEqual([]);
    expect(
      await db.knex('blob_objects').whereLike('key', 'delivery-proof/3/%').count('* as n'),
    ).toEqual([{ n: '0' }]);
    expect(await store.get('delivery-proof/30/a')).not.toBeNull();
    expect(await store.pendingDeletes()).toBe(0);
  }, 120_000);

  it("does a key's delete asked by a commit, unless the key was stored again since", async () => {
    await store.put('delivery-proof/4/gone', Buffer.from('1'), 'image/png');
    await store.put('delivery-proof/4/back', Buffer.from('2'), 'image/png');
    // As the sweep does: the rows deleted and the objects' deletes asked, in one statement.
    await db.knex.raw(
      `with gone as (delete from blob_objects where key like 'delivery-proof/4/%'
         returning key, data is null as elsewhere)
       insert into blob_deletes (target, is_prefix) select key, false from gone where elsewhere`,
    );
    // A resend stores one of them again before the delete is done: it is kept.
    await store.put('delivery-proof/4/back', Buffer.from('2'), 'image/png');
    expect(await store.workOffDeletes()).toBe(1);
    expect(await listed('delivery-proof/4/')).toEqual(['delivery-proof/4/back']);
    expect(await store.get('delivery-proof/4/back')).not.toBeNull();
    expect(await store.pendingDeletes()).toBe(0);
  });

  it('a delete the server refuses stays asked with its error, tried again later, and is done then', async () => {
    await store.put('delivery-proof/5/a', Buffer.from('5'), 'image/png');
    await db.knex('blob_objects').where({ key: 'delivery-proof/5/a' }).delete();
    await db.knex('blob_deletes').insert({ target: 'delivery-proof/5/', is_prefix: true });
    // A store pointed at a bucket that is not there: the server refuses every call.
    const wrong = new S3BlobStore(db.knex, {
      ...s3SettingsOf(loadConfig(s3.env))!,
      bucket: 'no-such-bucket',
    });
    const now = new Date();
    expect(await wrong.workOffDeletes(now)).toBe(0);
    await wrong.close();
    const asked = await db
      .knex('blob_deletes')
      .first<{ attempts: number; next_at: Date; last_error: string }>(
        'attempts',
        'next_at',
        'last_error',
      );
    expect(asked.attempts).toBe(1);
    expect(asked.last_error).toMatch(/bucket/i);
    expect(asked.next_at.getTime()).toBeGreaterThan(now.getTime());
    // Not due yet: nothing done; due, the right store does it.
    expect(await store.workOffDeletes(now)).toBe(0);
    expect(await listed('delivery-proof/5/')).toEqual(['delivery-proof/5/a']);
    expect(await store.workOffDeletes(new Date(now.getTime() + 60_000))).toBe(1);
    expect(await listed('delivery-proof/5/')).toEqual([]);
    expect(await store.pendingDeletes()).toBe(0);
  });
});

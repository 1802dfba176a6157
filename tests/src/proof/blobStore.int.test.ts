import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { proofKeyPrefix } from '@nordlog/contracts';
import { PostgresBlobStore } from '@nordlog/platform';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

/** The proof store's database adapter (docs/decisions/0068-proof-of-delivery.md). */
describe('PostgresBlobStore', () => {
  let db: TestDatabase;
  let store: PostgresBlobStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresBlobStore(db.knex);
  }, 60_000);
  afterAll(async () => db?.drop());

  it('gives back the bytes and type stored; an unknown key is null', async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01, 0x02, 0xfe]);
    await store.put('delivery-proof/1/aa', bytes, 'image/jpeg');
    const got = await store.get('delivery-proof/1/aa');
    expect(got?.contentType).toBe('image/jpeg');
    expect(got?.bytes.equals(bytes)).toBe(true);
    expect(await store.get('delivery-proof/1/ab')).toBeNull();
  });

  it('storing a key again (a resend) keeps one object and changes nothing, at once too', async () => {
    const bytes = Buffer.from('same');
    await Promise.all(
      Array.from({ length: 5 }, () => store.put('delivery-proof/2/bb', bytes, 'image/png')),
    );
    const rows = await db.knex('blob_objects').where('key', 'delivery-proof/2/bb').count('* as n');
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it("deletes by prefix only what starts with it: order 3's, not order 30's; % and _ are literal", async () => {
    for (const key of ['delivery-proof/3/a', 'delivery-proof/3/b', 'delivery-proof/30/a'])
      await store.put(key, Buffer.from(key), 'image/png');
    await store.put('x%y/1', Buffer.from('1'), 'image/png');
    await store.put('x_y/1', Buffer.from('2'), 'image/png');
    expect(await store.deletePrefix(proofKeyPrefix('3'))).toBe(2);
    expect(await store.get('delivery-proof/30/a')).not.toBeNull();
    expect(await store.deletePrefix('x%')).toBe(1);
    expect(await store.get('x_y/1')).not.toBeNull();
  });
});

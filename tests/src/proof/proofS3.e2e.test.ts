import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ListObjectsCommand } from '@aws-sdk/client-s3';
import { proofKeyPrefix } from '@nordlog/contracts';
import { S3BlobStore } from '@nordlog/platform';
import { ONE_PIXEL_PNG } from '../support/commandBases.js';
import { startObjectStore, type TestObjectStore } from '../support/objectStore.js';
import {
  bookProofOrder,
  proofKeyOf,
  proofWorld,
  proveDelivery,
  strayImage,
  SWEEP_GRACE_MS,
} from '../support/proofDay.js';
import { startTestSystem, type TestSystem } from '../support/system.js';

/**
 * Proof of delivery with BLOB_STORE=s3 (docs/decisions/0103-s3-blob-store.md): the embedded
 * system against an S3-compatible server in this process (s3rver). The images go to the bucket
 * with a row without bytes each; they are served from there; the sweep of unreferenced images
 * (0095) and erasure (0068) delete the rows in their transactions and the objects after the
 * commit (the deletes job's pass), nothing left in the bucket.
 */
describe('proof of delivery with the S3-compatible blob store', () => {
  let s3: TestObjectStore;
  let sys: TestSystem;
  let blobs: S3BlobStore;
  let oslo: string;
  let customer: string;

  const order = () => bookProofOrder(sys, oslo, customer);
  const proved = (id: string) => proveDelivery(sys, oslo, id);
  /** The order's rows: key and whether the bytes are in the row. */
  const rowsOf = async (id: string) =>
    (
      await sys.db
        .knex('blob_objects')
        .whereLike('key', `${proofKeyPrefix(id)}%`)
        .orderBy('key')
        .select<{ key: string; data: Buffer | null }[]>('key', 'data')
    ).map((r) => ({ key: r.key, bytes: r.data !== null }));
  const inBucket = async (id: string) =>
    (
      (
        await (
          await blobs.client
        ).send(new ListObjectsCommand({ Bucket: s3.bucket, Prefix: proofKeyPrefix(id) }))
      ).Contents ?? []
    )
      .map((o) => o.Key!)
      .sort();
  const served = async (key: string) =>
    (await fetch(`${sys.url}/api/${key}`, { headers: { cookie: sys.admin.cookie } })).status;

  beforeAll(async () => {
    s3 = await startObjectStore();
    // The deletes job runs only when the test runs its pass (interval 0).
    sys = await startTestSystem({ env: { ...s3.env, BLOB_DELETE_INTERVAL_SECONDS: '0' } });
    blobs = sys.blobs as S3BlobStore;
    ({ oslo, customer } = await proofWorld(sys));
  }, 60_000);
  afterAll(async () => {
    await sys?.shutdown();
    await s3?.close();
  });

  it('stores a proof in the bucket, serves it from there; the sweep deletes a stray row at once and its object after the commit', async () => {
    expect(blobs).toBeInstanceOf(S3BlobStore);
    const id = await order();
    await proved(id);
    const referenced = (await rowsOf(id)).map((r) => r.key);
    expect(await rowsOf(id)).toEqual(referenced.map((key) => ({ key, bytes: false })));
    expect(referenced).toHaveLength(2);
    expect(await inBucket(id)).toEqual(referenced);
    for (const key of referenced) expect(await served(key)).toBe(200);
    // The photo's bytes, as sent, from the bucket.
    const png = Buffer.from(ONE_PIXEL_PNG, 'base64');
    expect(referenced).toContain(proofKeyOf(id, png));
    const photo = await fetch(`${sys.url}/api/${proofKeyOf(id, png)}`, {
      headers: { cookie: sys.admin.cookie },
    });
    expect(Buffer.from(await photo.arrayBuffer()).equals(png)).toBe(true);

    // A stray image (a proof whose append was refused after its images were stored).
    const strayKey = proofKeyOf(id, strayImage(1));
    await blobs.put(strayKey, strayImage(1), 'image/jpeg');
    expect(await sys.proofSweep.pass(new Date(Date.now() + SWEEP_GRACE_MS + 60_000))).toBe(1);
    expect((await rowsOf(id)).map((r) => r.key)).toEqual(referenced);
    expect(await served(strayKey)).toBe(404);
    // Its object waits for the deletes job, asked in the sweep's statement; then it is gone.
    expect(await blobs.pendingDeletes()).toBe(1);
    expect(await inBucket(id)).toHaveLength(3);
    expect(await sys.blobDeletes!.pass()).toBe(1);
    expect(await inBucket(id)).toEqual(referenced);
    expect(await blobs.pendingDeletes()).toBe(0);
    for (const key of referenced) expect(await served(key)).toBe(200);
  });

  it("an erased order's rows go in the erasure's transaction, its objects after the commit; a proof after it is refused", async () => {
    const id = await order();
    await proved(id);
    await blobs.put(proofKeyOf(id, strayImage(2)), strayImage(2), 'image/jpeg');
    const keys = await inBucket(id);
    expect(keys).toHaveLength(3);
    expect((await sys.command('ERASE_PERSONAL_DATA', { orderIds: [id] })).status).toBe(200);
    await sys.settled();
    expect(await rowsOf(id)).toEqual([]);
    for (const key of keys) expect(await served(key)).toBe(404);
    const asked = await sys.db
      .knex('blob_deletes')
      .select<{ target: string; is_prefix: boolean }[]>('target', 'is_prefix');
    expect(asked).toEqual([{ target: proofKeyPrefix(id), is_prefix: true }]);
    expect(await inBucket(id)).toHaveLength(3);
    // Done by the deletes job's pass, after the erasure's commit.
    expect(await sys.blobDeletes!.pass()).toBe(3);
    expect(await inBucket(id)).toEqual([]);
    expect(await blobs.pendingDeletes()).toBe(0);
    expect(await sys.proofSweep.pass(new Date(Date.now() + SWEEP_GRACE_MS + 60_000))).toBe(0);
    const late = await sys.command('RECORD_DELIVERY_PROOF', {
      orderId: id,
      photos: [{ data: ONE_PIXEL_PNG }],
    });
    expect(late.status).toBe(409);
    expect(await inBucket(id)).toEqual([]);
  });
});

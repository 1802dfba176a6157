import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ListObjectsCommand } from '@aws-sdk/client-s3';
import { proofKeyPrefix } from '@nordlog/contracts';
import { S3BlobStore } from '@nordlog/platform';
import { createHash } from 'node:crypto';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { ONE_PIXEL_PNG } from '../support/commandBases.js';
import { startObjectStore, type TestObjectStore } from '../support/objectStore.js';
import { createCourier, createSlot } from '../support/planning.js';
import { startTestSystem, type TestSystem } from '../support/system.js';

const DATE = bookingDate(2);
const signature = { width: 300, height: 120, strokes: [[10, 10, 40, 60, 80, 20]] };
/** The grace of the test system (PROOF_SWEEP_GRACE_SECONDS, its default). */
const GRACE_MS = 3_600_000;
const stray = (n: number) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, n)]);
const keyOf = (orderId: string, bytes: Buffer) =>
  `${proofKeyPrefix(orderId)}${createHash('sha256').update(bytes).digest('hex')}`;

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

  const order = async (): Promise<string> => {
    const res = await sys.command('CREATE_ORDER', {
      departmentId: oslo,
      customerId: customer,
      pickupDate: DATE,
      pickup: osloAddress,
      delivery: { ...osloAddress, name: 'Kari', address: 'Bogstadveien 1', lat: 59.93, lng: 10.72 },
      measurements: [{ weight: 10, quantity: 1 }],
    });
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };
  /** The order on a started slot of a new courier, collected, and a proof recorded by them. */
  const proved = async (id: string) => {
    const courier = await createCourier(sys, [oslo]);
    const slotId = await createSlot(sys, oslo, DATE, { courierId: courier.id });
    expect(
      (await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [id], slotId })).status,
    ).toBe(200);
    expect((await sys.command('CHANGE_SLOT_STATE', { slotId, transition: 'start' })).status).toBe(
      200,
    );
    await sys.settled();
    const session = sys.as(await sys.signIn(courier.phoneNumber));
    expect((await session.command('MANUAL_COLLECT', { consignmentIds: [id] })).status).toBe(200);
    const res = await session.command('RECORD_DELIVERY_PROOF', {
      orderId: id,
      recipientName: 'Kari Nordmann',
      signature,
      photos: [{ data: ONE_PIXEL_PNG }],
    });
    expect(res.status).toBe(200);
  };
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
    await configureNumberSeries(sys);
    oslo = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0] as string;
    customer = (await sys.command('CREATE_CUSTOMER', { name: 'Apotek', departmentId: oslo })).body
      .ids[0] as string;
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
    expect(referenced).toContain(keyOf(id, png));
    const photo = await fetch(`${sys.url}/api/${keyOf(id, png)}`, {
      headers: { cookie: sys.admin.cookie },
    });
    expect(Buffer.from(await photo.arrayBuffer()).equals(png)).toBe(true);

    // A stray image (a proof whose append was refused after its images were stored).
    const strayKey = keyOf(id, stray(1));
    await blobs.put(strayKey, stray(1), 'image/jpeg');
    expect(await sys.proofSweep.pass(new Date(Date.now() + GRACE_MS + 60_000))).toBe(1);
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
    await blobs.put(keyOf(id, stray(2)), stray(2), 'image/jpeg');
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
    expect(await sys.proofSweep.pass(new Date(Date.now() + GRACE_MS + 60_000))).toBe(0);
    const late = await sys.command('RECORD_DELIVERY_PROOF', {
      orderId: id,
      photos: [{ data: ONE_PIXEL_PNG }],
    });
    expect(late.status).toBe(409);
    expect(await inBucket(id)).toEqual([]);
  });
});

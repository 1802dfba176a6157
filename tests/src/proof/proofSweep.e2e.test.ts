import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { proofKeyPrefix } from '@nordlog/contracts';
import { PostgresBlobStore } from '@nordlog/platform';
import { ONE_PIXEL_PNG } from '../support/commandBases.js';
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
 * The sweep of unreferenced proof images (docs/decisions/0095-proof-image-sweep.md) as a job of
 * the embedded system: images stored as RECORD_DELIVERY_PROOF stores them before an append that
 * was then refused are deleted once older than the grace (the job's pass run at a chosen time);
 * images a DeliveryProofRecorded refers to are kept (and marked, never read again); an image
 * stored again meanwhile (a resend) is young again; erasure is as before; the job is listed in
 * jobsStatus with its pass.
 */
describe('proof of delivery: the sweep of unreferenced images', () => {
  let sys: TestSystem;
  let blobs: PostgresBlobStore;
  let oslo: string;
  let customer: string;

  const order = () => bookProofOrder(sys, oslo, customer);
  const proved = (id: string) => proveDelivery(sys, oslo, id);
  const keysOf = async (id: string) =>
    (
      await sys.db
        .knex('blob_objects')
        .whereLike('key', `${proofKeyPrefix(id)}%`)
        .orderBy('key')
        .select<{ key: string; checked_at: Date | null }[]>('key', 'checked_at')
    ).map((r) => ({ key: r.key, checked: r.checked_at !== null }));
  const sweepJob = async () => {
    await sys.settled();
    const rows = (await sys.query('jobsStatus', {})).body as Record<string, unknown>[];
    return rows.find((r) => r.id === 'PROOF_SWEEP')!;
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    blobs = new PostgresBlobStore(sys.db.knex);
    ({ oslo, customer } = await proofWorld(sys));
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('deletes an image no proof refers to once older than the grace, keeps the referenced ones, and is listed in jobsStatus', async () => {
    // An order with its proof recorded (2 images referenced) and a stray image of its own (a
    // second proof whose append was refused after its images were stored).
    const delivered = await order();
    await proved(delivered);
    const referenced = (await keysOf(delivered)).map((r) => r.key);
    expect(referenced).toHaveLength(2);
    await blobs.put(proofKeyOf(delivered, strayImage(1)), strayImage(1), 'image/jpeg');
    // An order with no proof at all and two stray images (its only proof was refused).
    const refused = await order();
    for (const n of [2, 3])
      await blobs.put(proofKeyOf(refused, strayImage(n)), strayImage(n), 'image/jpeg');
    // Not what the sweep looks at: another prefix.
    await blobs.put('other/1/x', strayImage(4), 'image/jpeg');

    // Within the grace: nothing deleted, nothing marked.
    expect(await sys.proofSweep.pass(new Date(Date.now() + SWEEP_GRACE_MS / 2))).toBe(0);
    expect(await keysOf(delivered)).toHaveLength(3);
    expect(await keysOf(refused)).toHaveLength(2);

    // After the grace: the three strays go, the proof's two stay (marked as referenced).
    const later = new Date(Date.now() + SWEEP_GRACE_MS + 60_000);
    expect(await sys.proofSweep.pass(later)).toBe(3);
    expect(await keysOf(delivered)).toEqual(
      referenced.map((key) => ({ key, checked: true })).sort((a, b) => (a.key < b.key ? -1 : 1)),
    );
    expect(await keysOf(refused)).toEqual([]);
    expect(await blobs.get('other/1/x')).not.toBeNull();
    // The referenced images are still served to the planner.
    for (const key of referenced) {
      const res = await fetch(`${sys.url}/api/${key}`, { headers: { cookie: sys.admin.cookie } });
      expect(res.status).toBe(200);
    }
    // A second pass finds nothing to do.
    expect(await sys.proofSweep.pass(later)).toBe(0);

    const job = await sweepJob();
    expect(job.enabled).toBe(true);
    expect(job.lastOutcome).toBe('OK');
    expect(job.lastCount).toBe(0);
    expect(job.intervalSeconds).toBe(3600);
  });

  it('an old unreferenced image stored again (a proof resent with it) is young again and kept', async () => {
    const id = await order();
    const key = proofKeyOf(id, strayImage(5));
    await blobs.put(key, strayImage(5), 'image/jpeg');
    await sys.db
      .knex('blob_objects')
      .where({ key })
      .update({ created_at: new Date(Date.now() - 2 * SWEEP_GRACE_MS) });
    // Stored again just before its proof's append: the sweep leaves it for the grace.
    await blobs.put(key, strayImage(5), 'image/jpeg');
    expect(await sys.proofSweep.pass(new Date(Date.now() + SWEEP_GRACE_MS / 2))).toBe(0);
    expect(await blobs.get(key)).not.toBeNull();
    // Never appended: swept after the grace.
    expect(await sys.proofSweep.pass(new Date(Date.now() + SWEEP_GRACE_MS + 60_000))).toBe(1);
    expect(await blobs.get(key)).toBeNull();
  });

  it("an erased order's images are deleted by the erasure as before; the sweep finds nothing of it", async () => {
    const id = await order();
    await proved(id);
    await blobs.put(proofKeyOf(id, strayImage(6)), strayImage(6), 'image/jpeg');
    expect(await keysOf(id)).toHaveLength(3);
    expect((await sys.command('ERASE_PERSONAL_DATA', { orderIds: [id] })).status).toBe(200);
    await sys.settled();
    expect(await keysOf(id)).toEqual([]);
    expect(await sys.proofSweep.pass(new Date(Date.now() + SWEEP_GRACE_MS + 60_000))).toBe(0);
    // A proof after the erasure is refused and stores nothing, as before.
    const late = await sys.command('RECORD_DELIVERY_PROOF', {
      orderId: id,
      photos: [{ data: ONE_PIXEL_PNG }],
    });
    expect(late.status).toBe(409);
    expect(await keysOf(id)).toEqual([]);
  });

  it('disabled in /admin/jobs, the sweep deletes nothing; enabled, it does', async () => {
    const id = await order();
    await blobs.put(proofKeyOf(id, strayImage(7)), strayImage(7), 'image/jpeg');
    const later = new Date(Date.now() + SWEEP_GRACE_MS + 60_000);
    expect((await sys.command('DISABLE_JOB', { job: 'PROOF_SWEEP' })).status).toBe(200);
    await sys.settled();
    expect(await sys.proofSweep.pass(later)).toBe(0);
    expect(await keysOf(id)).toHaveLength(1);
    expect((await sweepJob()).enabled).toBe(false);
    expect((await sys.command('ENABLE_JOB', { job: 'PROOF_SWEEP' })).status).toBe(200);
    await sys.settled();
    expect(await sys.proofSweep.pass(later)).toBe(1);
    expect(await keysOf(id)).toEqual([]);
  });
});

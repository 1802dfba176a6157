import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { proofKeyPrefix } from '@nordlog/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { osloAddress } from '../support/booking.js';
import {
  assertWebAppBuilt,
  equalTo,
  launchBrowser,
  screenshot,
  settledValue,
} from '../support/browser.js';
import { courierDay, cameraPicture, courierPhone, type CourierDay } from '../support/courierDay.js';
import { startTestSystem, type TestSystem } from '../support/system.js';

/**
 * A proof of delivery made offline (issue 42 §4, docs/decisions/0072 and 0095): Chromium's offline
 * mode cuts the phone off; the courier records a proof (the name, a signature drawn with the
 * pointer, a photo) and a pickup; both wait on the phone. The network comes back, the proof's
 * answer is lost on the way (the server applied it), and the page sends it again under the same
 * command id: the proof is recorded once, with its images.
 */
describe('a proof of delivery made offline', () => {
  let sys: TestSystem;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let day: CourierDay;
  /** A 1,200 × 900 PNG the test draws in the browser (the camera's picture). */
  let photo: Buffer;

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    browser = await launchBrowser();
    day = await courierDay(sys, [
      { name: 'Kari Nordmann', address: 'Bogstadveien 10', lat: 59.93 },
      { name: 'Per Hansen', address: 'Kirkeveien 5', lat: 59.94 },
    ]);
    const kari = day.orders[0]!.id;
    expect((await sys.command('MANUAL_COLLECT', { consignmentIds: [kari] })).status).toBe(200);
    await sys.settled();
    ({ context, page } = await courierPhone(browser, sys, day.courier.phoneNumber));
    await page.getByRole('heading', { name: /Morning run/ }).waitFor();
    photo = await cameraPicture(page, 1200, 900, '#37a');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  const stop = (orderId: string, type: 'pickup' | 'delivery') =>
    page.locator(`[data-stop="${orderId}:${type}"]`);
  const waitingCount = (expected: string) =>
    settledValue(() => page.getByTestId('reports-waiting-count').innerText(), equalTo(expected));
  /** The events of these command ids, in the order appended. */
  const eventsOf = async (ids: string[]) =>
    (
      await sys.db.knex.raw<{ rows: { commandId: string; type: string; stream: string }[] }>(
        `select metadata->>'commandId' as "commandId", type, stream_id as stream from es_events
         where metadata->>'commandId' = any(string_to_array(?, ',')) order by position`,
        [ids.join(',')],
      )
    ).rows;

  it('S1-GEN-030 the proof (name, signature, photo) and a pickup wait offline; back online the proof arrives once with its images, though its first answer was lost', async () => {
    const [kari, per] = day.orders as [CourierDay['orders'][0], CourierDay['orders'][0]];
    await context.setOffline(true);
    await page.getByTestId('offline-notice').waitFor();

    await page.getByRole('button', { name: 'Signature / photo: Kari Nordmann' }).click();
    const dialog = page.getByRole('dialog', { name: 'Proof of delivery: Kari Nordmann' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: "Recipient's name" }).fill('Kari Nordmann');
    const box = (await dialog.getByTestId('signature-pad').boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 80);
    await page.mouse.down();
    for (let i = 1; i <= 15; i++)
      await page.mouse.move(box.x + 20 + i * 14, box.y + 80 - Math.round(Math.sin(i / 3) * 40));
    await page.mouse.up();
    await dialog.getByTestId('proof-photo-input').setInputFiles({
      name: 'door.png',
      mimeType: 'image/png',
      buffer: photo,
    });
    await dialog.getByRole('img', { name: 'Photo 1' }).waitFor();
    await dialog.getByRole('button', { name: 'Deliver with proof' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Saved on this phone: sent when the network is back').waitFor();
    // The delivery stop is done on the phone, waiting to be sent.
    await stop(kari.id, 'delivery').getByTestId('stop-waiting').waitFor();
    // Another report: the next pickup.
    await stop(per.id, 'pickup').getByRole('button', { name: 'Picked up' }).click();
    await stop(per.id, 'pickup').getByTestId('stop-waiting').waitFor();
    expect(await waitingCount('2 reports waiting to be sent')).toBe('2 reports waiting to be sent');
    const listed = await page.getByTestId('reports-waiting').getByRole('listitem').allInnerTexts();
    expect(listed.map((t) => t.replace(/ · \d\d:\d\d$/, ''))).toEqual([
      'Proof of delivery · Kari Nordmann',
      `Picked up · ${osloAddress.name}`,
    ]);
    const ids = await page
      .getByTestId('reports-waiting')
      .locator('[data-report]')
      .evaluateAll((items) => items.map((i) => i.getAttribute('data-report')!));
    expect(new Set(ids).size).toBe(2);
    await screenshot(page, 'courier-offline-proof-waiting');
    expect(await eventsOf(ids)).toEqual([]);
    expect(
      await sys.db.knex('blob_objects').whereLike('key', `${proofKeyPrefix(kari.id)}%`),
    ).toEqual([]);

    // Back online; the proof reaches the server, which applies it, but its answer is lost.
    const proofSends: string[] = [];
    await page.route('**/api/command/RECORD_DELIVERY_PROOF', async (route) => {
      proofSends.push((route.request().postDataJSON() as { commandId: string }).commandId);
      if (proofSends.length > 1) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await context.setOffline(false);
    // The pickup waits behind the proof (a lost answer stops the run), then both go.
    await settledValue(async () => proofSends.length, equalTo(1));
    // The courier sends again (else the page does within 20 s): the same command id.
    await page.getByRole('button', { name: 'Send now' }).click();
    await page.getByTestId('reports-waiting').waitFor({ state: 'detached', timeout: 30_000 });
    expect(await page.getByTestId('report-refused').count()).toBe(0);
    // Sent twice, under the one command id the phone made it with.
    expect(proofSends).toEqual([ids[0], ids[0]]);

    await sys.settled();
    const events = await eventsOf(ids);
    expect([...new Set(events.map((e) => e.commandId))]).toEqual(ids);
    const proofEvents = events.filter((e) => e.commandId === ids[0]);
    expect(proofEvents.map((e) => [e.type, e.stream])).toEqual([
      ['ConsignmentDelivered', `order-${kari.id}`],
      ['DeliveryProofRecorded', `order-${kari.id}`],
    ]);
    expect(
      await sys.db.knex('es_events').where({ type: 'DeliveryProofRecorded' }).count('* as n'),
    ).toEqual([{ n: '1' }]);
    // The proof with its images: the name, the signature drawn, the photo made small as a JPEG.
    const [row] = (await sys.query('orders', { ids: [kari.id] })).body as {
      state: string;
      proof: {
        recipientName: string;
        signature: { key: string; contentType: string };
        photos: { key: string; contentType: string; size: number }[];
      };
    }[];
    expect(row!.state).toBe('DELIVERED');
    expect(row!.proof.recipientName).toBe('Kari Nordmann');
    expect(row!.proof.photos.map((p) => p.contentType)).toEqual(['image/jpeg']);
    const stored = await sys.db
      .knex('blob_objects')
      .whereLike('key', `${proofKeyPrefix(kari.id)}%`)
      .orderBy('key')
      .pluck('key');
    expect(stored).toEqual([row!.proof.signature.key, row!.proof.photos[0]!.key].sort());
    const image = async (key: string) => {
      const res = await fetch(`${sys.url}/api/${key}`, { headers: { cookie: sys.admin.cookie } });
      return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
    };
    const svg = await image(row!.proof.signature.key);
    expect(svg.status).toBe(200);
    expect(svg.text.match(/<path /g)).toHaveLength(1);
    const jpeg = await image(row!.proof.photos[0]!.key);
    expect([jpeg.status, jpeg.type]).toEqual([200, 'image/jpeg']);
    const [per1] = (await sys.query('consignments', { ids: [per.id] })).body as { state: string }[];
    expect(per1!.state).toBe('COLLECTED');
    // The page shows the delivery done by the server's word.
    await stop(kari.id, 'delivery').getByText('Done').waitFor({ timeout: 15_000 });
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { bookingDate } from '../support/booking.js';
import { assertWebAppBuilt, launchBrowser, screenshot } from '../support/browser.js';
import { courierDay, cameraPicture, courierPhone } from '../support/courierDay.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';
import { inspectPage, messageKeyPattern } from '../support/walk.js';

interface Proof {
  recipientName: string;
  signature: { key: string; contentType: string } | null;
  photos: { key: string; contentType: string; size: number }[];
}

/**
 * Proof of delivery in a real browser (issue 42 part 3, docs/decisions/0068): the courier signs
 * on the pad with the pointer, attaches a photo that the page downscales to a JPEG, sends it with
 * the delivery; the planner's details panel and the audit replay show the name, the signature and
 * the photo; the tracking page says it was signed for, and shows neither.
 */
describe('proof of delivery in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let page: Page;
  let orderId: string;
  let oslo: string;
  /** A 640 × 480 PNG the test draws in the browser (the camera's picture). */
  let photo: Buffer;

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    browser = await launchBrowser();
    const day = await courierDay(sys, [
      { name: 'Kari Nordmann', address: 'Bogstadveien 10', lat: 59.93 },
    ]);
    oslo = day.departmentId;
    orderId = day.orders[0]!.id;
    expect((await sys.command('MANUAL_COLLECT', { consignmentIds: [orderId] })).status).toBe(200);
    await sys.settled();
    ({ page } = await courierPhone(browser, sys, day.courier.phoneNumber, { permissions: [] }));
    // The camera's picture: a PNG drawn by a canvas, larger than the page sends.
    photo = await cameraPicture(page, 2400, 1800, '#3a7');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  const proofOf = async () => {
    await sys.settled();
    return (await sys.query('orders', { ids: [orderId] })).body[0] as {
      state: string;
      proof?: Proof;
    };
  };

  it('the courier signs with the pointer, attaches a photo made small on the phone, and delivers with the proof', async () => {
    await page.getByRole('button', { name: 'Signature / photo: Kari Nordmann' }).click();
    const dialog = page.getByRole('dialog', { name: 'Proof of delivery: Kari Nordmann' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('proof-photo-limit').innerText()).toBe(
      'Up to 3 photos; each is made smaller on the phone, to at most 600 KB',
    );
    await dialog.getByRole('textbox', { name: "Recipient's name" }).fill('Kari Nordmann');
    const pad = dialog.getByTestId('signature-pad');
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 100);
    await page.mouse.down();
    for (let i = 1; i <= 20; i++)
      await page.mouse.move(box.x + 20 + i * 12, box.y + 100 - Math.round(Math.sin(i / 3) * 50));
    await page.mouse.up();
    // A file that is not an image is refused on the phone, with its name.
    await dialog.getByTestId('proof-photo-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image at all'),
    });
    await dialog.getByText('notes.txt is not an image').waitFor();
    await dialog.getByTestId('proof-photo-input').setInputFiles({
      name: 'door.png',
      mimeType: 'image/png',
      buffer: photo,
    });
    await dialog.getByRole('img', { name: 'Photo 1' }).waitFor();
    await screenshot(page, 'proof-of-delivery-dialog');
    await dialog.getByRole('button', { name: 'Deliver with proof' }).click();
    await page.getByText('Proof of delivery recorded').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const row = await proofOf();
    expect(row.state).toBe('DELIVERED');
    expect(row.proof!.recipientName).toBe('Kari Nordmann');
    expect(row.proof!.signature!.contentType).toBe('image/svg+xml');
    // Downscaled on the phone: a JPEG, smaller than the picture it was made from.
    expect(row.proof!.photos).toHaveLength(1);
    expect(row.proof!.photos[0]!.contentType).toBe('image/jpeg');
    expect(row.proof!.photos[0]!.size).toBeLessThan(photo.length);
    // The signature holds the stroke drawn: one path of many points.
    const svg = await fetch(`${sys.url}/api/${row.proof!.signature!.key}`, {
      headers: { cookie: sys.admin.cookie },
    });
    const drawn = await svg.text();
    expect(drawn.match(/<path /g)).toHaveLength(1);
    expect(drawn.match(/L/g)!.length).toBeGreaterThanOrEqual(10);
  });

  it("the planner's details panel and the audit replay show the name, the signature and the photo", async () => {
    const planner = await sys.login({
      name: 'Proof Planner',
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [oslo],
      access: ['PLANNER_SHIPMENTS'],
    });
    const context = await browser.newContext({
      viewport: { width: 1600, height: 1100 },
      locale: 'en-GB',
    });
    const [name, ...value] = planner.cookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: sys.url }]);
    const desk = await context.newPage();
    const day = bookingDate(1);
    await desk.goto(`${sys.url}/planner/${oslo}/shipments-search/${day}/${day}`);
    await desk.getByRole('button', { name: `Actions for ${orderId}`, exact: true }).click();
    await desk.getByRole('menuitem', { name: 'Details' }).click();
    const proof = desk.getByTestId('delivery-proof');
    await proof.getByText('Signed for by Kari Nordmann').waitFor();
    // An image's natural width once it has loaded (0 when the server refused it).
    const loaded = (testId: string) =>
      desk.evaluate<number>(`(async () => {
        const img = document.querySelector('[data-testid="delivery-proof"] [data-testid="${testId}"]');
        if (!img.complete) await new Promise((done) => { img.onload = done; img.onerror = done; });
        return img.naturalWidth;
      })()`);
    // The images came from the server with the planner's session.
    expect(await loaded('proof-signature')).toBeGreaterThan(0);
    expect(await loaded('proof-photo')).toBe(1600);
    await screenshot(desk, 'proof-of-delivery-details');
    await context.close();

    // The audit replay (the admin): the order as of its last event carries the proof.
    const audit = await browser.newContext({
      viewport: { width: 1400, height: 1000 },
      locale: 'en-GB',
    });
    const [aName, ...aValue] = sys.admin.cookie.split('=');
    await audit.addCookies([{ name: aName!, value: aValue.join('='), url: sys.url }]);
    const replay = await audit.newPage();
    await replay.goto(`${sys.url}/admin/lmEvents/${orderId}`);
    const shown = replay.getByTestId('delivery-proof');
    await shown.getByText('Signed for by Kari Nordmann').waitFor();
    await shown.getByTestId('proof-signature').waitFor();
    expect(await shown.getByTestId('proof-photo').count()).toBe(1);
    await audit.close();
  });

  it('the tracking page says it was signed for, without the name or the images', async () => {
    const [row] = (await sys.query('orders', { ids: [orderId] })).body;
    const visitor = await browser.newContext({ locale: 'en-GB' });
    const track = await visitor.newPage();
    await track.goto(`${sys.url}/track/${row.order.trackingId}`);
    await track.getByTestId('tracking-proof').waitFor();
    expect(await track.getByTestId('tracking-proof').innerText()).toBe('Signed for at delivery');
    expect(await track.locator('body').innerText()).not.toContain('Nordmann');
    expect(await track.locator('img[src*="delivery-proof"]').count()).toBe(0);
    await visitor.close();
  });

  it('the proof button and dialog in the six languages: no message key, axe clean', async () => {
    const keyPattern = messageKeyPattern(['proof', 'courier', 'ra']);
    const problems: string[] = [];
    for (const locale of ['en', 'da', 'fi', 'fr', 'nb', 'sv']) {
      await page.evaluate(`localStorage.setItem('nordlog.locale', ${JSON.stringify(locale)})`);
      await page.reload();
      // The stop with its proof button, then the dialog open.
      const open = page.locator('[data-stop$=":delivery"] [data-testid="proof-open"]');
      await open.waitFor();
      // axe in one language: a translation changes the texts, not what axe judges.
      const axe = locale === 'en';
      const page1 = await inspectPage(page, { keyPattern, axe, width: 420 });
      problems.push(...page1.map((p) => `${locale} (page): ${p}`));
      await open.click();
      await page.getByTestId('signature-pad').waitFor();
      const found = await inspectPage(page, { keyPattern, axe, width: 420 });
      problems.push(...found.map((p) => `${locale}: ${p}`));
    }
    await page.evaluate(`localStorage.setItem('nordlog.locale', 'en')`);
    expect(problems).toEqual([]);
  });
});

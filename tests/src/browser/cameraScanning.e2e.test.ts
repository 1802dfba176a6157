import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  assertWebAppBuilt,
  chooseOption,
  launchBrowser,
  loginByToken,
  screenshot,
  settledValue,
} from '../support/browser.js';
import { launchWithCamera, qrCodeSvg, writeLabelVideo } from '../support/camera.js';
import { courierDay, phoneContext } from '../support/courierDay.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';
import { inspectPage, messageKeyPattern } from '../support/walk.js';

interface SlotScan {
  code: string;
  codeType: string | null;
  kind: string;
  moved: string[];
  orderIds: string[];
  warning: string | null;
}

/**
 * Scanning with the phone's camera (issue 42 part 2, docs/decisions/0073): the label the product
 * prints is rendered by the label page, photographed onto a canvas (turned, blurred, noisy) and
 * played by Chromium's fake camera; the courier page opens it with getUserMedia, decodes it with
 * the decoder it uses on a phone, and the scan lands on the right package, once. A camera refused
 * says so, and the typed entry still records.
 */
describe('the courier scans with the camera', () => {
  let sys: TestSystem;
  let plain: Browser;
  let camera: Browser;
  let qrCamera: Browser | undefined;
  let dir: string;
  let orderId: string;
  let slotId: string;
  let sscc: string[];
  let gsin: string;
  let courierPhone: string;
  let oslo: string;

  const slotScans = async (): Promise<SlotScan[]> =>
    (await sys.query('slotScans', { slotId })).body[0]?.scans ?? [];

  const courierContext = (permissions: string[]): Promise<BrowserContext> =>
    phoneContext(camera, { permissions, vibration: true });

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    plain = await launchBrowser();
    dir = mkdtempSync(path.join(tmpdir(), 'nordlog-camera-'));
    const day = await courierDay(sys, [
      {
        name: 'Kari Nordmann',
        address: 'Bogstadveien 10',
        lat: 59.93,
        quantity: 2,
        loadCarrierId: 'CAGE-7',
      },
    ]);
    ({ departmentId: oslo, slotId } = day);
    ({ id: orderId, gsin, sscc } = day.orders[0]!);
    courierPhone = day.courier.phoneNumber;

    // The planner prints the labels; the second package's label is photographed.
    const planner = await sys.login({
      name: 'Label Planner',
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [oslo],
    });
    const desk = await plain.newContext({
      viewport: { width: 1400, height: 1000 },
      locale: 'en-GB',
      deviceScaleFactor: 2,
    });
    const [name, ...value] = planner.cookie.split('=');
    await desk.addCookies([{ name: name!, value: value.join('='), url: sys.url }]);
    const page = await desk.newPage();
    await page.goto(`${sys.url}/planner/${oslo}/confirmation/${gsin}`);
    await page.getByRole('button', { name: 'Print labels' }).click();
    await page.waitForURL(`**/planner/${oslo}/labels/*`);
    const sheet = page.getByTestId('label-sheet').nth(1);
    await sheet.getByText('Package 2 of 2').waitFor();
    const png = await sheet.screenshot();
    await writeLabelVideo(page, png, path.join(dir, 'label.y4m'));
    await desk.close();
    camera = await launchWithCamera(path.join(dir, 'label.y4m'));
  }, 180_000);

  afterAll(async () => {
    await camera?.close();
    await qrCamera?.close();
    await plain?.close();
    await sys?.shutdown();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  let page: Page;
  const offOrigin: string[] = [];
  const wasm: { url: string; status: number; type: string | undefined }[] = [];

  it('S7-CMD-039 the printed label, photographed by the camera, scans its package once, decoded by our own files', async () => {
    const context = await courierContext(['camera', 'geolocation']);
    page = await context.newPage();
    page.on('request', (r) => {
      if (!r.url().startsWith(sys.url) && !/^(data|blob|about):/.test(r.url()))
        offOrigin.push(r.url());
    });
    page.on('response', (r) => {
      if (/\.wasm(\?|$)/.test(r.url()))
        wasm.push({ url: r.url(), status: r.status(), type: r.headers()['content-type'] });
    });
    await loginByToken(page, sys, courierPhone);
    await page.waitForURL('**/courier**');
    await page.getByRole('heading', { name: /Morning run/ }).waitFor();
    const entry = page.getByTestId('scan-entry');
    await chooseOption(page, entry.getByRole('combobox', { name: 'What happened' }), 'Picked up');
    await entry.getByRole('button', { name: 'Scan with camera' }).click();
    await page.getByLabel('Camera view').waitFor();
    const result = page.getByTestId('scan-result');
    await result.filter({ hasText: sscc[1]! }).waitFor({ timeout: 60_000 });
    expect(await result.innerText()).toBe(`Scan of ${sscc[1]} registered`);
    const decoder = await page.getByTestId('camera-scanner').getAttribute('data-decoder');
    expect(['native', 'zxing']).toContain(decoder);
    // The label stays in view: frame after frame, still one scan (the same code within 2 s).
    // no-event wait: 3 s of frames of the same label record no second scan.
    await page.waitForTimeout(3000);
    await sys.settled();
    const scans = await slotScans();
    expect(
      scans.map(({ code, codeType, kind, moved, orderIds, warning }) => ({
        code,
        codeType,
        kind,
        moved,
        orderIds,
        warning,
      })),
    ).toEqual([
      {
        code: sscc[1],
        codeType: 'SSCC',
        kind: 'PICKED_UP',
        moved: [sscc[1]],
        orderIds: [orderId],
        warning: null,
      },
    ]);
    // One buzz, the scan's; ZXing's .wasm came from our gateway, nothing from elsewhere.
    expect(await page.evaluate<number[][]>('window.__buzz')).toEqual([[60]]);
    if (decoder === 'zxing') {
      expect(wasm).toHaveLength(1);
      expect(wasm[0]!.url.startsWith(`${sys.url}/assets/`)).toBe(true);
      expect([wasm[0]!.status, wasm[0]!.type]).toEqual([200, 'application/wasm']);
    }
    expect(offOrigin).toEqual([]);
    await screenshot(page, 'courier-camera');
  }, 120_000);

  it('stopped and started again with another kind: a new scan of the label; both themes axe clean with the camera on', async () => {
    const entry = page.getByTestId('scan-entry');
    await entry.getByRole('button', { name: 'Stop camera' }).click();
    expect(await page.getByLabel('Camera view').isVisible()).toBe(false);
    await chooseOption(page, entry.getByRole('combobox', { name: 'What happened' }), 'Loaded');
    // Started again, the camera reads the label as a new scan, of the kind now chosen.
    await entry.getByRole('button', { name: 'Scan with camera' }).click();
    const kinds = await settledValue(
      async () => (await slotScans()).map((s) => `${s.kind} ${s.code}`),
      (k) => k.length >= 2,
      60_000,
    );
    expect(kinds).toEqual([`PICKED_UP ${sscc[1]}`, `LOADED ${sscc[1]}`]);
    // The page buzzes when it has the answer, which may come after the server has the scan.
    let buzz: number[][] = [];
    for (let i = 0; i < 100 && buzz.length < 2; i++) {
      buzz = await page.evaluate<number[][]>('window.__buzz');
      if (buzz.length < 2) await page.waitForTimeout(100);
    }
    expect(buzz).toEqual([[60], [60]]);
    expect(await page.getByTestId('scan-result').innerText()).toBe(`Scan of ${sscc[1]} registered`);
    const keyPattern = messageKeyPattern(['courier', 'ra']);
    for (const theme of ['whitelabel', 'nordlog']) {
      await page.getByRole('button', { name: 'Stop camera' }).click();
      const before = (await slotScans()).length;
      await page.goto(`${sys.url}/courier?theme=${theme}`);
      await page
        .getByTestId('scan-entry')
        .getByRole('button', { name: 'Scan with camera' })
        .click();
      await page.getByText("Point the camera at the label's barcode", { exact: false }).waitFor();
      // The label, still in view, is read again: a duplicate, recorded with its warning.
      const after = await settledValue(
        async () => (await slotScans()).length,
        (n) => n !== before,
        90_000,
      );
      if (after === before) {
        await screenshot(page, `courier-camera-${theme}-failed`);
        throw new Error(`no scan in 90 s: ${await page.getByTestId('scan-entry').innerText()}`);
      }
      await page
        .getByTestId('scan-result')
        .filter({ hasText: 'Already scanned as this' })
        .waitFor();
      expect(await inspectPage(page, { keyPattern, axe: true, width: 420 })).toEqual([]);
      await screenshot(page, `courier-camera-${theme}`);
    }
    await page.context().close();
  }, 300_000);

  it('the camera refused: a clear message in six languages and both themes, and the typed entry records', async () => {
    const context = await courierContext(['geolocation']);
    const denied = await context.newPage();
    await loginByToken(denied, sys, courierPhone);
    await denied.waitForURL('**/courier**');
    const entry = denied.getByTestId('scan-entry');
    await entry.getByRole('button', { name: 'Scan with camera' }).click();
    const problem = denied.getByTestId('camera-problem');
    await problem.waitFor();
    expect(await problem.innerText()).toBe(
      "The camera is not allowed. Allow it in the browser's settings for this site, or type the code below.",
    );
    const field = entry.getByRole('textbox', { name: 'Package or shipment code' });
    await field.fill(`(00) ${sscc[0]}`);
    await field.press('Enter');
    await denied
      .getByTestId('scan-result')
      .filter({ hasText: `Scan of ${sscc[0]} registered` })
      .waitFor();
    await screenshot(denied, 'courier-camera-denied');

    const keyPattern = messageKeyPattern(['courier', 'ra']);
    const problems: string[] = [];
    const texts = new Set<string>();
    for (const [locale, theme] of [
      ['en', 'whitelabel'],
      ['da', 'nordlog'],
      ['fi', 'whitelabel'],
      ['fr', 'nordlog'],
      ['nb', 'whitelabel'],
      ['sv', 'nordlog'],
    ] as const) {
      await denied.evaluate(`localStorage.setItem('nordlog.locale', ${JSON.stringify(locale)})`);
      await denied.goto(`${sys.url}/courier?theme=${theme}`);
      await denied.getByTestId('camera-scanner').getByRole('button').click();
      await problem.waitFor();
      texts.add(await problem.innerText());
      const found = await inspectPage(denied, { keyPattern, axe: true, width: 420 });
      problems.push(...found.map((p) => `${locale}/${theme}: ${p}`));
    }
    expect(problems).toEqual([]);
    expect(texts.size).toBe(6);
    await context.close();
  }, 180_000);

  it("a load carrier's QR code from the camera counts for every package on it", async () => {
    // The cage's QR, drawn by ZXing's writer, photographed as the label was.
    const desk = await plain.newPage({ deviceScaleFactor: 2 });
    const svg = Buffer.from(await qrCodeSvg('CAGE-7')).toString('base64');
    await desk.setContent(
      `<div id="qr" style="display:inline-block;padding:40px;background:#fff">` +
        `<img src="data:image/svg+xml;base64,${svg}" style="width:300px;image-rendering:pixelated"></div>`,
    );
    const png = await desk.locator('#qr').screenshot();
    await writeLabelVideo(desk, png, path.join(dir, 'cage.y4m'), {
      width: 720,
      height: 1280,
      angle: -6,
      blur: 1,
      fill: 0.45,
    });
    await desk.close();
    qrCamera = await launchWithCamera(path.join(dir, 'cage.y4m'));
    const context = await qrCamera.newContext({
      viewport: { width: 420, height: 900 },
      locale: 'en-GB',
      permissions: ['camera'],
    });
    const phone = await context.newPage();
    await loginByToken(phone, sys, courierPhone);
    await phone.waitForURL('**/courier**');
    const entry = phone.getByTestId('scan-entry');
    await chooseOption(phone, entry.getByRole('combobox', { name: 'What happened' }), 'Delivered');
    await entry.getByRole('button', { name: 'Scan with camera' }).click();
    await phone
      .getByTestId('scan-result')
      .filter({ hasText: 'Scan of CAGE-7 registered' })
      .waitFor({ timeout: 60_000 });
    await sys.settled();
    const last = (await slotScans()).at(-1)!;
    expect([last.code, last.codeType, last.kind, last.warning]).toEqual([
      'CAGE-7',
      'LOAD_CARRIER',
      'DELIVERED',
      null,
    ]);
    expect([...last.moved].sort()).toEqual([...sscc].sort());
    expect((await sys.query('consignments', { ids: [orderId] })).body[0].state).toBe('DELIVERED');
    await context.close();
  }, 180_000);
});

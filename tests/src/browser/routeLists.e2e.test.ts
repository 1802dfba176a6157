import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DeliveryNote } from '@nordlog/contracts';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import {
  assertWebAppBuilt,
  launchBrowser,
  loginByToken,
  screenshot,
  screenshotDir,
} from '../support/browser.js';
import { pdfText } from '../support/pdfText.js';
import { createSlot } from '../support/planning.js';
import { sampleUnit } from '../support/samples.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';
import { inspectPage, messageKeyPattern, PageMonitor } from '../support/walk.js';

const DATE = bookingDate(2);

/** The pages of a PDF Chromium printed, and the size of the first (points). */
function pdfPages(pdf: Buffer): { count: number; mediaBox: number[] } {
  const text = pdf.toString('latin1');
  const count = (text.match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  const box = /\/MediaBox\s*\[\s*([\d.\s-]+)\]/.exec(text)?.[1] ?? '';
  return { count, mediaBox: box.trim().split(/\s+/).map(Number) };
}

/**
 * Route lists in a real browser (S2-ROUTE-056, S2-ROUTE-053; docs/decisions/0021-planning.md): a
 * planner opens a slot's load list and the day's load list; on screen they are A4-wide sheets,
 * printed (print media) the app frame is gone and each slot is an A4 page of its own; the CSV
 * button downloads the slot's location list.
 */
describe('route lists in a browser', () => {
  let sys: TestSystem;
  let browser: Browser;
  let page: Page;
  let oslo: string;
  let morning: string;
  let afternoon: string;
  let unitName: string;
  let notes: DeliveryNote[];
  let monitor: PageMonitor;

  beforeAll(async () => {
    assertWebAppBuilt();
    sys = await startTestSystem();
    browser = await launchBrowser();
    await configureNumberSeries(sys);
    oslo = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo terminal',
        departmentType: 'courier',
        country: 'NO',
        location: { lat: 59.91, lng: 10.75 },
      })
    ).body.ids[0];
    const customerId = (
      await sys.command('CREATE_CUSTOMER', { name: 'Nordlys Apotek', departmentId: oslo })
    ).body.ids[0];
    const book = async (name: string, street: string, lat: number, quantity: number) => {
      const res = await sys.command('CREATE_ORDER', {
        departmentId: oslo,
        customerId,
        pickupDate: DATE,
        pickup: {},
        delivery: { ...osloAddress, name, address: street, lat, lng: 10.74, phone: '+4791234567' },
        measurements: [{ weight: 3.5, quantity, length: 30, width: 20, height: 10 }],
      });
      expect(res.status).toBe(200);
      return res.body.ids[0] as string;
    };
    const courier = await sys.command('CREATE_COURIER_USER', {
      name: 'Ola Sjåfør',
      phoneNumber: freshPhone(),
      departmentId: oslo,
    });
    expect(courier.status).toBe(200);
    const unit = sampleUnit(oslo, [courier.body.ids[0]]);
    unitName = unit.name;
    const unitId = (await sys.command('CREATE_UNIT', unit)).body.ids[0];
    morning = await createSlot(sys, oslo, DATE, { name: 'Morgen' });
    afternoon = await createSlot(sys, oslo, DATE, {
      name: 'Ettermiddag',
      timeFrom: `${DATE}T12:00:00.000Z`,
    });
    const first = [
      await book('Kari Nordmann', 'Bogstadveien 10', 59.93, 2),
      await book('Per Hansen', 'Thereses gate 5', 59.94, 1),
      await book('Åse Øvrebø', 'Kirkeveien 7', 59.95, 1),
    ];
    const second = [await book('Liv Berg', 'Ullevålsveien 3', 59.92, 1)];
    for (const [slotId, consignmentIds] of [
      [morning, first],
      [afternoon, second],
    ] as const)
      expect(
        (await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds, slotId })).status,
      ).toBe(200);
    expect((await sys.command('ASSIGN_UNIT_TO_SLOT', { slotId: morning, unitId })).status).toBe(
      200,
    );
    expect(
      (
        await sys.command('ASSIGN_COURIER_TO_SLOT', {
          slotId: morning,
          courierId: courier.body.ids[0],
        })
      ).status,
    ).toBe(200);
    const phone = freshPhone();
    await sys.run('CREATE_USER', {
      name: 'Route Planner',
      phoneNumber: phone,
      role: 'PLANNER',
      departmentIds: [oslo],
    });
    await sys.settled();
    notes = (await sys.query('deliveryNotes', { slotId: morning })).body;
    expect(notes).toHaveLength(3);
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-GB',
      acceptDownloads: true,
    });
    page = await context.newPage();
    monitor = new PageMonitor(page);
    await loginByToken(page, sys, phone);
    await page.waitForURL('**/planner');
    await monitor.settle();
    monitor.take();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sys?.shutdown();
  });

  it('S2-ROUTE-056 a slot load list: packages last stop first, the header, and an A4 print without the app frame', async () => {
    await page.goto(`${sys.url}/planner/${oslo}/planning/slots/${DATE}/${morning}/load-list`);
    const sheet = page.getByTestId('route-list-slot');
    await sheet.waitFor();
    expect(await page.title()).toBe('Nordlog - Load list');
    await page.getByRole('heading', { name: 'Load list: Morgen' }).waitFor();
    const head = (await sheet.locator('header').innerText()).replace(/\s+/g, ' ');
    expect(head).toContain('Oslo terminal');
    expect(head).toContain(`${unitName}, EL 12345`);
    expect(head).toContain('Ola Sjåfør');
    // Reverse delivery order: the last stop's package is loaded first.
    const expected = [...notes]
      .reverse()
      .flatMap((n) => n.packages.map((p) => [p.packageId, n.recipient.name] as const));
    const rows = sheet.locator('table').first().locator('tbody tr');
    expect(await rows.count()).toBe(4);
    for (const [i, [sscc, name]] of expected.entries()) {
      const text = await rows.nth(i).innerText();
      expect(text).toContain(sscc!);
      expect(text).toContain(name);
      expect(text.trim().startsWith(String(i + 1))).toBe(true);
    }
    // Load against the unit's capacity (40 packages, 900 kg, 10.5 m³ = 10,500 dm³).
    const capacity = await page.getByTestId('load-capacity').innerText();
    expect(capacity).toMatch(/4\s+14\s+24/);
    expect(capacity).toMatch(/40\s+900\s+10,500/);
    // On screen: an A4-wide sheet (210 mm at 96 px per inch) beside the menu.
    const screenBox = (await sheet.boundingBox())!;
    expect(Math.round(screenBox.width)).toBe(794);
    const menu = page.locator('.RaSidebar-root, .MuiDrawer-root').first();
    expect(await menu.isVisible()).toBe(true);
    await screenshot(page, 'route-lists-load-list');

    // Printed: no menu, no top bar, no buttons; the sheet alone, the table visible.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByTestId('export-locations').isVisible()).toBe(false);
    expect(await page.locator('header.MuiAppBar-root').isVisible()).toBe(false);
    expect(await menu.isVisible()).toBe(false);
    expect(await rows.first().isVisible()).toBe(true);
    const printBox = (await sheet.boundingBox())!;
    // The sheet starts at the page's left edge (the 256 px menu is gone) and fills the width.
    expect(printBox.x).toBeLessThan(2);
    expect(printBox.width).toBeGreaterThan(1270);
    for (const n of notes) expect(await sheet.innerText()).toContain(n.recipient.name);
    await screenshot(page, 'route-lists-load-list-print');
    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
    mkdirSync(screenshotDir, { recursive: true });
    writeFileSync(path.join(screenshotDir, 'route-lists-load-list.pdf'), pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { count, mediaBox } = pdfPages(pdf);
    expect(count).toBe(1);
    // The printed page says what the screen does: every package and recipient, in loading order.
    const [printed] = pdfText(pdf);
    const at = expected.map(([sscc]) => printed!.indexOf(sscc!));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    for (const n of notes) expect(printed).toContain(n.recipient.name);
    expect(printed).toContain('Ola Sjåfør');
    // A4 is 595 × 842 points.
    expect(Math.round(mediaBox[2]!)).toBe(595);
    expect(Math.round(mediaBox[3]!)).toBe(842);
    await page.emulateMedia({ media: 'screen' });
  });

  it('S2-ROUTE-053 the day load list prints a page per slot', async () => {
    await page.goto(`${sys.url}/planner/${oslo}/planning/slots/${DATE}/load-list`);
    const sheets = page.getByTestId('route-list-slot');
    await sheets.nth(1).waitFor();
    expect(await sheets.count()).toBe(2);
    expect(await sheets.nth(1).innerText()).toContain('Liv Berg');
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
    mkdirSync(screenshotDir, { recursive: true });
    writeFileSync(path.join(screenshotDir, 'route-lists-day-load-list.pdf'), pdf);
    expect(pdfPages(pdf).count).toBe(2);
    // A page per slot: the morning's stops on the first, the afternoon's on the second.
    const [first, second] = pdfText(pdf);
    expect(first).toContain('Morgen');
    expect(first).toContain('Kari Nordmann');
    expect(first).not.toContain('Liv Berg');
    expect(second).toContain('Ettermiddag');
    expect(second).toContain('Liv Berg');
    await page.emulateMedia({ media: 'screen' });
  });

  it('S7-CALL-029 the CSV button downloads the slot location list', async () => {
    await page.goto(`${sys.url}/planner/${oslo}/planning/slots/${DATE}/${morning}/hd-route-list`);
    await page.getByTestId('route-stop').first().waitFor();
    expect(await page.getByTestId('route-stop').count()).toBe(3);
    const stops = await page.getByTestId('route-stop').allInnerTexts();
    expect(stops.map((s) => notes.find((n) => s.includes(n.recipient.name))?.orderId)).toEqual(
      notes.map((n) => n.orderId),
    );
    expect(stops[0]).toContain('+4791234567');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-locations').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`slot-${morning}-locations.csv`);
    const file = readFileSync(await download.path());
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.toString('utf8').slice(1).trim().split('\r\n');
    // The header, the three deliveries in route order, and the unit's break (11:00–13:00) last.
    expect(lines.map((l) => l.split(',').slice(0, 2).join(','))).toEqual([
      'sequence,type',
      '1,delivery',
      '2,delivery',
      '3,delivery',
      '4,rest_break',
    ]);
    expect(lines[3]).toContain('Åse Øvrebø');
  });

  it('S2-ROUTE-052 S2-ROUTE-055 S2-ROUTE-057 S2-ROUTE-058 S2-ROUTE-063 every route list renders its documents, whole and accessible', async () => {
    const [kari] = notes;
    const base = `${sys.url}/planner/${oslo}`;
    const pages: { path: string; name: string; shows: string[]; count?: [string, number] }[] = [
      {
        path: `/planning/slots/${DATE}/receipt-list`,
        name: 'receipt-list',
        shows: [
          'Receipt list',
          'Nordlys Apotek',
          'Kari Nordmann',
          'Liv Berg',
          'Courier’s signature',
          // The unit's depots (0041-depot).
          'Tollbugata 17, 0152 Oslo → Sognsveien 77, 0855 Oslo',
        ],
        count: ['route-list-slot', 2],
      },
      {
        path: `/planning/slots/${DATE}/${morning}/hd-route-list`,
        name: 'hd-route-list',
        shows: ['Route list', 'Kari Nordmann', '+4791234567', 'Break'],
        count: ['route-stop', 3],
      },
      {
        path: '/route-receipt-list?date=' + DATE,
        name: 'route-receipt-list',
        shows: ['Morgen', 'Ettermiddag', unitName, 'Ola Sjåfør'],
      },
      {
        path: `/waybills/${kari!.orderId}`,
        name: 'waybill',
        shows: [
          'Waybill',
          kari!.shipmentId!,
          'Kari Nordmann',
          'Oslo terminal',
          kari!.packages[0]!.packageId!,
        ],
        count: ['waybill', 1],
      },
      {
        path: `/delivery-notes?date=${DATE}&slot=${morning}`,
        name: 'delivery-notes',
        shows: ['Delivery note', 'Recipient’s signature', 'Åse Øvrebø'],
        count: ['delivery-note', 3],
      },
    ];
    const keyPattern = messageKeyPattern(['routeLists', 'pages', 'ra', 'enums']);
    for (const p of pages) {
      await page.goto(`${base}${p.path}`);
      await page.getByTestId('route-list').waitFor();
      await monitor.settle();
      const text = await page.getByTestId('route-list').innerText();
      for (const shown of p.shows)
        expect({
          page: p.name,
          shown,
          found: text.toLowerCase().includes(shown.toLowerCase()),
        }).toEqual({
          page: p.name,
          shown,
          found: true,
        });
      if (p.count) expect(await page.getByTestId(p.count[0]).count()).toBe(p.count[1]);
      // The walk's checks: console, answers, width at 1280 px, message keys, axe-core.
      const problems = [...monitor.take(), ...(await inspectPage(page, { keyPattern, axe: true }))];
      expect({ page: p.name, problems }).toEqual({ page: p.name, problems: [] });
      await screenshot(page, `route-lists-${p.name}`);
    }
    // The waybill's shipment id is also a GS1-128 barcode.
    await page.goto(`${base}/waybills/${kari!.orderId}`);
    await page.getByTestId('waybill').waitFor();
    expect(await page.getByTestId('waybill').locator('svg rect').count()).toBeGreaterThan(20);
  });
});

import { describe, expect, it } from '@jest/globals';
import { type Invoice, type InvoiceLine } from '@nordlog/contracts';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { invoiceHtml } from './html.js';
import { CHROMIUM_PATHS, defaultChromiumPath, htmlToPdf } from './pdf.js';
import { sampleInvoice } from './fixtures.js';

const PDFTOTEXT = '/usr/bin/pdftotext';

const lines: InvoiceLine[] = Array.from({ length: 60 }, (_, i) => ({
  orderId: String(100 + Math.floor(i / 2)),
  billingOrderId: null,
  shipmentId: `709000100000${String(100 + Math.floor(i / 2)).padStart(5, '0')}`,
  deliveryDate: '2026-01-15',
  articleCode: i % 2 === 0 ? 'FREIGHT' : 'SMS',
  label: i % 2 === 0 ? 'Frakt sone 2 – Ærø' : 'SMS-varsling',
  quantity: 1,
  customerUnitPrice: i % 2 === 0 ? 123_456 : 500,
  customerAmount: i % 2 === 0 ? 123_456 : 500,
  resourceAmount: 0,
  corrected: false,
  creditLineId: null,
}));

const invoice: Invoice = sampleInvoice(lines, { number: '2026-000777' });
const seller = { name: 'Nordlog Kurer AS', orgNumber: '912 345 678', address: 'Storgata 1' };

/** The temporary directories htmlToPdf makes, to prove it leaves none behind. */
const printDirs = async () =>
  (await readdir(tmpdir())).filter((name) => name.startsWith('nordlog-invoice-'));

/** Runs a check against a stand-in for the browser: a shell script in a directory of its own. */
async function withFakeChromium(script: string, check: (file: string) => Promise<void>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'nordlog-fake-chromium-'));
  try {
    const file = path.join(dir, 'chromium');
    await writeFile(file, `#!/bin/sh\n${script}\n`);
    await chmod(file, 0o755);
    await check(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('htmlToPdf with headless Chromium', () => {
  it('finds the installed browser at a known path', () => {
    const found = defaultChromiumPath();
    expect(found).not.toBeNull();
    expect(CHROMIUM_PATHS).toContain(found);
    expect(existsSync(found!)).toBe(true);
  });

  it('prints an invoice to a PDF that names the invoice, and removes its temporary files', async () => {
    const before = await printDirs();
    const pdf = await htmlToPdf(invoiceHtml(invoice, seller), {
      chromiumPath: defaultChromiumPath() ?? '/usr/bin/chromium',
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await printDirs()).toEqual(before);
    if (existsSync(PDFTOTEXT)) {
      const dir = await mkdtemp(path.join(tmpdir(), 'nordlog-pdf-text-'));
      try {
        const file = path.join(dir, 'invoice.pdf');
        await writeFile(file, pdf);
        const { stdout } = await promisify(execFile)(PDFTOTEXT, ['-layout', file, '-']);
        expect(stdout).toContain('2026-000777');
        expect(stdout).toContain('Fjordfrakt AS');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    } else {
      // Without pdftotext the page text is compressed glyph ids; the document title (from
      // <title>) is in the PDF's uncompressed Info dictionary.
      expect(pdf.toString('latin1')).toContain('/Title (Invoice 2026-000777)');
    }
  });

  it('prints a Norwegian seller’s invoice in Norwegian: its title is "Faktura"', async () => {
    const norwegian = sampleInvoice(lines.slice(0, 2), {
      number: '2026-000778',
      seller: {
        name: 'Oslo Kurer AS',
        country: 'NO',
        address: { street: 'Tollbugata 17', postalCode: '0152', town: 'Oslo', country: 'NO' },
        orgNumber: '974760673',
        vatRegistered: true,
        bankAccount: '86011117947',
        fikCreditorNumber: '',
      },
    });
    const pdf = await htmlToPdf(invoiceHtml(norwegian, seller), {
      chromiumPath: defaultChromiumPath() ?? '/usr/bin/chromium',
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    if (existsSync(PDFTOTEXT)) {
      const dir = await mkdtemp(path.join(tmpdir(), 'nordlog-pdf-text-'));
      try {
        const file = path.join(dir, 'invoice.pdf');
        await writeFile(file, pdf);
        const { stdout } = await promisify(execFile)(PDFTOTEXT, ['-layout', file, '-']);
        for (const text of ['Faktura', 'Forfallsdato', '15.02.2026', 'Å betale', 'KID'])
          expect(stdout).toContain(text);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    } else expect(pdf.toString('latin1')).toContain('/Title (Faktura 2026-000778)');
  });

  it('rejects naming the path when the browser is not there', async () => {
    await expect(
      htmlToPdf('<p>x</p>', { chromiumPath: '/nonexistent/chromium-for-invoices' }),
    ).rejects.toThrow('/nonexistent/chromium-for-invoices');
  });

  it('kills a browser that does not finish in time and rejects, leaving no files behind', async () => {
    await withFakeChromium('exec sleep 30', async (chromiumPath) => {
      const before = await printDirs();
      const started = Date.now();
      await expect(htmlToPdf('<p>x</p>', { chromiumPath, timeoutMs: 300 })).rejects.toThrow(
        'did not print the PDF within 300 ms',
      );
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(await printDirs()).toEqual(before);
    });
  });

  it('rejects with the browser’s own message when it fails', async () => {
    await withFakeChromium('echo "cannot open display" >&2\nexit 3', async (chromiumPath) => {
      await expect(htmlToPdf('<p>x</p>', { chromiumPath })).rejects.toThrow(
        /failed to print the PDF .*cannot open display/,
      );
    });
  });

  it('rejects when the browser ends without writing a PDF', async () => {
    await withFakeChromium('exit 0', async (chromiumPath) => {
      await expect(htmlToPdf('<p>x</p>', { chromiumPath })).rejects.toThrow(
        'exited without writing a PDF',
      );
    });
  });
});

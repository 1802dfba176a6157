import { execFile } from 'node:child_process';
import { constants, existsSync } from 'node:fs';
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where Debian, Ubuntu and Google's packages put the browser, in the order they are tried. */
export const CHROMIUM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
] as const;

/** How long one print may take before the browser is killed. */
export const DEFAULT_PDF_TIMEOUT_MS = 30_000;

/** The first browser installed at a known path, or null when there is none. */
export function defaultChromiumPath(): string | null {
  return CHROMIUM_PATHS.find((p) => existsSync(p)) ?? null;
}

export interface HtmlToPdfOptions {
  chromiumPath: string;
  timeoutMs?: number;
}

/** The end of the browser's log, enough to say why it failed without flooding an error. */
const logTail = (stderr: string) => {
  const text = stderr.trim();
  return text ? `: ${text.length > 2000 ? `…${text.slice(-2000)}` : text}` : '';
};

/**
 * Runs the browser to its end, or kills it at the time limit (SIGKILL: a browser stuck in a
 * print does not always honour SIGTERM). Its helpers (renderer, zygote) end when it does.
 */
function runChromium(file: string, args: readonly string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let timedOut = false;
    const child = execFile(
      file,
      args,
      { maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        clearTimeout(timer);
        if (timedOut)
          reject(new Error(`Chromium did not print the PDF within ${timeoutMs} ms and was killed`));
        else if (error)
          reject(
            new Error(
              `Chromium failed to print the PDF (${error.message.split('\n')[0]})${logTail(stderr)}`,
            ),
          );
        else resolve();
      },
    );
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
  });
}

/**
 * HTML printed to PDF by headless Chromium (A4 and margins come from the document's `@page`).
 * The HTML is written to a fresh temporary directory, which also holds the browser's profile, so
 * prints never share state; the directory is removed whatever happens.
 */
export async function htmlToPdf(html: string, options: HtmlToPdfOptions): Promise<Buffer> {
  const { chromiumPath, timeoutMs = DEFAULT_PDF_TIMEOUT_MS } = options;
  if (!(Number.isFinite(timeoutMs) && timeoutMs > 0))
    throw new RangeError(`timeoutMs must be a positive number of milliseconds: ${timeoutMs}`);
  try {
    await access(chromiumPath, constants.X_OK);
  } catch {
    throw new Error(`Chromium not found (or not executable) at ${chromiumPath}`);
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'nordlog-invoice-'));
  try {
    const input = path.join(dir, 'invoice.html');
    const output = path.join(dir, 'invoice.pdf');
    await writeFile(input, html, 'utf8');
    await runChromium(
      chromiumPath,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--no-pdf-header-footer',
        `--user-data-dir=${path.join(dir, 'profile')}`,
        `--print-to-pdf=${output}`,
        pathToFileURL(input).href,
      ],
      timeoutMs,
    );
    const pdf = await readFile(output).catch(() => Buffer.alloc(0));
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
      throw new Error(`Chromium exited without writing a PDF to ${output}`);
    return pdf;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

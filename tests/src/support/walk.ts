import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  accessFlags,
  departmentTypes,
  deviationReasons,
  holidayTypes,
  marketCountries,
  roles,
  slotStates,
} from '@nordlog/contracts';
import type { ConsoleMessage, Page, Request, Response } from 'playwright-core';

/**
 * What the browser walk (issue 13) checks on every page: the page does not fall into the error
 * fallback, logs no uncaught error or React warning, gets no failed answer but the expected
 * 403/404, fits 1280 px without a horizontal scroll bar, shows no message key or raw enum value,
 * and has no serious or critical accessibility violation (axe-core).
 */

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The problems a page showed, each a line a person can act on. */
export type Problems = string[];

/** Listens to one page: its console, its uncaught errors, its requests and their answers. */
export class PageMonitor {
  private events: string[] = [];
  private inFlight = new Set<Request>();
  private lastActivity = Date.now();

  constructor(readonly page: Page) {
    page.on('console', (m) => this.onConsole(m));
    page.on('pageerror', (e) => this.events.push(`uncaught error: ${e.message}`));
    page.on('request', (r) => this.track(r));
    page.on('requestfinished', (r) => this.untrack(r));
    page.on('requestfailed', (r) => {
      this.untrack(r);
      const failure = r.failure()?.errorText ?? '';
      // A request the page itself dropped on navigating away is not a failure.
      if (!/ERR_ABORTED|NS_BINDING_ABORTED/.test(failure))
        this.events.push(`request failed: ${r.method()} ${r.url()} (${failure})`);
    });
    page.on('response', (r) => this.onResponse(r));
  }

  private onConsole(message: ConsoleMessage) {
    const type = message.type();
    const text = message.text();
    // The browser logs every 4xx/5xx answer; answers are checked one by one in onResponse.
    if (text.startsWith('Failed to load resource')) return;
    // polyglot warns of a missing translation: a key the screen asked for and no language has.
    if (
      type === 'error' ||
      (type === 'warning' && /Warning:|React|Missing translation/i.test(text))
    )
      this.events.push(`console ${type}: ${text.slice(0, 300)}`);
  }

  private onResponse(response: Response) {
    const status = response.status();
    if (status < 400 || status === 403 || status === 404) return;
    this.events.push(`answer ${status}: ${response.request().method()} ${response.url()}`);
  }

  private track(request: Request) {
    if (request.resourceType() === 'websocket' || request.resourceType() === 'eventsource') return;
    this.inFlight.add(request);
    this.lastActivity = Date.now();
  }

  private untrack(request: Request) {
    this.inFlight.delete(request);
    this.lastActivity = Date.now();
  }

  /** Waits until no request has been in flight for `quietMs` (at most `maxMs`). */
  async settle(quietMs = 250, maxMs = 10_000): Promise<void> {
    const start = Date.now();
    for (;;) {
      const now = Date.now();
      if (this.inFlight.size === 0 && now - this.lastActivity >= quietMs) return;
      if (now - start > maxMs) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The events since the last call. */
  take(): string[] {
    const events = this.events;
    this.events = [];
    return events;
  }
}

/** Client-side navigation, as a link in the app does (react-router listens to popstate). */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(`(() => {
    window.history.pushState({}, '', ${JSON.stringify(path)});
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  })()`);
}

/** Top-level keys of the app's and react-admin's messages: a visible `key.sub` is untranslated. */
export function messageKeyPattern(namespaces: readonly string[]): RegExp {
  return new RegExp(`(^|[\\s"'(])(${namespaces.join('|')})\\.[a-zA-Z][\\w/.-]*[a-zA-Z]`, 'm');
}

/** Enum values no screen shows raw: written in capitals with an underscore, anywhere in text. */
const rawTokens = new RegExp(
  `\\b(${[...accessFlags, ...roles, ...holidayTypes, ...slotStates, ...deviationReasons]
    // NO_ACCESS is also an error type, named in texts about refusals.
    .filter((v) => v.includes('_') && v !== 'NO_ACCESS')
    .join('|')})\\b`,
);
/** Enum values that are also words: raw only when a cell, chip or option is exactly the value. */
const rawExact = new Set<string>([
  ...roles.filter((r) => !r.includes('_')),
  ...departmentTypes,
  ...marketCountries,
]);

/** Runs in the page: what the checks read. */
const readPage = `(() => {
  const fallback = document.querySelector('[data-testid="error-fallback"]');
  const cells = [...document.querySelectorAll(
    'td, th, [role="cell"], [role="gridcell"], [role="option"], .MuiChip-label, .MuiSelect-select, label',
  )]
    .map((e) => (e.innerText || '').trim())
    .filter((t) => t.length > 0 && t.length < 40);
  const width = document.documentElement.clientWidth;
  const describe = (e) =>
    e.tagName.toLowerCase() + (e.className && typeof e.className === 'string'
      ? '.' + e.className.trim().split(/\\s+/).slice(0, 3).join('.') : '');
  // The elements that stick out although their parent fits: where a too-wide page starts.
  const wide = [...document.body.querySelectorAll('*')]
    .filter((e) => e.getBoundingClientRect().right > width + 1)
    .filter((e) => !e.parentElement || e.parentElement.getBoundingClientRect().right <= width + 1)
    .slice(0, 3)
    .map((e) => describe(e) + ' ' + Math.round(e.getBoundingClientRect().right) + 'px');
  // Text cut off with an ellipsis and nothing that shows the whole of it (a title, a tooltip).
  const clipped = [...document.body.querySelectorAll('label, th, [role="columnheader"], legend, .MuiFormControlLabel-label, .MuiInputLabel-root')]
    .filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).textOverflow === 'ellipsis')
    .filter((e) => !e.closest('[title]') && !e.querySelector('[title]'))
    .slice(0, 3)
    .map((e) => JSON.stringify(e.innerText.trim()));
  return {
    clipped,
    wide,
    fallback: fallback ? fallback.innerText.slice(0, 300) : null,
    text: document.body.innerText,
    cells,
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    title: document.title,
  };
})()`;

/** The checks that read the page itself. */
export async function inspectPage(
  page: Page,
  options: { keyPattern: RegExp; axe: boolean; width?: number },
): Promise<Problems> {
  const problems: Problems = [];
  // Colours read mid-transition (a button turning enabled) are neither state: let them finish.
  // (Polled with plain evaluations: the app's CSP refuses the eval that waitForFunction uses.)
  for (let i = 0; i < 60; i++) {
    const running = await page.evaluate(
      `document.getAnimations().filter((a) => a.playState === 'running' && a.effect && a.effect.getComputedTiming().iterations !== Infinity).length`,
    );
    if (running === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const found = await page.evaluate<{
    clipped: string[];
    wide: string[];
    fallback: string | null;
    text: string;
    cells: string[];
    scrollWidth: number;
    clientWidth: number;
    title: string;
  }>(readPage);
  if (found.fallback) problems.push(`error fallback: ${found.fallback.replace(/\s+/g, ' ')}`);
  if (found.scrollWidth > found.clientWidth + 1)
    problems.push(
      `page is ${found.scrollWidth} px wide in a ${found.clientWidth} px window (${found.wide.join(', ')})`,
    );
  if (found.clipped.length > 0)
    problems.push(`text cut off without a tooltip: ${found.clipped.join(', ')}`);
  const key = options.keyPattern.exec(found.text) ?? options.keyPattern.exec(found.title);
  if (key) problems.push(`untranslated message key: ${key[0].trim()}`);
  const token = rawTokens.exec(found.text);
  if (token) problems.push(`raw enum value shown: ${token[0]}`);
  const exact = found.cells.find((c) => rawExact.has(c));
  if (exact) problems.push(`raw enum value shown: ${exact}`);
  if (options.axe) problems.push(...(await accessibility(page)));
  return problems;
}

interface AxeResult {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: unknown[]; failureSummary?: string }[];
  }[];
}

/** Finite animations and transitions running in the page (a spinner's endless one aside). */
const runningTransitions = `document.getAnimations().filter((a) =>
  a.playState === 'running' && a.effect && a.effect.getTiming().iterations !== Infinity).length`;

/**
 * Waits until no transition runs (at most `timeoutMs`; then the caller checks what it sees).
 * Polled with `page.evaluate`, as axe itself is run (through the DevTools protocol).
 */
export async function transitionsOver(page: Page, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && (await page.evaluate<number>(runningTransitions)) > 0)
    await new Promise((r) => setTimeout(r, 100));
}

/** axe-core's serious and critical violations of the page (WCAG 2.1 A and AA rules). */
export async function accessibility(page: Page): Promise<Problems> {
  // A menu fading out, a button changing colour: text at part opacity or on a colour between
  // two, which axe measures as poor contrast (CI saw a closing select's item at 1.21:1). The
  // page is checked once its transitions are over (a loaded machine draws them slowly).
  await transitionsOver(page);
  const loaded = await page.evaluate(`'axe' in window`);
  // Evaluated through the DevTools protocol: the app's CSP (rightly) refuses inline scripts.
  if (!loaded) await page.evaluate(axeSource);
  const result = await page.evaluate(`window.axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    resultTypes: ['violations'],
  })`);
  return (result as AxeResult).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `axe ${v.impact} ${v.id}: ${v.help} (${v.nodes
          .slice(0, 3)
          .map(
            (n) =>
              `${JSON.stringify(n.target)}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 160)}`,
          )
          .join(', ')})`,
    );
}

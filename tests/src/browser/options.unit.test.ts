import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The browser tests choose from a menu in one way, tests/src/support/options.ts, which opens the
 * menu again when it closed under the hand (a loading reference input replaces its select; CI
 * met it in the matrix screen and in the walk). A test that clicks an option itself would meet
 * it again: this guard fails on any click on an `option` outside that file.
 */
const testsDir = fileURLToPath(new URL('../', import.meta.url));
const helper = path.join('support', 'options.ts');

const sources = (readdirSync(testsDir, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts') && f !== helper && !f.endsWith('options.unit.test.ts'))
  .map((f) => ({ name: f, text: readFileSync(path.join(testsDir, f), 'utf8') }));

/** A statement that finds an option by its role and clicks it (reading or waiting is fine). */
const optionClick = /getByRole\(\s*['"]option['"][^;]*?\.(click|check|tap|dblclick)\(/g;

describe('choosing from a menu in the browser tests', () => {
  it('reads the browser tests (the guard has something to guard)', () => {
    expect(sources.filter((s) => s.name.endsWith('.e2e.test.ts')).length).toBeGreaterThan(30);
    expect(sources.some((s) => /\bchooseOption\(/.test(s.text))).toBe(true);
  });

  it('no test clicks an option itself: chooseOption or chooseSuggestion does', () => {
    const clicks = sources.flatMap((s) =>
      [...s.text.matchAll(optionClick)].map(
        (m) => `${s.name}:${s.text.slice(0, m.index).split('\n').length}`,
      ),
    );
    expect(clicks).toEqual([]);
  });

  it('the guard sees a click on an option across lines', () => {
    const sample = "await page\n  .getByRole('option', { name: 'Oslo' })\n  .first()\n  .click();";
    expect([...sample.matchAll(optionClick)]).toHaveLength(1);
    expect([
      ..."await page.getByRole('option').first().waitFor();".matchAll(optionClick),
    ]).toHaveLength(0);
  });
});

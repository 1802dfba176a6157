import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The browser tests wait for the state a test needs, never for a transition or a time (a CI run
 * once failed when a select's listbox took more than 30 s to leave a loaded machine's page). This
 * guard reads every browser test and its support: no wait for a listbox or menu to go, and no
 * fixed sleep of 200 ms or more unless the lines just above say it proves that something does
 * not happen (`no-event wait:`), the one thing a time can show.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const sourceDir = path.resolve(here, '../../src');
const files = [
  ...readdirSync(path.join(sourceDir, 'browser'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.unit.test.ts'))
    .map((f) => path.join(sourceDir, 'browser', f)),
  path.join(sourceDir, 'support', 'browser.ts'),
].map((file) => ({
  name: path.relative(sourceDir, file),
  lines: readFileSync(file, 'utf8').split('\n'),
}));

const sleep = /waitForTimeout\((\d[\d_]*)\)|setTimeout\(\s*\w+\s*,\s*(\d[\d_]*)\s*\)/;
const transition =
  /getByRole\(\s*'(listbox|menu)'[^)]*\)[^;]*waitFor\(\s*\{\s*state:\s*'(detached|hidden)'/;

describe('the browser tests wait for states, not transitions or times', () => {
  it('reads the browser tests (the guard has something to guard)', () => {
    expect(files.filter((f) => f.name.endsWith('.e2e.test.ts')).length).toBeGreaterThan(10);
  });

  it('no browser test waits for a listbox or a menu to leave the page', () => {
    const found = files.flatMap((f) =>
      f.lines.flatMap((line, i) => (transition.test(line) ? [`${f.name}:${i + 1}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('a fixed sleep of 200 ms or more only shows that something does not happen, and says so', () => {
    const found = files.flatMap((f) =>
      f.lines.flatMap((line, i) => {
        const m = sleep.exec(line);
        if (!m) return [];
        const ms = Number((m[1] ?? m[2]!).replace(/_/g, ''));
        const said = f.lines
          .slice(Math.max(0, i - 3), i + 1)
          .some((l) => l.includes('no-event wait:'));
        return ms >= 200 && !said ? [`${f.name}:${i + 1}: ${line.trim()}`] : [];
      }),
    );
    expect(found).toEqual([]);
  });
});

import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * react-admin's reference inputs read 25 records, newest first, unless told otherwise: a select of
 * them cannot offer the 26th at all (the walk met it when its departments pushed the demo's out
 * of the department select). Every reference input of the web app either reads a stated number
 * (`perPage`, a list it can show whole) or is an autocomplete, which searches the server as typed.
 */
const uiDir = fileURLToPath(new URL('../../../ui/src/', import.meta.url));

const sources = (readdirSync(uiDir, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.tsx') && !f.includes('.test.'))
  .map((f) => ({ name: f, text: readFileSync(path.join(uiDir, f), 'utf8') }));

/** Each `<ReferenceInput …>` and `<ReferenceArrayInput …>`: its own attributes and first child. */
function referenceInputs(text: string) {
  const found: { line: number; attributes: string; child: string }[] = [];
  for (const m of text.matchAll(
    /<(ReferenceInput|ReferenceArrayInput)\b([\s\S]*?)>\s*(?:\{[^}]*\}\s*)?<(\w+)/g,
  ))
    found.push({
      line: text.slice(0, m.index).split('\n').length,
      attributes: m[2]!,
      child: m[3]!,
    });
  return found;
}

describe('reference inputs of the web app', () => {
  it('are found (the guard has something to guard)', () => {
    expect(sources.flatMap((s) => referenceInputs(s.text)).length).toBeGreaterThan(5);
  });

  it('each reads a stated number of records or searches the server as typed', () => {
    const capped = sources.flatMap((s) =>
      referenceInputs(s.text)
        .filter((r) => !/\bperPage=/.test(r.attributes) && !/^Autocomplete/.test(r.child))
        .map((r) => `${s.name}:${r.line} (${r.child})`),
    );
    expect(capped).toEqual([]);
  });
});

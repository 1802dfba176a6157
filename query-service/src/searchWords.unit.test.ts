import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const src = path.dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });
}

describe('searches of words columns', () => {
  it('go through whereWord: no other LIKE in the query service (wildcards escaped, GS1 ids whole words)', () => {
    const offenders = sources(src)
      .filter((file) => !file.endsWith(`${path.sep}framework.ts`))
      .filter((file) => /'like'|\blike\s+\?|\bilike\b/i.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file));
    expect(offenders).toEqual([]);
  });
});

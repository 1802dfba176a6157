import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * A fresh clone must stay clean after `npm install` with the npm of Node 20 (npm 10) as with npm 11.
 * npm 11 writes the `libc` of platform packages (glibc/musl builds of @swc/core, rolldown,
 * lightningcss, …) into the lock file and npm 10 deletes it again; without it both leave the file
 * as it is (npm 11 then installs both Linux builds, as npm 10 always does).
 */
describe('package-lock.json', () => {
  it('has no libc fields, so npm 10 and npm 11 both leave it unchanged on install', () => {
    const lock = JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8')) as {
      lockfileVersion: number;
      packages: Record<string, { libc?: unknown }>;
    };
    expect(lock.lockfileVersion).toBe(3);
    const withLibc = Object.entries(lock.packages)
      .filter(([, entry]) => entry.libc !== undefined)
      .map(([name]) => name);
    expect(withLibc).toEqual([]);
  });
});

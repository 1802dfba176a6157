import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const readJson = <T>(file: string): T => JSON.parse(readFileSync(`${root}${file}`, 'utf8')) as T;

interface LockEntry {
  engines?: { node?: string } | string[];
  hasInstallScript?: boolean;
  os?: string[];
  cpu?: string[];
  dev?: boolean;
}
const lock = readJson<{ packages: Record<string, LockEntry> }>('package-lock.json');
const manifest = readJson<{ engines: { node: string }; allowScripts: Record<string, boolean> }>(
  'package.json',
);
/** A package's name from its lock-file key (`node_modules/a/node_modules/@b/c` → `@b/c`). */
const nameOf = (key: string) =>
  key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
const installed = Object.entries(lock.packages).filter(([key]) => key.includes('node_modules/'));
/** Whether npm installs the package on a Linux x64 machine (the README's and CI's). */
const onLinuxX64 = (entry: LockEntry) =>
  (!entry.os || entry.os.includes('linux')) && (!entry.cpu || entry.cpu.includes('x64'));

/**
 * A newcomer's first command, `npm install` on the Node the README names, is clean: no package
 * wants a newer Node (npm warns EBADENGINE) and every install script is either allowed or refused
 * by name (npm 11 warns of those `allowScripts` does not cover). A new dependency that breaks
 * either fails here, not on a newcomer's screen.
 */
describe('a fresh npm install', () => {
  // The oldest release of each line the root's engines allow (`^20.19.0 || ^22.13.0 || >=24`:
  // 20.19.0, 22.13.0 and 24.0.0), which the README names.
  const oldestNodes = manifest.engines.node
    .split('||')
    .map((part) => semver.minVersion(part.trim())!.version);

  it.each(oldestNodes)('takes no package that refuses Node %s', (node) => {
    const refusing = installed
      .filter(([, entry]) => onLinuxX64(entry))
      .filter(([, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range !== undefined && !semver.satisfies(node, range);
      })
      .map(([key, entry]) => `${nameOf(key)} (node ${JSON.stringify(entry.engines)})`);
    expect(refusing).toEqual([]);
  });

  it('meets no install script that allowScripts leaves undecided', () => {
    const undecided = installed
      .filter(([, entry]) => entry.hasInstallScript === true && onLinuxX64(entry))
      .map(([key]) => nameOf(key))
      .filter((name) => !Object.hasOwn(manifest.allowScripts, name));
    expect(undecided).toEqual([]);
  });
});

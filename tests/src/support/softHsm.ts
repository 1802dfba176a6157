import { execFileSync } from 'node:child_process';
import type { Pkcs11Options } from '@nordlog/platform';

/** Debian's softhsm2: a PKCS#11 token in software, the stand-in for an HSM in tests. */
export const SOFTHSM_LIBRARY = '/usr/lib/softhsm/libsofthsm2.so';

const util = (args: string[]) => execFileSync('softhsm2-util', args, { stdio: 'pipe' });

/**
 * Tokens of the machine's SoftHSM2 (its own configuration: a test cannot point the library
 * elsewhere, as jest gives a test a copy of the environment the library never reads), each
 * labelled for this test process: `token(name)` makes one and gives the options that reach it and
 * the settings that name it; `remove()` deletes them.
 */
export function softHsm(): {
  token(name: string): { options: Pkcs11Options; env: Record<string, string> };
  remove(): void;
} {
  const labels: string[] = [];
  const pin = '246810';
  return {
    token(name) {
      const label = `${name}-${process.pid}-${Date.now() % 100_000}`;
      util(['--init-token', '--free', '--label', label, '--pin', pin, '--so-pin', '135791']);
      labels.push(label);
      const options = {
        library: SOFTHSM_LIBRARY,
        tokenLabel: label,
        pin,
        keyLabel: 'nordlog-personal-data',
      };
      return {
        options,
        env: {
          PERSONAL_DATA_KMS: 'pkcs11',
          PKCS11_LIBRARY: options.library,
          PKCS11_TOKEN_LABEL: label,
          PKCS11_PIN: pin,
        },
      };
    },
    remove() {
      for (const label of labels.splice(0)) util(['--delete-token', '--token', label]);
    },
  };
}

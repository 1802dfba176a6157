import { loadConfig, personalDataKeys, provisionPkcs11Keys } from '@nordlog/platform';

/**
 * `npm run kms:provision`: makes the HSM's keys of personal data where they are not yet
 * (PERSONAL_DATA_KMS=pkcs11 and the PKCS11_* settings; docs/decisions/0050, addendum). Run once
 * per installation, before the first start with the HSM; running it again changes nothing.
 */
function main(): void {
  const config = loadConfig({ ...process.env, PERSONAL_DATA_KMS: 'pkcs11' });
  const { pkcs11 } = personalDataKeys(config);
  const made = provisionPkcs11Keys(pkcs11!);
  process.stdout.write(
    made.length > 0
      ? `made ${made.join(' and ')} on token ${pkcs11!.tokenLabel}\n`
      : `token ${pkcs11!.tokenLabel} has its keys already\n`,
  );
}

try {
  main();
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
}

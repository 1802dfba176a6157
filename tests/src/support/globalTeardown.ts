import { rm } from 'node:fs/promises';

export default async function globalTeardown(): Promise<void> {
  const server = globalThis.__embeddedPostgres;
  if (!server) return;
  await server.stop();
  if (process.env.TEST_EMBEDDED_DATA_DIR) {
    await rm(process.env.TEST_EMBEDDED_DATA_DIR, { recursive: true, force: true });
  }
}

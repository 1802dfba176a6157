import { rm } from 'node:fs/promises';

export default async function globalTeardown(): Promise<void> {
  const started = globalThis.__embeddedPostgres ?? [];
  await Promise.all(
    started.map(async ({ server, dataDir }) => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }),
  );
}

import { BlobDeletesJob } from '@nordlog/command-service';
import {
  PostgresBlobStore,
  S3BlobStore,
  s3SettingsOf,
  type BlobStore,
  type Config,
  type Database,
  type Logger,
} from '@nordlog/platform';

/**
 * Where proof images are kept (docs/decisions/0068, 0103-s3-blob-store.md): the product's
 * database (BLOB_STORE=postgres, the default), or an S3-compatible object store (BLOB_STORE=s3),
 * whose bucket's deletes `deletes` does after the commits that asked for them (`startDeletes` in
 * the command processes: every BLOB_DELETE_INTERVAL_SECONDS, 0: not here). The bucket must exist.
 */
export function blobStoreOf(
  config: Config,
  db: Database,
  logger: Logger,
): {
  blobs: BlobStore;
  deletes: BlobDeletesJob | null;
  startDeletes(): void;
  close(): Promise<void>;
} {
  const settings = s3SettingsOf(config);
  if (!settings)
    return {
      blobs: new PostgresBlobStore(db.knex),
      deletes: null,
      startDeletes: () => undefined,
      close: () => Promise.resolve(),
    };
  const store = new S3BlobStore(db.knex, settings);
  logger.info(
    { endpoint: settings.endpoint ?? `AWS S3 ${settings.region}`, bucket: settings.bucket },
    'proof images are kept in an S3-compatible object store',
  );
  const deletes = new BlobDeletesJob({
    store,
    logger: logger.child({ component: 'blob-deletes' }),
    intervalMs: config.BLOB_DELETE_INTERVAL_SECONDS * 1000,
  });
  return {
    blobs: store,
    deletes,
    startDeletes: () => {
      if (config.BLOB_DELETE_INTERVAL_SECONDS > 0) deletes.start();
    },
    close: async () => {
      await deletes.stop();
      await store.close();
    },
  };
}

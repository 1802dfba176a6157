import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** A running S3-compatible server and the environment that points the product at it. */
export interface TestObjectStore {
  /** BLOB_STORE=s3 and the S3_* settings of this server and its bucket. */
  env: Record<string, string>;
  bucket: string;
  close(): Promise<void>;
}

/**
 * An S3 API server in this process (s3rver, its objects in a temporary folder) on a free port,
 * with one bucket: the S3-compatible blob store's tests (docs/decisions/0103) run against it. It
 * takes any credentials; the product signs its requests all the same.
 */
export async function startObjectStore(bucket = 'nordlog-proofs'): Promise<TestObjectStore> {
  const directory = await mkdtemp(path.join(tmpdir(), 'nordlog-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    bucket,
    env: {
      BLOB_STORE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'eu-north-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

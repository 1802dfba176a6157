import type { Knex } from 'knex';

/** One stored object: its bytes and the content type it was stored with. */
export interface StoredBlob {
  bytes: Buffer;
  contentType: string;
}

/**
 * Where the product keeps files that do not belong in events (docs/decisions/0068): a delivery's
 * signature and photos. Keys are chosen by the caller (content-addressed: the same bytes under the
 * same key), so storing twice is harmless. Two adapters: PostgreSQL (`blob_objects`, the default)
 * and an S3-compatible object store (`S3BlobStore`, blobs/s3.ts, docs/decisions/0103), which keeps
 * a row without the bytes in `blob_objects` for each of its objects.
 */
export interface BlobStore {
  /** Stores the bytes under `key`; a key already stored keeps its bytes. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object under `key`, or null. */
  get(key: string): Promise<StoredBlob | null>;
  /** Deletes every object whose key starts with `prefix`; how many were deleted. */
  deletePrefix(prefix: string): Promise<number>;
}

export const BLOB_OBJECTS_TABLE = 'blob_objects';

/** `LIKE` pattern of the keys starting with `prefix` (its `%`, `_` and `\` taken literally). */
export const keyPrefixPattern = (prefix: string) => `${prefix.replace(/[\\%_]/g, '\\$&')}%`;

/** The objects in the product's own database (platform migration 0024_blob_objects). */
export class PostgresBlobStore implements BlobStore {
  constructor(private readonly knex: Knex) {}

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.knex(BLOB_OBJECTS_TABLE)
      .insert({ key, content_type: contentType, size: bytes.length, data: bytes })
      .onConflict('key')
      // The bytes are left as they are; an image not yet found referenced is made young again,
      // so the sweep of unreferenced images (0095) never deletes one a proof is being sent with.
      .merge({ created_at: this.knex.raw('now()') })
      .whereNull(`${BLOB_OBJECTS_TABLE}.checked_at`);
  }

  async get(key: string): Promise<StoredBlob | null> {
    const row = await this.knex(BLOB_OBJECTS_TABLE)
      .where({ key })
      .first<{ data: Buffer | null; content_type: string } | undefined>('data', 'content_type');
    // No bytes: the row of an object kept in an S3-compatible store (0103), not here.
    return row?.data ? { bytes: row.data, contentType: row.content_type } : null;
  }

  async deletePrefix(prefix: string): Promise<number> {
    return this.knex(BLOB_OBJECTS_TABLE).whereLike('key', keyPrefixPattern(prefix)).delete();
  }
}

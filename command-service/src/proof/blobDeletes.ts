import type { Logger } from '@nordlog/platform';
import { PeriodicJob } from '../framework/periodicJob.js';

/** A store whose deletes are done after the commit that asked for them (S3BlobStore). */
export interface DeferredDeletes {
  /** Does the deletes due; how many objects were deleted. */
  workOffDeletes(now: Date): Promise<number>;
}

/**
 * The bucket's deletes of the S3-compatible blob store (docs/decisions/0103-s3-blob-store.md):
 * the sweep of unreferenced images (0095) and erasure (0068) delete rows in their transactions and
 * ask there for the objects' deletes (`blob_deletes`); this job does them, every 30 s by default,
 * each retried until done. Not an admin's switch: an erasure's delete is an obligation, not a
 * choice. Safe with two processes (each delete held by the one doing it).
 */
export class BlobDeletesJob extends PeriodicJob {
  constructor(
    private readonly deps: {
      store: DeferredDeletes;
      logger: Logger;
      intervalMs?: number;
      clock?: () => Date;
    },
  ) {
    super(deps.intervalMs ?? 30_000, deps.clock ?? (() => new Date()));
  }

  protected async run(now: Date): Promise<number> {
    try {
      const deleted = await this.deps.store.workOffDeletes(now);
      if (deleted > 0) this.deps.logger.info({ deleted }, 'blob store: objects deleted');
      return deleted;
    } catch (err) {
      this.deps.logger.warn({ err }, 'blob store: deletes not done, tried again at the next pass');
      throw err;
    }
  }
}

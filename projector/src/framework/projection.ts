import type { EntityName, RecordedEvent } from '@nordlog/contracts';
import type { Change, Knex, Migration } from '@nordlog/platform';

/**
 * A projection applies a batch of events inside the runner's transaction (which also advances
 * its checkpoint) and returns the read-model changes to publish through the outbox.
 * It never rejects an event: an event it cannot use is skipped.
 */
export interface Projection {
  name: string;
  /** Read-model tables it owns: truncated on rebuild, compared by checksum. */
  tables: string[];
  /** The entities whose changes it publishes (contracts `entityAccess` says who reads them). */
  entities: EntityName[];
  migrations: Migration[];
  handles(event: RecordedEvent): boolean;
  apply(trx: Knex.Transaction, events: RecordedEvent[]): Promise<Change[]>;
  /**
   * The rebuild's path (large batches, nothing published): the same read model as `apply`,
   * written in bulk (COPY). Without it a rebuild uses `apply`.
   */
  applyBulk?(trx: Knex.Transaction, events: RecordedEvent[]): Promise<void>;
  /**
   * A row projection that writes some rows in place (`RowPatches`): the same projection with
   * every row read and written whole (the equivalence test, docs/decisions/0048).
   */
  withoutPatches?(): Projection;
}

import type { EntityName, RecordedEvent } from '@nordlog/contracts';
import type { Change, Knex, Migration } from '@nordlog/platform';
import type { BatchWrites } from './batchWrites.js';

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
  /**
   * With `writes`, the projection may give its last statements there instead of sending them
   * (BatchWrites says when), to be sent with the batch's others in one round trip.
   */
  apply(trx: Knex.Transaction, events: RecordedEvent[], writes?: BatchWrites): Promise<Change[]>;
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
  /**
   * Folds again, from nothing, what this projection keeps of one stream: `events` are all of the
   * stream's events it handles, read as they read now. After a data subject's erasure
   * (PersonalDataErased) the events before it read as erased, and the rows they made must too, as
   * a rebuild would make them (docs/decisions/0050-personal-data.md). A projection whose tables
   * hold personal data has it (a test checks every table after an erasure); the changes it
   * published of those rows before are taken out of the outbox.
   */
  refold?(trx: Knex.Transaction, events: RecordedEvent[]): Promise<Change[]>;
  /**
   * Streams besides the erased one whose events carry this subject's personal data and feed this
   * projection (a label's pages name their orders' parties): folded again after the erasure too.
   */
  subjectStreams?(knex: Knex, subject: string): Promise<string[]>;
}

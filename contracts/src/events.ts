import { z } from 'zod';

/** Who caused an event and why; stored with every event (ARCHITECTURE "Rules"). */
export const eventMetadataSchema = z.object({
  commandId: z.string(),
  correlationId: z.string(),
  causationId: z.string(),
  userId: z.string(),
  /** UTC ISO instant at which the command was decided. */
  occurredAt: z.string(),
  /**
   * The wire name of the command that caused the event (`UPDATE_ORDER`), shown by the audit
   * replay; events appended before it was recorded, and by the system's own processes, have none.
   */
  commandType: z.string().optional(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/** An event as a decider emits it: a past-tense PascalCase type and its data. */
export interface NewEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/**
 * The place of an event in the global order. The order is (transactionId, position):
 * ordering by the committing transaction first is what lets a reader never skip an event
 * whose transaction committed after a later-numbered one (docs/decisions/0003-event-store.md).
 */
export interface GlobalPosition {
  /** PostgreSQL xid8 of the appending transaction, as a decimal string. */
  transactionId: string;
  /** Sequence number of the event, as a decimal string (bigint). */
  position: string;
}

export const START: GlobalPosition = { transactionId: '0', position: '0' };

/** Whether a decimal string starts as a canonical non-negative integer does: "0", or 1-9. */
const canonical = (d: string): boolean => {
  const first = d.charCodeAt(0);
  return d === '0' || (first >= 49 && first <= 57);
};

/**
 * Two non-negative decimal strings compared as numbers: canonical ones (as PostgreSQL prints
 * them) by length, then digit by digit, with no BigInt made (projectors compare positions for
 * every event of every batch); any other form (a sign, a leading zero) as BigInt.
 */
const compareDecimals = (a: string, b: string): number => {
  if (a === b) return 0;
  if (!canonical(a) || !canonical(b)) {
    const d = BigInt(a) - BigInt(b);
    return d === 0n ? 0 : d < 0n ? -1 : 1;
  }
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return a < b ? -1 : 1;
};

export const comparePositions = (a: GlobalPosition, b: GlobalPosition): number =>
  compareDecimals(a.transactionId, b.transactionId) || compareDecimals(a.position, b.position);

export interface RecordedEvent<T extends string = string, D = unknown> extends NewEvent<T, D> {
  eventId: string;
  streamId: string;
  /** 0-based revision of the event within its stream. */
  streamRevision: number;
  global: GlobalPosition;
  metadata: EventMetadata;
}

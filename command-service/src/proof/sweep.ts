import { orderStream, proofKeyPrefix, type DeliveryProofRecordedEvent } from '@nordlog/contracts';
import {
  BLOB_DELETES_TABLE,
  BLOB_OBJECTS_TABLE,
  preparedQuery,
  type EventStore,
  type Knex,
  type Logger,
} from '@nordlog/platform';
import { PeriodicJob } from '../framework/periodicJob.js';

export interface ProofSweepJobDeps {
  /** The event store as the product reads it (personal data opened: the keys are sealed). */
  store: EventStore;
  knex: Knex;
  logger: Logger;
  /** How old an unreferenced image must be before it is deleted (PROOF_SWEEP_GRACE_SECONDS). */
  graceMs: number;
  /** How often the job looks (default hourly). */
  intervalMs?: number;
  clock?: () => Date;
}

/** Images one pass looks at, at most; the next pass takes the rest. */
const BATCH = 500;
/** `delivery-proof/`: the keys of every order's images. */
const PREFIX = proofKeyPrefix('').slice(0, -1);

/** The proof images not yet found referenced and older than the grace, oldest first. */
const CANDIDATES_SQL = `select key from ${BLOB_OBJECTS_TABLE}
  where checked_at is null and created_at < $1::timestamptz and key like '${PREFIX}%'
  order by created_at limit ${BATCH}`;

/** Found referenced: never looked at again (an event, once appended, stays). */
const MARK_SQL = `update ${BLOB_OBJECTS_TABLE} set checked_at = $2::timestamptz
  where key = any($1::text[]) and checked_at is null`;

/**
 * Deleted only if still unreferenced and old: a proof sent again with the same image meanwhile
 * made it young again (PostgresBlobStore.put, S3BlobStore.put), so it is kept for that proof's
 * append. A row without bytes (its object in an S3-compatible store, 0103) asks for the object's
 * delete in the same statement; the store does it after the commit (S3BlobStore.workOffDeletes).
 */
const DELETE_SQL = `with gone as (
    delete from ${BLOB_OBJECTS_TABLE}
    where key = any($1::text[]) and checked_at is null and created_at < $2::timestamptz
    returning key, data is null as elsewhere),
  asked as (
    insert into ${BLOB_DELETES_TABLE} (target, is_prefix)
    select key, false from gone where elsewhere)
  select key from gone`;

/** The order an image is of: `delivery-proof/{orderId}/{sha256}`. */
const orderOf = (key: string) => key.slice(PREFIX.length, key.lastIndexOf('/'));

/** The image keys the DeliveryProofRecorded events of an order's stream refer to. */
export function referencedKeys(events: readonly { type: string; data: unknown }[]): Set<string> {
  const keys = new Set<string>();
  for (const e of events) {
    if (e.type !== 'DeliveryProofRecorded') continue;
    const { proof } = e.data as DeliveryProofRecordedEvent['data'];
    if (proof.signature?.key) keys.add(proof.signature.key);
    for (const p of proof.photos ?? []) if (p.key) keys.add(p.key);
  }
  return keys;
}

/**
 * The sweep of unreferenced proof images (docs/decisions/0095-proof-image-sweep.md). RECORD_DELIVERY
 * _PROOF stores the images before it appends DeliveryProofRecorded; an append refused after that
 * (the order changed in between, the service stopped) leaves them referenced by nothing. Each pass
 * takes the images older than the grace not yet found referenced, reads each of their orders'
 * streams once (the events are the truth; no read model to keep in step), marks the referenced
 * ones so that they are never read again, and deletes the others. Restart-safe and safe with two
 * processes: it keeps nothing between passes, and both statements are conditional. An erased
 * order's images are deleted by the erasure (0068), as before; its stream reads its keys as empty.
 */
export class ProofSweepJob extends PeriodicJob {
  constructor(private readonly deps: ProofSweepJobDeps) {
    super(deps.intervalMs ?? 3_600_000, deps.clock ?? (() => new Date()));
  }

  /** One pass: how many images it deleted. */
  protected async run(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - this.deps.graceMs).toISOString();
    const keys = (
      await preparedQuery<{ key: string }>(this.deps.knex, CANDIDATES_SQL, [cutoff])
    ).map((r) => r.key);
    const byOrder = new Map<string, string[]>();
    for (const key of keys) {
      const id = orderOf(key);
      byOrder.set(id, [...(byOrder.get(id) ?? []), key]);
    }
    const referenced: string[] = [];
    const unreferenced: string[] = [];
    for (const [id, orderKeys] of byOrder) {
      if (this.stopped) break;
      const refs = referencedKeys(await this.deps.store.readStream(orderStream(id)));
      for (const key of orderKeys) (refs.has(key) ? referenced : unreferenced).push(key);
    }
    if (referenced.length > 0)
      await preparedQuery(this.deps.knex, MARK_SQL, [referenced, now.toISOString()]);
    const deleted =
      unreferenced.length > 0
        ? (await preparedQuery(this.deps.knex, DELETE_SQL, [unreferenced, cutoff])).length
        : 0;
    if (keys.length > 0)
      this.deps.logger.info(
        { looked: keys.length, referenced: referenced.length, deleted },
        'proof sweep: unreferenced images deleted',
      );
    return deleted;
  }
}

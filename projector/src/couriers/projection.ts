import {
  COURIERS_ENTITY,
  COURIERS_TABLE,
  courierProfileOf,
  type CourierProfile,
  type CourierRow,
  type RecordedEvent,
  type UserEvent,
} from '@nordlog/contracts';
import { preparedQuery, type Knex } from '@nordlog/platform';
import type { Projection } from '../framework/projection.js';
import { rowProjection, storeRows } from '../framework/rowProjection.js';

/**
 * What the couriers read model needs to know of every user, couriers or not: a user that becomes
 * a courier (UPDATE_USER to the COURIER role) brings its name and phone number from earlier
 * events. Kept by this projection in a table of its own; never published.
 */
export const COURIER_USERS_TABLE = 'rm_courier_users';

export interface UserSnapshot {
  id: string;
  revision: number;
  name: string;
  phoneNumber: string;
  email: string | null;
  role: string;
  departmentIds: string[];
  courier: CourierProfile | null;
  deleted: boolean;
}

const userEvents = new Set(['UserCreated', 'UserUpdated', 'UserDeleted']);
const userIdOf = (e: RecordedEvent) =>
  userEvents.has(e.type) ? (e.data as { id: string }).id : null;
const eventKey = (e: RecordedEvent) => `${e.streamId}:${e.streamRevision}`;

/** A user's snapshot after one of its events (roles given to it do not matter here). */
export function evolveSnapshot(
  snapshot: UserSnapshot | null,
  e: RecordedEvent,
): UserSnapshot | null {
  const event = e as RecordedEvent & UserEvent;
  switch (event.type) {
    case 'UserCreated': {
      const u = event.data;
      return {
        id: u.id,
        revision: e.streamRevision,
        name: u.name,
        phoneNumber: u.phoneNumber,
        email: u.email,
        role: u.role,
        departmentIds: u.departmentIds,
        courier: u.courier ?? null,
        deleted: false,
      };
    }
    case 'UserUpdated': {
      if (!snapshot) return snapshot;
      const c = event.data.changes;
      return {
        ...snapshot,
        revision: e.streamRevision,
        ...(c.name !== undefined ? { name: c.name } : {}),
        ...(c.phoneNumber !== undefined ? { phoneNumber: c.phoneNumber } : {}),
        ...(c.email !== undefined ? { email: c.email } : {}),
        ...(c.role !== undefined ? { role: c.role } : {}),
        ...(c.departmentIds !== undefined ? { departmentIds: c.departmentIds } : {}),
        ...(c.courier !== undefined ? { courier: c.courier } : {}),
      };
    }
    case 'UserDeleted':
      return snapshot ? { ...snapshot, revision: e.streamRevision, deleted: true } : snapshot;
    // Roles given to the user do not matter here.
    case 'RolesAddedToUser':
    case 'RolesRemovedFromUser':
      return snapshot;
  }
}

/**
 * The courier row of a user as it is after an event: a COURIER user of a department (its
 * profile's, else the first of its access), or, for a row that was a courier, a tombstone when the
 * user is deleted or has another role now; nothing for a user that never was a courier.
 */
export function courierRowOf(
  snapshot: UserSnapshot,
  row: CourierRow | null,
  e: RecordedEvent,
): CourierRow | null {
  const meta = { revision: e.streamRevision, updatedAtEpoch: Date.parse(e.metadata.occurredAt) };
  const profile =
    snapshot.deleted || snapshot.role !== 'COURIER' ? null : courierProfileOf(snapshot);
  if (!profile) return row && !row.deleted ? { ...row, ...meta, deleted: true } : row;
  return {
    id: snapshot.id,
    name: snapshot.name,
    phoneNumber: snapshot.phoneNumber,
    email: snapshot.email,
    ...profile,
    ...meta,
    deleted: false,
  };
}

/** Folds the batch's user events into the stored snapshots and stores them: each event's result. */
async function snapshotsAfter(
  trx: Knex.Transaction,
  events: RecordedEvent[],
): Promise<Map<string, UserSnapshot | null>> {
  const after = new Map<string, UserSnapshot | null>();
  const ids = [...new Set(events.map(userIdOf).filter((id): id is string => id !== null))];
  if (ids.length === 0) return after;
  const loaded = await preparedQuery<{ data: UserSnapshot }>(
    trx,
    `select data from ${COURIER_USERS_TABLE} where id = any($1)`,
    [ids],
  );
  const snapshots = new Map(loaded.map((r) => [String(r.data.id), r.data]));
  const changed = new Set<string>();
  for (const e of events) {
    const id = userIdOf(e);
    if (id === null) continue;
    const current = snapshots.get(id) ?? null;
    if (current && e.streamRevision <= current.revision) continue; // applied already
    const next = evolveSnapshot(current, e);
    after.set(eventKey(e), next);
    if (next) {
      snapshots.set(id, next);
      changed.add(id);
    }
  }
  await storeRows(
    trx,
    { table: COURIER_USERS_TABLE, entity: COURIERS_ENTITY, columns: () => ({}) },
    [...changed].map((id) => snapshots.get(id)!),
    [],
  );
  return after;
}

const rows = rowProjection<CourierRow, Map<string, UserSnapshot | null>>({
  name: 'couriers',
  table: COURIERS_TABLE,
  entity: COURIERS_ENTITY,
  migrations: [
    {
      name: '0001_rm_couriers',
      async up(knex) {
        await knex.raw(`create table ${COURIERS_TABLE} (
          id bigint primary key, revision integer not null, name text not null,
          department_id bigint not null, deleted boolean not null, data jsonb not null);
          create index ${COURIERS_TABLE}_department on ${COURIERS_TABLE} (department_id)
            where not deleted;
          create table ${COURIER_USERS_TABLE} (
          id bigint primary key, revision integer not null, data jsonb not null);`);
      },
    },
  ],
  rowId: userIdOf,
  prepare: snapshotsAfter,
  evolve(row, e, after) {
    const snapshot = after.get(eventKey(e));
    return snapshot ? courierRowOf(snapshot, row, e) : row;
  },
  tombstone: (row) => row.deleted,
  columns: (row) => ({
    name: row.name,
    department_id: row.departmentId,
    deleted: row.deleted,
  }),
});

/** Courier users (role COURIER), fed by the user events; a deleted courier stays as a tombstone. */
export const couriersProjection: Projection = {
  ...rows,
  tables: [COURIERS_TABLE, COURIER_USERS_TABLE],
  /**
   * An erased user's streams folded again (docs/decisions/0050): its snapshot too, from the
   * erased events, not from the snapshot that holds what was erased.
   */
  async refold(trx, events) {
    const ids = [...new Set(events.map(userIdOf).filter((id): id is string => id !== null))];
    await preparedQuery(trx, `delete from ${COURIER_USERS_TABLE} where id = any($1)`, [ids]);
    return rows.refold!(trx, events);
  },
};

import {
  SLOTS_ENTITY,
  SLOTS_TABLE,
  applySlotEvent,
  type RecordedEvent,
  type SlotEvent,
  type SlotRow,
} from '@nordlog/contracts';
import { rowProjection } from '../framework/rowProjection.js';

/** The events of a slot's stream that change its row (its state, fields and route). */
export const slotEvents: ReadonlySet<string> = new Set<string>([
  'SlotCreated',
  'SlotUpdated',
  'SlotDeleted',
  'SlotStateChanged',
  'ConsignmentsPlannedOnSlot',
  'ConsignmentsRemovedFromSlot',
  'SlotRouteReordered',
]);

/** A slot's row after one of its events (`slotEvents`); null: the slot does not exist. Pure. */
export function evolveSlotRow(row: SlotRow | null, recorded: RecordedEvent): SlotRow | null {
  const event = recorded as unknown as SlotEvent;
  const meta = {
    revision: recorded.streamRevision,
    updatedAtEpoch: Date.parse(recorded.metadata.occurredAt),
  };
  if (event.type === 'SlotCreated') return { ...event.data, ...meta, deleted: false };
  if (!row) return row;
  if (event.type === 'SlotDeleted') return { ...row, ...meta, deleted: true };
  const { revision: _r, updatedAtEpoch: _u, deleted, ...slot } = row;
  return { ...applySlotEvent(slot, event), ...meta, deleted };
}

/** Slots with their route (the stops in order); a deleted slot stays as a tombstone. */
export const slotsProjection = rowProjection<SlotRow>({
  name: 'slots',
  table: SLOTS_TABLE,
  entity: SLOTS_ENTITY,
  migrations: [
    {
      name: '0001_rm_slots',
      async up(knex) {
        await knex.raw(`create table ${SLOTS_TABLE} (
          id bigint primary key, revision integer not null, department_id bigint not null,
          date text not null, state text not null, courier_id bigint, template_id bigint,
          deleted boolean not null, data jsonb not null);
          create index ${SLOTS_TABLE}_department_date on ${SLOTS_TABLE} (department_id, date);
          create index ${SLOTS_TABLE}_courier_date on ${SLOTS_TABLE} (courier_id, date);`);
      },
    },
  ],
  rowId: (e: RecordedEvent) => (slotEvents.has(e.type) ? (e.data as { id: string }).id : null),
  tombstone: (row) => row.deleted,
  evolve: evolveSlotRow,
  columns: (row) => ({
    department_id: row.departmentId,
    date: row.date,
    state: row.state,
    courier_id: row.courierId,
    template_id: row.templateId,
    deleted: row.deleted,
  }),
});

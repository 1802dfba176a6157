import {
  SHD_CAPACITY_ENTITY,
  SHD_CAPACITY_TABLE,
  SHD_SETTINGS_ENTITY,
  SHD_SETTINGS_TABLE,
  shdCapacityId,
  type RecordedEvent,
  type ShdCapacityEvent,
  type ShdCapacityRow,
  type ShdSettingsRow,
} from '@nordlog/contracts';
import { referenceRows } from '../framework/referenceRows.js';
import { rowProjection } from '../framework/rowProjection.js';

/** A department's same-day home delivery settings (docs/decisions/0092): one row, set whole. */
export const shdSettingsProjection = rowProjection<ShdSettingsRow>({
  name: 'shdSettings',
  table: SHD_SETTINGS_TABLE,
  entity: SHD_SETTINGS_ENTITY,
  migrations: [
    {
      name: '0001_rm_shd_settings',
      async up(knex) {
        await knex.raw(`create table ${SHD_SETTINGS_TABLE} (
          id bigint primary key, revision integer not null, data jsonb not null)`);
      },
    },
  ],
  ...referenceRows<ShdSettingsRow>('ShdSettingsSet', null),
  columns: () => ({}),
});

const isPlaces = (e: RecordedEvent) => e.type === 'ShdPlacesTaken' || e.type === 'ShdPlacesFreed';

/** A department's day (0092): the orders holding its places, one row per day stream. */
export const shdCapacityProjection = rowProjection<ShdCapacityRow>({
  name: 'shdCapacity',
  table: SHD_CAPACITY_TABLE,
  entity: SHD_CAPACITY_ENTITY,
  migrations: [
    {
      name: '0001_rm_shd_capacity',
      async up(knex) {
        await knex.raw(`create table ${SHD_CAPACITY_TABLE} (
          id text primary key, revision integer not null, department_id bigint not null,
          date text not null, data jsonb not null)`);
      },
    },
  ],
  rowId: (e) => {
    if (!isPlaces(e)) return null;
    const d = (e as unknown as ShdCapacityEvent).data;
    return shdCapacityId(d.departmentId, d.date);
  },
  evolve(row, e) {
    if (!isPlaces(e)) return row;
    const { type, data } = e as unknown as ShdCapacityEvent;
    const held = new Set(row?.orderIds ?? []);
    for (const id of data.orderIds)
      if (type === 'ShdPlacesTaken') held.add(id);
      else held.delete(id);
    const orderIds = [...held];
    return {
      id: shdCapacityId(data.departmentId, data.date),
      departmentId: data.departmentId,
      date: data.date,
      orderIds,
      used: orderIds.length,
      revision: e.streamRevision,
      updatedAtEpoch: Date.parse(e.metadata.occurredAt),
    };
  },
  columns: (row) => ({ department_id: row.departmentId, date: row.date }),
});

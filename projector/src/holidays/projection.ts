import { HOLIDAYS_ENTITY, HOLIDAYS_TABLE, type HolidayRow } from '@nordlog/contracts';
import { referenceRows } from '../framework/referenceRows.js';
import { rowProjection } from '../framework/rowProjection.js';

/** Holidays by country and date; a deleted holiday stays as a tombstone until it is created again. */
export const holidaysProjection = rowProjection<HolidayRow>({
  name: 'holidays',
  table: HOLIDAYS_TABLE,
  entity: HOLIDAYS_ENTITY,
  migrations: [
    {
      name: '0001_rm_holidays',
      async up(knex) {
        await knex.raw(`create table ${HOLIDAYS_TABLE} (
          id bigint primary key, revision integer not null, country text not null, type text not null,
          date text not null, deleted boolean not null, data jsonb not null);
          create index ${HOLIDAYS_TABLE}_country_date on ${HOLIDAYS_TABLE} (country, date);`);
      },
    },
  ],
  ...referenceRows<HolidayRow>('HolidayCreated', null, 'HolidayDeleted'),
  columns: (row) => ({
    country: row.country,
    type: row.type,
    date: row.date,
    deleted: row.deleted,
  }),
});

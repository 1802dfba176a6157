import {
  COURIER_LOCATIONS_ENTITY,
  COURIER_LOCATIONS_TABLE,
  type CourierLocationRow,
} from '@nordlog/contracts';
import { referenceRows } from '../framework/referenceRows.js';
import { rowProjection } from '../framework/rowProjection.js';

/** The latest position of each courier (every report replaces the row). */
export const courierLocationsProjection = rowProjection<CourierLocationRow>({
  name: 'courierLocations',
  table: COURIER_LOCATIONS_TABLE,
  entity: COURIER_LOCATIONS_ENTITY,
  migrations: [
    {
      name: '0001_rm_courier_locations',
      async up(knex) {
        await knex.raw(`create table ${COURIER_LOCATIONS_TABLE} (
          id bigint primary key, revision integer not null, department_ids text[] not null,
          data jsonb not null);
          create index ${COURIER_LOCATIONS_TABLE}_departments on ${COURIER_LOCATIONS_TABLE}
            using gin (department_ids);`);
      },
    },
  ],
  ...referenceRows<CourierLocationRow>('CourierLocationReported', null),
  columns: (row) => ({ department_ids: row.departmentIds }),
});

import {
  DEPARTMENT_MATRIX_ENTITY,
  DEPARTMENT_MATRIX_TABLE,
  type MatrixEntryRow,
} from '@nordlog/contracts';
import { referenceRows } from '../framework/referenceRows.js';
import { rowProjection } from '../framework/rowProjection.js';

/**
 * The department matrix (docs/decisions/0079): every department's entries on one stream, so a
 * row's revision is that stream's (it only grows); a deleted entry stays as a tombstone.
 */
export const departmentMatrixProjection = rowProjection<MatrixEntryRow>({
  name: 'departmentMatrix',
  table: DEPARTMENT_MATRIX_TABLE,
  entity: DEPARTMENT_MATRIX_ENTITY,
  migrations: [
    {
      name: '0001_rm_department_matrix',
      async up(knex) {
        await knex.raw(`create table ${DEPARTMENT_MATRIX_TABLE} (
          id bigint primary key, revision integer not null, department_id bigint not null,
          postal_code_from text not null, deleted boolean not null, data jsonb not null);
          create index ${DEPARTMENT_MATRIX_TABLE}_department
            on ${DEPARTMENT_MATRIX_TABLE} (department_id, postal_code_from) where not deleted;`);
      },
    },
  ],
  ...referenceRows<MatrixEntryRow>(
    'MatrixEntryCreated',
    'MatrixEntryUpdated',
    'MatrixEntryDeleted',
  ),
  columns: (row) => ({
    department_id: row.departmentId,
    postal_code_from: row.postalCodeFrom,
    deleted: row.deleted,
  }),
});

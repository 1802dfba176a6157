import {
  TEMPLATES_ENTITY,
  TEMPLATES_TABLE,
  type RecordedEvent,
  type TemplateEvent,
  type TemplateRow,
} from '@nordlog/contracts';
import { rowProjection } from '../framework/rowProjection.js';

const templateEvents = new Set<string>([
  'TemplateSaved',
  'TemplateDeleted',
  'SlotsCreatedFromTemplate',
]);

/** Slot templates, with the days slots were made from each; a deleted one is a tombstone. */
export const templatesProjection = rowProjection<TemplateRow>({
  name: 'templates',
  table: TEMPLATES_TABLE,
  entity: TEMPLATES_ENTITY,
  migrations: [
    {
      name: '0001_rm_templates',
      async up(knex) {
        await knex.raw(`create table ${TEMPLATES_TABLE} (
          id bigint primary key, revision integer not null, department_id bigint not null,
          deleted boolean not null, data jsonb not null);
          create index ${TEMPLATES_TABLE}_department on ${TEMPLATES_TABLE} (department_id);`);
      },
    },
  ],
  rowId: (e: RecordedEvent) => (templateEvents.has(e.type) ? (e.data as { id: string }).id : null),
  tombstone: (row) => row.deleted,
  evolve(row, recorded) {
    const event = recorded as unknown as TemplateEvent;
    const meta = {
      revision: recorded.streamRevision,
      updatedAtEpoch: Date.parse(recorded.metadata.occurredAt),
    };
    switch (event.type) {
      case 'TemplateSaved':
        return {
          ...event.data,
          datesCreated: row?.datesCreated ?? [],
          ...meta,
          deleted: false,
        };
      case 'TemplateDeleted':
        return row ? { ...row, ...meta, deleted: true } : row;
      case 'SlotsCreatedFromTemplate':
        return row
          ? { ...row, datesCreated: [...row.datesCreated, ...event.data.dates].sort(), ...meta }
          : row;
      default:
        return row;
    }
  },
  columns: (row) => ({ department_id: row.departmentId, deleted: row.deleted }),
});

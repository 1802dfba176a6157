import {
  SERVICE_MAPPINGS_ENTITY,
  SERVICE_MAPPINGS_TABLE,
  TEXTS_ENTITY,
  TEXTS_TABLE,
  serviceMappingFlags,
  type Article,
  type ArticleFields,
  type RecordedEvent,
  type ServiceMappingChanges,
  type ServiceMappingRow,
  type TextRow,
} from '@nordlog/contracts';
import { referenceRows } from '../framework/referenceRows.js';
import { rowProjection } from '../framework/rowProjection.js';

/**
 * The texts (docs/decisions/0081-services-and-texts.md): every text on one stream, so a row's
 * revision is that stream's (it only grows); a deleted text stays as a tombstone.
 */
export const textsProjection = rowProjection<TextRow>({
  name: 'texts',
  table: TEXTS_TABLE,
  entity: TEXTS_ENTITY,
  migrations: [
    {
      name: '0001_rm_texts',
      async up(knex) {
        await knex.raw(`create table ${TEXTS_TABLE} (
          id bigint primary key, revision integer not null, text_group text not null,
          text_key text not null, deleted boolean not null, data jsonb not null);
          create index ${TEXTS_TABLE}_group on ${TEXTS_TABLE} (text_group, text_key) where not deleted;`);
      },
    },
  ],
  ...referenceRows<TextRow>('TextCreated', 'TextUpdated', 'TextDeleted'),
  columns: (row) => ({ text_group: row.group, text_key: row.key, deleted: row.deleted }),
});

const mappingEvents = new Set([
  'ArticleCreated',
  'ArticleUpdated',
  'ArticleDeleted',
  'ServiceMappingUpdated',
]);

/**
 * A service's mapping (0081): a row per transport (FREIGHT) article, made with the article (the
 * flags at their defaults), its code, label and state following the article's, its flags set by
 * `ServiceMappingUpdated`. All on the article's stream: the row's revision is the article's.
 */
export const serviceMappingsProjection = rowProjection<ServiceMappingRow>({
  name: 'serviceMappings',
  table: SERVICE_MAPPINGS_TABLE,
  entity: SERVICE_MAPPINGS_ENTITY,
  migrations: [
    {
      name: '0001_rm_service_mappings',
      async up(knex) {
        await knex.raw(`create table ${SERVICE_MAPPINGS_TABLE} (
          id bigint primary key, revision integer not null, code text not null,
          deleted boolean not null, data jsonb not null);`);
      },
    },
  ],
  rowId: (e: RecordedEvent) => (mappingEvents.has(e.type) ? (e.data as { id: string }).id : null),
  tombstone: (row) => row.deleted,
  evolve(row, e) {
    const meta = { revision: e.streamRevision, updatedAtEpoch: Date.parse(e.metadata.occurredAt) };
    if (e.type === 'ArticleCreated') {
      const a = e.data as Article;
      if (a.kind !== 'FREIGHT') return row;
      return {
        id: a.id,
        code: a.code,
        label: a.label,
        active: a.active,
        ...serviceMappingFlags,
        ...meta,
        deleted: false,
      };
    }
    if (!row || row.deleted) return row;
    if (e.type === 'ArticleDeleted') return { ...row, ...meta, deleted: true };
    if (e.type === 'ArticleUpdated') {
      const { label, active } = (e.data as { changes: Partial<ArticleFields> }).changes;
      return {
        ...row,
        ...(label !== undefined ? { label } : {}),
        ...(active !== undefined ? { active } : {}),
        ...meta,
      };
    }
    return { ...row, ...(e.data as { changes: ServiceMappingChanges }).changes, ...meta };
  },
  columns: (row) => ({ code: row.code, deleted: row.deleted }),
});

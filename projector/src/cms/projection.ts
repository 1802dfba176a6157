import {
  CMS_BANNERS_ENTITY,
  CMS_BANNERS_TABLE,
  CMS_HELP_MODALS_ENTITY,
  CMS_HELP_MODALS_TABLE,
  type CmsItemRow,
  type CmsKind,
  type RecordedEvent,
} from '@nordlog/contracts';
import { referenceRows } from '../framework/referenceRows.js';
import { rowProjection } from '../framework/rowProjection.js';

const rows = referenceRows<CmsItemRow>('CmsItemCreated', 'CmsItemUpdated', 'CmsItemDeleted');
const ofKinds = (kinds: CmsKind[]) => (e: RecordedEvent) =>
  kinds.includes((e.data as { kind?: CmsKind }).kind as CmsKind) ? rows.rowId(e) : null;

const table = (name: string, extra: string) => ({
  name: `0001_${name}`,
  async up(knex: { raw(sql: string): Promise<unknown> }) {
    await knex.raw(`create table ${name} (
      id bigint primary key, revision integer not null, kind text not null, state text not null,
      ${extra} deleted boolean not null, data jsonb not null);`);
  },
});

/** Banners and news (docs/decisions/0077-content.md); a deleted item stays as a tombstone. */
export const cmsBannersProjection = rowProjection<CmsItemRow>({
  name: 'cmsBanners',
  table: CMS_BANNERS_TABLE,
  entity: CMS_BANNERS_ENTITY,
  migrations: [table(CMS_BANNERS_TABLE, '')],
  ...rows,
  rowId: ofKinds(['BANNER', 'NEWS']),
  columns: (row) => ({ kind: row.kind, state: row.state, deleted: row.deleted }),
});

/** Help ("what's this") modals by screen (docs/decisions/0077-content.md). */
export const cmsHelpModalsProjection = rowProjection<CmsItemRow>({
  name: 'cmsHelpModals',
  table: CMS_HELP_MODALS_TABLE,
  entity: CMS_HELP_MODALS_ENTITY,
  migrations: [table(CMS_HELP_MODALS_TABLE, 'screen text not null,')],
  ...rows,
  rowId: ofKinds(['HELP_MODAL']),
  columns: (row) => ({
    kind: row.kind,
    state: row.state,
    screen: row.screen ?? '',
    deleted: row.deleted,
  }),
});

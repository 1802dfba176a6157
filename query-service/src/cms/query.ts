import {
  AppError,
  CMS_BANNERS_TABLE,
  CMS_HELP_MODALS_TABLE,
  bannerUrlCheck,
  cmsEffectiveState,
  cmsShown,
  type CmsItemRow,
  type CmsKind,
  type Identity,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import type { QueryHandler } from '../framework.js';

/**
 * Content queries (spec §7; docs/decisions/0077-content.md). Administrators read every item with
 * its state as users see it now (a SCHEDULED item whose time came is PUBLISHED); every user reads
 * what is published now to its role.
 */
const items = async (knex: Knex, table: string, kind: CmsKind, id?: string) => {
  const q = knex(table).where({ deleted: false, kind }).select<{ data: CmsItemRow }[]>('data');
  if (id !== undefined) q.where('id', id);
  return (await q.orderBy('id', 'desc')).map((r) => r.data);
};
const seen = (rows: CmsItemRow[], now: Date) =>
  rows.map((r) => ({ ...r, state: cmsEffectiveState(r, now) }));
const published = (rows: CmsItemRow[], identity: Identity, now: Date) =>
  rows
    .filter((r) => cmsShown(r, now) && r.targetRoles.includes(identity.role as never))
    .map((r) => ({ ...r, state: 'PUBLISHED' as const }));
const one = async (knex: Knex, table: string, kind: CmsKind, id: string, label: string) => {
  const [row] = await items(knex, table, kind, id);
  if (!row) throw new AppError('NOT_FOUND', `${label} ${id} not found`);
  return seen([row], new Date())[0];
};

export const banners: QueryHandler<'banners'> = async (_p, { knex }) =>
  seen(await items(knex, CMS_BANNERS_TABLE, 'BANNER'), new Date());
export const bannerById: QueryHandler<'bannerById'> = (p, { knex }) =>
  one(knex, CMS_BANNERS_TABLE, 'BANNER', p.id, 'Banner');
export const publishedBanners: QueryHandler<'publishedBanners'> = async (_p, { knex, identity }) =>
  published(await items(knex, CMS_BANNERS_TABLE, 'BANNER'), identity, new Date());
export const validateBannerUrl: QueryHandler<'validateBannerUrl'> = (p) => {
  return Promise.resolve(bannerUrlCheck(p.url));
};
export const cmsNews: QueryHandler<'cmsNews'> = async (_p, { knex }) =>
  seen(await items(knex, CMS_BANNERS_TABLE, 'NEWS'), new Date());
export const publishedNews: QueryHandler<'publishedNews'> = async (_p, { knex, identity }) =>
  published(await items(knex, CMS_BANNERS_TABLE, 'NEWS'), identity, new Date());
export const whatsThisModals: QueryHandler<'whatsThisModals'> = async (_p, { knex }) =>
  seen(await items(knex, CMS_HELP_MODALS_TABLE, 'HELP_MODAL'), new Date());
export const whatsThisModalById: QueryHandler<'whatsThisModalById'> = (p, { knex }) =>
  one(knex, CMS_HELP_MODALS_TABLE, 'HELP_MODAL', p.id, 'Help modal');
export const publishedWhatsThisModals: QueryHandler<'publishedWhatsThisModals'> = async (
  p,
  { knex, identity },
) =>
  published(await items(knex, CMS_HELP_MODALS_TABLE, 'HELP_MODAL'), identity, new Date()).filter(
    (r) => p.screen === undefined || r.screen === p.screen,
  );

export const cmsQueries = {
  banners,
  bannerById,
  publishedBanners,
  validateBannerUrl,
  cmsNews,
  publishedNews,
  whatsThisModals,
  whatsThisModalById,
  publishedWhatsThisModals,
};

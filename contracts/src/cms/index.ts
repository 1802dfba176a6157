import { z } from 'zod';
import { roles, type Role } from '../access/roles.js';
import { entityId } from '../common.js';
import { validationMessages, type ValidationKey } from '../consignments/validation.js';

/**
 * Content (spec §1 banners, news, help modals; §2 `/admin/cms/*`; §4 CMS publication DRAFT,
 * SCHEDULED, PUBLISHED; docs/decisions/0077-content.md). The spec shows none of their fields:
 * each item has a title and a body per language (English required, the app's default), the roles
 * it is shown to, and when it is shown (from, optionally to). A banner has a level and an optional
 * https link; a help ("what's this") modal belongs to one screen (a route rule).
 */
export const cmsLanguages = ['en', 'nb', 'sv', 'da', 'fi', 'fr'] as const;
export type CmsLanguage = (typeof cmsLanguages)[number];
export const cmsKinds = ['BANNER', 'NEWS', 'HELP_MODAL'] as const;
export type CmsKind = (typeof cmsKinds)[number];
/** Spec §4. DRAFT: not shown; SCHEDULED: shown from `publishFrom`; PUBLISHED: shown now. */
export const cmsStates = ['DRAFT', 'SCHEDULED', 'PUBLISHED'] as const;
export type CmsState = (typeof cmsStates)[number];
export const bannerLevels = ['INFO', 'WARNING', 'CRITICAL'] as const;
export type BannerLevel = (typeof bannerLevels)[number];

export const CMS_BANNERS_TABLE = 'rm_cms_banners';
export const CMS_BANNERS_ENTITY = 'cmsBanners';
export const CMS_HELP_MODALS_TABLE = 'rm_cms_help_modals';
export const CMS_HELP_MODALS_ENTITY = 'cmsHelpModals';
export const cmsStream = (id: string) => `cms-${id}`;

const instant = z.iso.datetime({ offset: true });
const texts = (max: number) =>
  z
    .partialRecord(z.enum(cmsLanguages), z.string().trim().min(1).max(max))
    .refine((t) => typeof t.en === 'string', {
      message: 'validation.englishRequired',
      path: ['en'],
    });

/**
 * A banner's link: an absolute https URL with a host (spec §5 leaves the banner URL check open;
 * docs/decisions/0077): no other scheme, no credentials in it, at most 2000 characters. The
 * problem as a message key (`validation.*`, shown in the user's language), or null.
 */
export function bannerUrlProblem(url: string): ValidationKey | null {
  if (url.length > 2000) return 'validation.tooLong';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'validation.linkNotUrl';
  }
  if (parsed.protocol !== 'https:') return 'validation.linkHttps';
  if (!parsed.hostname.includes('.')) return 'validation.linkHost';
  if (parsed.username || parsed.password) return 'validation.linkCredentials';
  return null;
}
/** `validateBannerUrl`'s answer: the problem in English and as the key the web app translates. */
export const bannerUrlCheck = (url: string) => {
  const key = bannerUrlProblem(url);
  return { valid: key === null, problem: key && validationMessages[key], key };
};
const bannerLink = z.string().superRefine((url, ctx) => {
  const problem = bannerUrlProblem(url);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const common = {
  title: texts(200),
  body: texts(5000),
  targetRoles: z
    .array(z.enum(roles))
    .min(1)
    .refine((r) => new Set(r).size === r.length, { message: 'validation.invalid' }),
  state: z.enum(cmsStates),
  publishFrom: instant.nullable().optional(),
  publishTo: instant.nullable().optional(),
};
const bannerFields = {
  ...common,
  level: z.enum(bannerLevels).default('INFO'),
  link: bannerLink.nullable().optional(),
};
const modalFields = { ...common, screen: z.string().trim().min(1).max(200) };

export const createBannerSchema = z.object(bannerFields).strict();
export const createNewsSchema = z.object(common).strict();
export const createHelpModalSchema = z.object(modalFields).strict();
const updateOf = <S extends z.ZodRawShape>(shape: S) =>
  z
    .object({ id: entityId, ...shape })
    .partial()
    .required({ id: true })
    .strict();
export const updateBannerSchema = updateOf({ ...bannerFields, level: z.enum(bannerLevels) });
export const updateNewsSchema = updateOf(common);
export const updateHelpModalSchema = updateOf(modalFields);
export const deleteCmsSchema = z.object({ id: entityId }).strict();

export const cmsCommandSchemas = {
  CREATE_BANNER: createBannerSchema,
  UPDATE_BANNER: updateBannerSchema,
  DELETE_BANNER: deleteCmsSchema,
  CREATE_NEWS: createNewsSchema,
  UPDATE_NEWS: updateNewsSchema,
  DELETE_NEWS: deleteCmsSchema,
  CREATE_WHATS_THIS_MODAL: createHelpModalSchema,
  UPDATE_WHATS_THIS_MODAL: updateHelpModalSchema,
  DELETE_WHATS_THIS_MODAL: deleteCmsSchema,
} as const;

const byId = z.object({ id: entityId }).strict();
const none = z.object({}).strict();
export const cmsQuerySchemas = {
  banners: none,
  bannerById: byId,
  publishedBanners: none,
  validateBannerUrl: z.object({ url: z.string().max(4000) }).strict(),
  cmsNews: none,
  publishedNews: none,
  whatsThisModals: none,
  whatsThisModalById: byId,
  publishedWhatsThisModals: z.object({ screen: z.string().max(200).optional() }).strict(),
} as const;

/** An item as its events keep it. `state` is the one asked for; see `cmsEffectiveState`. */
export interface CmsItem {
  id: string;
  kind: CmsKind;
  title: Partial<Record<CmsLanguage, string>>;
  body: Partial<Record<CmsLanguage, string>>;
  targetRoles: Role[];
  state: CmsState;
  publishFrom: string | null;
  publishTo: string | null;
  /** Banners. */
  level?: BannerLevel;
  link?: string | null;
  /** Help modals: the route rule of the screen it explains. */
  screen?: string;
}
export interface CmsItemRow extends CmsItem {
  revision: number;
  updatedAtEpoch: number;
  deleted: boolean;
}

/**
 * What users see of an item at `now`: DRAFT is never shown; a published item is SCHEDULED until its
 * `publishFrom`, then PUBLISHED; shown while `now` is before `publishTo` (if any).
 */
export function cmsEffectiveState(item: CmsItem, now: Date): CmsState {
  if (item.state === 'DRAFT') return 'DRAFT';
  if (item.publishFrom && Date.parse(item.publishFrom) > now.getTime()) return 'SCHEDULED';
  return 'PUBLISHED';
}
export const cmsShown = (item: CmsItem, now: Date): boolean =>
  cmsEffectiveState(item, now) === 'PUBLISHED' &&
  (!item.publishTo || Date.parse(item.publishTo) > now.getTime());

export type CmsEvent =
  | { type: 'CmsItemCreated'; data: CmsItem }
  | {
      type: 'CmsItemUpdated';
      data: { id: string; kind: CmsKind; changes: Partial<Omit<CmsItem, 'id' | 'kind'>> };
    }
  | { type: 'CmsItemDeleted'; data: { id: string; kind: CmsKind } };

/** A publication rule broken: the field it concerns and the message key. */
export interface CmsPublicationIssue {
  field: 'state' | 'publishFrom' | 'publishTo';
  key: ValidationKey;
}
/**
 * The publication rules (spec §4, §5 "a date-time must be in the future"; 0077), shared by the
 * decider and the web form: SCHEDULED needs a `publishFrom`, in the future when it is set or
 * changed (`changed`); PUBLISHED cannot have a future `publishFrom` (that is SCHEDULED); a
 * `publishTo` set or changed is later than now and than `publishFrom`.
 */
export function cmsPublicationIssue(
  item: Pick<CmsItem, 'state'> & Partial<Pick<CmsItem, 'publishFrom' | 'publishTo'>>,
  now: Date,
  changed: boolean,
): CmsPublicationIssue | null {
  const at = now.getTime();
  const from = item.publishFrom ? Date.parse(item.publishFrom) : null;
  if (item.state === 'SCHEDULED') {
    if (from === null) return { field: 'publishFrom', key: 'validation.required' };
    if (changed && from <= at) return { field: 'publishFrom', key: 'validation.future' };
  }
  if (item.state === 'PUBLISHED' && from !== null && from > at)
    return { field: 'state', key: 'validation.publishedInFuture' };
  if (item.publishTo && changed) {
    const to = Date.parse(item.publishTo);
    if (to <= at) return { field: 'publishTo', key: 'validation.future' };
    if (from !== null && to <= from) return { field: 'publishTo', key: 'validation.timeWindow' };
  }
  return null;
}

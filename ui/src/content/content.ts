import { cmsLanguages, type CmsItemRow, type CmsLanguage } from '@nordlog/contracts';
import { matchPath } from 'react-router-dom';

/**
 * The web app's side of content (docs/decisions/0077-content.md, addendum): what a user sees of the
 * banners, news and help modals published to the user's role. Pure functions here, the screens in
 * BannerStrip, NewsButton and HelpButton.
 */

/**
 * Published items are asked again this often while the page is visible (and whenever a window
 * comes back into view): a SCHEDULED item whose time comes shows within this time and the answer's
 * own; an unpublished or deleted one goes. Users' sockets do not carry content (a draft would
 * travel with it).
 */
export const PUBLISHED_REFRESH_MS = 30_000;

/** An item's text in the user's language, else English (required on every item). */
export function cmsText(texts: Partial<Record<CmsLanguage, string>>, locale: string): string {
  const language = (cmsLanguages as readonly string[]).includes(locale)
    ? (locale as CmsLanguage)
    : 'en';
  return texts[language] ?? texts.en ?? '';
}

/** Whether a help modal's screen (a route rule such as `/planner/:departmentId/live/*`) is open. */
export const screenMatches = (screen: string, pathname: string): boolean =>
  matchPath({ path: screen, end: true }, pathname) !== null;

/** A version of an item: an edited banner or news item shows again (and counts as unread). */
export const versionOf = (item: Pick<CmsItemRow, 'id' | 'revision'>): string =>
  `${item.id}:${item.revision}`;

/** A set of item versions kept in a browser storage under `key` (a bad value is empty). */
export function storedVersions(storage: Pick<Storage, 'getItem'>, key: string): Set<string> {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return new Set(Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Keeps `versions`, only those of `items` (items gone are forgotten: the list stays short). */
export function storeVersions(
  storage: Pick<Storage, 'setItem'>,
  key: string,
  versions: Set<string>,
  items: readonly Pick<CmsItemRow, 'id' | 'revision'>[],
): void {
  const live = new Set(items.map(versionOf));
  storage.setItem(key, JSON.stringify([...versions].filter((v) => live.has(v))));
}

/** Banners the user dismissed in this session (sessionStorage: a new session shows them again). */
export const DISMISSED_KEY = 'nordlog.cms.dismissedBanners';
/** News the user has opened the list with (localStorage: stays read across sessions). */
export const READ_NEWS_KEY = 'nordlog.cms.readNews';

/** The news items the user has not seen yet. */
export const unreadNews = <T extends Pick<CmsItemRow, 'id' | 'revision'>>(
  news: readonly T[],
  read: Set<string>,
): T[] => news.filter((n) => !read.has(versionOf(n)));

/** Banners by level, the most severe first, then the newest. */
const levelOrder = { CRITICAL: 0, WARNING: 1, INFO: 2 } as const;
export const bannerOrder = (a: CmsItemRow, b: CmsItemRow): number =>
  levelOrder[a.level ?? 'INFO'] - levelOrder[b.level ?? 'INFO'] || Number(b.id) - Number(a.id);

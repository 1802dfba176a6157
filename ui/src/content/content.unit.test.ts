import { describe, expect, it } from '@jest/globals';
import type { CmsItemRow } from '@nordlog/contracts';
import {
  bannerOrder,
  cmsText,
  screenMatches,
  storeVersions,
  storedVersions,
  unreadNews,
  versionOf,
} from './content';

const row = (id: string, extra: Partial<CmsItemRow> = {}): CmsItemRow => ({
  id,
  kind: 'BANNER',
  title: { en: `Title ${id}` },
  body: { en: 'Body' },
  targetRoles: ['PLANNER'],
  state: 'PUBLISHED',
  publishFrom: null,
  publishTo: null,
  revision: 1,
  updatedAtEpoch: 0,
  deleted: false,
  ...extra,
});

/** A storage in memory, as sessionStorage and localStorage behave. */
const memory = () => {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
};

describe('content as users see it', () => {
  it('a text in the user language, else English', () => {
    const texts = { en: 'Snow in Oslo', nb: 'Snø i Oslo' };
    expect(cmsText(texts, 'nb')).toBe('Snø i Oslo');
    expect(cmsText(texts, 'sv')).toBe('Snow in Oslo');
    expect(cmsText(texts, 'xx')).toBe('Snow in Oslo');
  });

  it('a help modal belongs to the screens its route rule matches', () => {
    expect(screenMatches('/admin/holidays', '/admin/holidays')).toBe(true);
    expect(screenMatches('/admin/holidays', '/admin/holidays/1')).toBe(false);
    const live = '/planner/:departmentId/live/*';
    expect(screenMatches(live, '/planner/1/live')).toBe(true);
    expect(screenMatches(live, '/planner/group_2/live/2026-12-04')).toBe(true);
    expect(screenMatches(live, '/planner/1/map')).toBe(false);
  });

  it('dismissed banners and read news are kept by version: an edited item shows again, items gone are forgotten', () => {
    const storage = memory();
    const a = row('1');
    const b = row('2');
    storeVersions(storage, 'k', new Set([versionOf(a), versionOf(b), '9:1']), [a, b]);
    expect([...storedVersions(storage, 'k')].sort()).toEqual(['1:1', '2:1']);
    const edited = { ...a, revision: 2 };
    expect(unreadNews([edited, b], storedVersions(storage, 'k'))).toEqual([edited]);
    storage.setItem('k', 'not json');
    expect(storedVersions(storage, 'k').size).toBe(0);
  });

  it('banners: critical first, then warning, then information; newest first within a level', () => {
    const rows = [
      row('1', { level: 'INFO' }),
      row('2', { level: 'CRITICAL' }),
      row('3', { level: 'WARNING' }),
      row('4', { level: 'CRITICAL' }),
    ];
    expect(rows.sort(bannerOrder).map((r) => r.id)).toEqual(['4', '2', '3', '1']);
  });
});

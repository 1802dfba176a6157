import { describe, expect, it } from '@jest/globals';
import { bannerUrlProblem, cmsEffectiveState, cmsShown, type CmsItem } from '@nordlog/contracts';
import { given } from '../framework/testing.js';
import { cmsDecider, type CmsFields } from './decider.js';

const now = new Date('2026-12-04T03:00:00.000Z');
const later = '2026-12-05T08:00:00.000Z';
const earlier = '2026-12-03T08:00:00.000Z';
const fields: CmsFields = {
  title: { en: 'Snow' },
  body: { en: 'Expect delays' },
  targetRoles: ['PLANNER'],
  state: 'DRAFT',
  publishFrom: null,
  publishTo: null,
  level: 'INFO',
  link: null,
};
const item: CmsItem = { ...fields, id: '1', kind: 'BANNER' };
const create = (f: Partial<CmsFields>) => ({
  type: 'create' as const,
  id: '1',
  kind: 'BANNER' as const,
  fields: { ...fields, ...f },
  now,
});

describe('content items', () => {
  it('S7-CMD-051 a draft is created as it is', () => {
    given(cmsDecider)
      .when(create({}))
      .then([{ type: 'CmsItemCreated', data: item }]);
  });
  it('S4-STATE-017 PUBLISHED starts now; SCHEDULED needs a publishFrom in the future', () => {
    given(cmsDecider)
      .when(create({ state: 'PUBLISHED' }))
      .then([
        {
          type: 'CmsItemCreated',
          data: { ...item, state: 'PUBLISHED', publishFrom: now.toISOString() },
        },
      ]);
    given(cmsDecider)
      .when(create({ state: 'SCHEDULED', publishFrom: later }))
      .then([
        { type: 'CmsItemCreated', data: { ...item, state: 'SCHEDULED', publishFrom: later } },
      ]);
  });
  it('S5-VAL-024 an item scheduled in the past, or scheduled without a time, is refused', () => {
    given(cmsDecider)
      .when(create({ state: 'SCHEDULED', publishFrom: earlier }))
      .thenRefuses('VALIDATION_ERROR');
    given(cmsDecider)
      .when(create({ state: 'SCHEDULED' }))
      .thenRefuses('VALIDATION_ERROR');
    given(cmsDecider)
      .when(create({ state: 'PUBLISHED', publishFrom: later }))
      .thenRefuses('VALIDATION_ERROR');
    given(cmsDecider)
      .when(create({ state: 'PUBLISHED', publishTo: earlier }))
      .thenRefuses('VALIDATION_ERROR');
    given(cmsDecider)
      .when(create({ state: 'SCHEDULED', publishFrom: later, publishTo: later }))
      .thenRefuses('VALIDATION_ERROR');
  });
  it('an update keeps only what changed, and is checked as the item it makes', () => {
    const created = { type: 'CmsItemCreated' as const, data: item };
    given(cmsDecider, [created])
      .when({ type: 'update', id: '1', kind: 'BANNER', changes: { level: 'WARNING' }, now })
      .then([
        {
          type: 'CmsItemUpdated',
          data: { id: '1', kind: 'BANNER', changes: { level: 'WARNING' } },
        },
      ]);
    given(cmsDecider, [created])
      .when({ type: 'update', id: '1', kind: 'BANNER', changes: { state: 'SCHEDULED' }, now })
      .thenRefuses('VALIDATION_ERROR');
    given(cmsDecider, [created])
      .when({ type: 'update', id: '1', kind: 'BANNER', changes: { level: 'INFO' }, now })
      .thenNothing();
  });
  it('an item of another kind, or deleted, is not found', () => {
    const created = { type: 'CmsItemCreated' as const, data: item };
    given(cmsDecider, [created])
      .when({ type: 'delete', id: '1', kind: 'NEWS' })
      .thenRefuses('NOT_FOUND');
    given(cmsDecider, [created, { type: 'CmsItemDeleted', data: { id: '1', kind: 'BANNER' } }])
      .when({ type: 'update', id: '1', kind: 'BANNER', changes: { level: 'WARNING' }, now })
      .thenRefuses('NOT_FOUND');
  });
  it('a scheduled item whose time came is published: its end can be set without scheduling it again', () => {
    const due = { ...item, state: 'SCHEDULED' as const, publishFrom: earlier };
    const publishTo = '2026-12-06T00:00:00.000Z';
    given(cmsDecider, [{ type: 'CmsItemCreated', data: due }])
      .when({ type: 'update', id: '1', kind: 'BANNER', changes: { publishTo }, now })
      .then([
        {
          type: 'CmsItemUpdated',
          data: { id: '1', kind: 'BANNER', changes: { state: 'PUBLISHED', publishTo } },
        },
      ]);
  });
  it('a refused publication names its field and the message key the form shows', () => {
    expect(() =>
      cmsDecider.decide(create({ state: 'SCHEDULED', publishFrom: earlier }), {
        status: 'none',
      }),
    ).toThrow(
      expect.objectContaining({
        items: [
          expect.objectContaining({
            errorType: 'VALIDATION_ERROR',
            params: { field: 'publishFrom', key: 'validation.future' },
          }),
        ],
      }),
    );
  });
  it('S4-STATE-017 what users see: DRAFT never, SCHEDULED until its time, PUBLISHED until publishTo', () => {
    const scheduled: CmsItem = { ...item, state: 'SCHEDULED', publishFrom: later };
    expect(cmsEffectiveState(item, now)).toBe('DRAFT');
    expect(cmsEffectiveState(scheduled, now)).toBe('SCHEDULED');
    expect(cmsEffectiveState(scheduled, new Date(later))).toBe('PUBLISHED');
    expect(cmsShown(scheduled, now)).toBe(false);
    expect(cmsShown(scheduled, new Date(later))).toBe(true);
    expect(
      cmsShown(
        { ...scheduled, publishTo: '2026-12-06T00:00:00Z' },
        new Date('2026-12-06T00:00:00Z'),
      ),
    ).toBe(false);
  });
  it('a banner link is https with a full host name, nothing else', () => {
    expect(bannerUrlProblem('https://status.example.com/snow')).toBeNull();
    for (const bad of [
      'http://example.com',
      'javascript:alert(1)',
      'https://localhost/',
      'ftp://x.no',
      'https://u:p@example.com',
      'not a url',
    ])
      expect(bannerUrlProblem(bad)).not.toBeNull();
  });
});

import { describe, expect, it } from '@jest/globals';
import { createBannerSchema, createHelpModalSchema } from '@nordlog/contracts';
import { cmsBelongs } from './cmsBelongs';
import { cmsFields, cmsFormSchema, keyedErrors } from './cmsForm';
import { fieldErrorsOf } from '../../../data/dataProvider';

const now = new Date('2026-12-04T10:00:00.000Z');
const later = '2026-12-05T10:00:00.000Z';
const earlier = '2026-12-03T10:00:00.000Z';
const form = (extra: Record<string, unknown> = {}) => ({
  id: '7',
  revision: 3,
  kind: 'BANNER',
  deleted: false,
  title: { en: 'Snow', nb: '', sv: '  ' },
  body: { en: 'Delays' },
  targetRoles: ['PLANNER'],
  state: 'DRAFT',
  publishFrom: null,
  publishTo: null,
  level: 'INFO',
  link: '',
  ...extra,
});
/** The message keys by field of a form's values, as the form would show them. */
const issues = (values: object, record?: Parameters<typeof cmsFormSchema>[1]) => {
  const result = cmsFormSchema(createBannerSchema, record, () => now).safeParse(
    values,
    keyedErrors,
  );
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the content forms: the server rules on the form values', () => {
  it('S7-CMD-051 the values become the command: its fields only, empty languages and an empty link left out', () => {
    expect(cmsFields(form(), Object.keys(createBannerSchema.shape))).toEqual({
      title: { en: 'Snow' },
      body: { en: 'Delays' },
      targetRoles: ['PLANNER'],
      state: 'DRAFT',
      publishFrom: null,
      publishTo: null,
      level: 'INFO',
      link: null,
    });
    expect(issues(form())).toEqual({});
  });

  it('S5-VAL-024 the refusals as message keys on their fields: English, roles, link, the schedule', () => {
    expect(issues(form({ title: { nb: 'Snø' } }))).toEqual({
      'title.en': 'validation.englishRequired',
    });
    expect(issues(form({ targetRoles: [] }))).toEqual({ targetRoles: 'validation.invalid' });
    expect(issues(form({ link: 'http://status.example.com' }))).toEqual({
      link: 'validation.linkHttps',
    });
    expect(issues(form({ title: { en: 'x'.repeat(201) } }))).toEqual({
      'title.en': 'validation.tooLong',
    });
    expect(issues(form({ state: 'SCHEDULED' }))).toEqual({ publishFrom: 'validation.required' });
    expect(issues(form({ state: 'SCHEDULED', publishFrom: earlier }))).toEqual({
      publishFrom: 'validation.future',
    });
    expect(issues(form({ state: 'PUBLISHED', publishFrom: later }))).toEqual({
      state: 'validation.publishedInFuture',
    });
    expect(issues(form({ state: 'SCHEDULED', publishFrom: later, publishTo: later }))).toEqual({
      publishTo: 'validation.timeWindow',
    });
    expect(issues(form({ state: 'SCHEDULED', publishFrom: later }))).toEqual({});
  });

  it('editing, the future-time rules apply only when the state or a time changed (as the decider)', () => {
    const record = { state: 'PUBLISHED' as const, publishFrom: earlier, publishTo: null };
    const published = form({ state: 'PUBLISHED', publishFrom: earlier });
    expect(issues({ ...published, title: { en: 'Renamed' } }, record)).toEqual({});
    expect(issues({ ...published, publishTo: earlier }, record)).toEqual({
      publishTo: 'validation.future',
    });
  });

  it('a help modal needs its screen', () => {
    const result = cmsFormSchema(createHelpModalSchema, undefined, () => now).safeParse(
      { ...form(), screen: '' },
      keyedErrors,
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['screen']);
  });

  it("the server's field refusals go to the fields; any other refusal is the toast's", () => {
    const refusal = (field: string, key: string) => ({
      errorType: 'VALIDATION_ERROR',
      params: { field, key },
    });
    expect(
      fieldErrorsOf([
        refusal('publishFrom', 'validation.future'),
        refusal('title.en', 'validation.englishRequired'),
        refusal('targetRoles.0', 'validation.choice'),
      ]),
    ).toEqual({
      publishFrom: 'validation.future',
      title: { en: 'validation.englishRequired' },
      targetRoles: 'validation.choice',
    });
    expect(fieldErrorsOf([{ errorType: 'NOT_FOUND' }])).toBeNull();
    expect(fieldErrorsOf([{ errorType: 'VALIDATION_ERROR', params: { field: 'x' } }])).toBeNull();
    expect(fieldErrorsOf([])).toBeNull();
  });

  it('a pushed row stays out of the list of the other kind', () => {
    expect(cmsBelongs(['admin/cms/banners', 'getList'], 'cmsBanners', { kind: 'NEWS' })).toBe(
      false,
    );
    expect(
      cmsBelongs(['admin/cms/news', 'getList'], 'cmsBanners', { kind: 'NEWS' }),
    ).toBeUndefined();
    expect(cmsBelongs(['admin/users', 'getList'], 'users', {})).toBeUndefined();
  });
});

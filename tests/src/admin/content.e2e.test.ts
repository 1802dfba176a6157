import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createFirstDepartmentAndCustomer,
  freshPhone,
  startTestSystem,
  type Client,
  type TestSystem,
} from '../support/system.js';

type Row = Record<string, any>;

/**
 * Content through the gateway (issue 44 part 5, docs/decisions/0077-content.md): banners, news and
 * help modals created, updated and deleted; DRAFT, SCHEDULED and PUBLISHED as users see them, a
 * scheduled item published when its time comes; the roles an item targets; the banner link check;
 * the refusals and bad input, each leaving nothing behind.
 */
describe('content: banners, news, help modals', () => {
  let sys: TestSystem;
  /** An ADMIN holding only ADMIN_CMS_BANNERS, and one holding only the help modals' flag. */
  let bannerAdmin: Client;
  let modalAdmin: Client;
  let planner: Client;
  let readOnly: Client;

  const text = (title: string) => ({
    title: { en: title, nb: `${title} (nb)` },
    body: { en: 'Expect delays today.' },
  });
  const cmsEvents = async () =>
    Number(
      (
        await sys.db
          .knex('es_events')
          .where('type', 'like', 'CmsItem%')
          .count<{ count: string }[]>('* as count')
      )[0]!.count,
    );
  const ask = async (client: Client, name: string, params: Row = {}) => {
    await sys.settled();
    const res = await client.query(name, params);
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    await createFirstDepartmentAndCustomer(sys);
    const login = async (role: string, access: string[]) =>
      sys.as(await sys.login({ phoneNumber: freshPhone(), role, access, departmentIds: ['1'] }));
    bannerAdmin = await login('ADMIN', ['ADMIN_CMS_BANNERS']);
    modalAdmin = await login('ADMIN', ['ADMIN_CMS_WHATS_THIS_MODALS']);
    planner = await login('PLANNER', ['PLANNER_LIVE']);
    readOnly = await login('READ_ONLY_PLANNER', ['PLANNER_LIVE']);
  }, 60_000);
  afterAll(() => sys?.shutdown());

  it('S1-GEN-020 S7-CMD-051 S7-CALL-069 a banner is created, updated and deleted; each change is in the queries', async () => {
    const created = await bannerAdmin.command('CREATE_BANNER', {
      ...text('Snow in Oslo'),
      targetRoles: ['PLANNER'],
      state: 'DRAFT',
      link: 'https://status.example.com/snow',
    });
    expect(created.status).toBe(200);
    const id = String(created.body.ids[0]);
    expect(await ask(bannerAdmin, 'bannerById', { id })).toMatchObject({
      id,
      state: 'DRAFT',
      level: 'INFO',
      link: 'https://status.example.com/snow',
    });
    expect(
      (await bannerAdmin.command('UPDATE_BANNER', { id, level: 'WARNING', state: 'PUBLISHED' }))
        .status,
    ).toBe(200);
    const banners = (await ask(bannerAdmin, 'banners')) as Row[];
    expect(banners.find((b) => b.id === id)).toMatchObject({
      level: 'WARNING',
      state: 'PUBLISHED',
    });
    expect((await bannerAdmin.command('DELETE_BANNER', { id })).status).toBe(200);
    await sys.settled();
    expect((await bannerAdmin.query('bannerById', { id })).status).toBe(404);
    expect(((await ask(bannerAdmin, 'banners')) as Row[]).some((b) => b.id === id)).toBe(false);
  });

  it('S4-STATE-017 only PUBLISHED items reach users, and only users of the roles they target', async () => {
    const make = async (title: string, extra: Row) =>
      String(
        (
          await bannerAdmin.command('CREATE_BANNER', {
            ...text(title),
            targetRoles: ['PLANNER'],
            ...extra,
          })
        ).body.ids[0],
      );
    const draft = await make('Draft', { state: 'DRAFT' });
    const scheduled = await make('Scheduled', {
      state: 'SCHEDULED',
      publishFrom: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const published = await make('Published', { state: 'PUBLISHED' });
    const ids = (rows: Row[]) => rows.map((r) => r.id);
    const seen = ids(await ask(planner, 'publishedBanners'));
    expect(seen).toContain(published);
    expect(seen).not.toContain(draft);
    expect(seen).not.toContain(scheduled);
    // Not targeted: a READ_ONLY_PLANNER sees none of them.
    expect(ids(await ask(readOnly, 'publishedBanners'))).not.toContain(published);
    const all = (await ask(bannerAdmin, 'banners')) as Row[];
    expect(Object.fromEntries(all.map((r) => [r.id, r.state]))).toMatchObject({
      [draft]: 'DRAFT',
      [scheduled]: 'SCHEDULED',
      [published]: 'PUBLISHED',
    });
  });

  it('S4-STATE-017 a scheduled news item is published when its time comes', async () => {
    const publishFrom = new Date(Date.now() + 1500).toISOString();
    const res = await bannerAdmin.command('CREATE_NEWS', {
      ...text('New depot in Bergen'),
      targetRoles: ['PLANNER', 'ADMIN'],
      state: 'SCHEDULED',
      publishFrom,
    });
    expect(res.status).toBe(200);
    const id = String(res.body.ids[0]);
    expect(((await ask(planner, 'publishedNews')) as Row[]).some((n) => n.id === id)).toBe(false);
    // Wait for the time itself (the state follows the clock, nothing is appended).
    while (Date.now() <= Date.parse(publishFrom)) await new Promise((r) => setTimeout(r, 100));
    const news = (await ask(planner, 'publishedNews')) as Row[];
    expect(news.find((n) => n.id === id)).toMatchObject({ state: 'PUBLISHED' });
    expect(((await ask(bannerAdmin, 'cmsNews')) as Row[]).find((n) => n.id === id)).toMatchObject({
      state: 'PUBLISHED',
    });
  });

  it('S1-GEN-022 S7-CALL-067 help modals by screen: created, published to their roles, updated, deleted', async () => {
    const res = await modalAdmin.command('CREATE_WHATS_THIS_MODAL', {
      ...text('What is a holiday?'),
      targetRoles: ['PLANNER'],
      state: 'PUBLISHED',
      screen: '/admin/holidays',
    });
    expect(res.status).toBe(200);
    const id = String(res.body.ids[0]);
    expect(await ask(planner, 'publishedWhatsThisModals', { screen: '/admin/holidays' })).toEqual([
      expect.objectContaining({ id, screen: '/admin/holidays' }),
    ]);
    expect(await ask(planner, 'publishedWhatsThisModals', { screen: '/admin/jobs' })).toEqual([]);
    expect(
      (await modalAdmin.command('UPDATE_WHATS_THIS_MODAL', { id, state: 'DRAFT' })).status,
    ).toBe(200);
    expect(await ask(planner, 'publishedWhatsThisModals', {})).toEqual([]);
    expect(await ask(modalAdmin, 'whatsThisModalById', { id })).toMatchObject({ state: 'DRAFT' });
    expect((await modalAdmin.command('DELETE_WHATS_THIS_MODAL', { id })).status).toBe(200);
    expect(await ask(modalAdmin, 'whatsThisModals')).toEqual([]);
  });

  it('S6-FLAG-018 S6-FLAG-019 each flag administers its own content only; other users are refused', async () => {
    const before = await cmsEvents();
    const banner = { ...text('x'), targetRoles: ['PLANNER'], state: 'DRAFT' };
    expect((await modalAdmin.command('CREATE_BANNER', banner)).status).toBe(403);
    expect((await modalAdmin.query('banners', {})).status).toBe(403);
    expect((await modalAdmin.query('cmsNews', {})).status).toBe(403);
    expect(
      (await bannerAdmin.command('CREATE_WHATS_THIS_MODAL', { ...banner, screen: '/' })).status,
    ).toBe(403);
    expect((await bannerAdmin.query('whatsThisModals', {})).status).toBe(403);
    for (const client of [planner, readOnly]) {
      expect((await client.command('CREATE_NEWS', banner)).status).toBe(403);
      expect((await client.query('validateBannerUrl', { url: 'https://a.no' })).status).toBe(403);
    }
    expect(await cmsEvents()).toBe(before);
  });

  it('S7-CMD-051 S7-CALL-069 S5-VAL-024 bad input is a 400 and writes nothing: a link not https, a schedule in the past, no English title', async () => {
    const before = await cmsEvents();
    const base = { ...text('Bad'), targetRoles: ['PLANNER'], state: 'DRAFT' };
    const bad: Row[] = [
      { ...base, link: 'http://status.example.com/' },
      { ...base, link: 'javascript:alert(1)' },
      { ...base, state: 'SCHEDULED', publishFrom: new Date(Date.now() - 60_000).toISOString() },
      { ...base, state: 'SCHEDULED' },
      { ...base, title: { nb: 'Bare norsk' } },
      { ...base, targetRoles: [] },
      { ...base, publishTo: 'tomorrow' },
    ];
    for (const payload of bad) {
      const res = await bannerAdmin.command('CREATE_BANNER', payload);
      expect(res.status).toBe(400);
      expect(res.body[0].errorType).toBe('VALIDATION_ERROR');
    }
    expect(await cmsEvents()).toBe(before);
    // The URL check as a query, for the form.
    expect(
      await ask(bannerAdmin, 'validateBannerUrl', { url: 'https://status.example.com/' }),
    ).toEqual({ valid: true, problem: null, key: null });
    expect(
      await ask(bannerAdmin, 'validateBannerUrl', { url: 'http://status.example.com/' }),
    ).toEqual({
      valid: false,
      problem: 'the link must start with https://',
      key: 'validation.linkHttps',
    });
    expect((await bannerAdmin.query('bannerById', {})).status).toBe(400);
    // An update that would schedule in the past is refused; the item is unchanged.
    const id = String((await bannerAdmin.command('CREATE_BANNER', base)).body.ids[0]);
    const res = await bannerAdmin.command('UPDATE_BANNER', {
      id,
      state: 'SCHEDULED',
      publishFrom: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(res.status).toBe(400);
    expect(await ask(bannerAdmin, 'bannerById', { id })).toMatchObject({
      state: 'DRAFT',
      publishFrom: null,
    });
    expect((await bannerAdmin.command('UPDATE_NEWS', { id, state: 'DRAFT' })).status).toBe(404);
  });
});

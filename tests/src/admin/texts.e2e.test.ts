import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freshPhone, startTestSystem, type Client, type TestSystem } from '../support/system.js';
import { countEvents } from '../support/events.js';

type Row = Record<string, any>;
type Item = { errorType?: string; params?: { field?: string; key?: string } };

/** The refused fields and their message keys of a 4xx. */
const refused = (res: { status: number; body: unknown }, status = 400) => {
  expect({ status: res.status, body: res.body }).toEqual(expect.objectContaining({ status }));
  return Object.fromEntries((res.body as Item[]).map((i) => [i.params?.field, i.params?.key]));
};

/**
 * Services and texts through the gateway (docs/decisions/0081-services-and-texts.md): texts
 * created, updated and deleted and read by group, by id and joined with the catalogue's services;
 * bad input refused on its field with nothing written; the services' mapping; who may call them.
 */
describe('services and texts', () => {
  let sys: TestSystem;
  /** An ADMIN holding ADMIN_TEXTS only. */
  let texter: Client;
  /** An ADMIN holding another flag only. */
  let outsider: Client;
  /** A planner who books, without ADMIN_TEXTS: reads the services' texts only. */
  let booker: Client;
  let express: string;
  let sign: string;

  beforeAll(async () => {
    sys = await startTestSystem();
    const user = async (role: string, access: string[], departmentIds?: string[]) =>
      sys.as(await sys.login({ phoneNumber: freshPhone(), role, access, departmentIds }));
    texter = await user('ADMIN', ['ADMIN_TEXTS']);
    outsider = await user('ADMIN', ['ADMIN_HOLIDAYS']);
    const department = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0] as string;
    booker = await user('PLANNER', ['PLANNER_BOOKING'], [department]);
    const article = async (fields: Row) => {
      const res = await sys.command('CREATE_ARTICLE', { group: 'TRANSPORT', ...fields });
      expect(res.status).toBe(200);
      return res.body.ids[0] as string;
    };
    express = await article({ code: 'EXPRESS', label: 'Express', kind: 'FREIGHT' });
    await article({ code: 'ECONOMY', label: 'Economy', kind: 'FREIGHT' });
    sign = await article({
      code: 'SVC-SIGN',
      label: 'Signature',
      kind: 'SERVICE',
      vasCode: 'SIGN',
      group: 'SERVICES',
    });
    await sys.settled();
  }, 60_000);
  afterAll(async () => sys.shutdown());

  const create = (client: Client, fields: Row) => client.command('CREATE_TEXT', fields);
  const group = async (name: string, client: Client = texter) => {
    await sys.settled();
    return client.query('texts', { group: name });
  };

  it('S7-CALL-064 S6-FLAG-010 S1-GEN-013 CREATE_TEXT, UPDATE_TEXT, DELETE_TEXT by an ADMIN_TEXTS holder; texts {group} and getTextById show each change', async () => {
    const made = await create(texter, {
      group: 'LABEL',
      key: 'fragile',
      texts: { en: 'Fragile: {shipmentId}', nb: 'Skjør: {shipmentId}' },
    });
    expect(made.status).toBe(200);
    const id = made.body.ids[0] as string;
    const listed = await group('LABEL');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({
        id,
        group: 'LABEL',
        key: 'fragile',
        texts: {
          en: 'Fragile: {shipmentId}',
          nb: 'Skjør: {shipmentId}',
          sv: '',
          da: '',
          fi: '',
          fr: '',
        },
      }),
    ]);
    expect((await group('SERVICE')).body).toEqual([]);

    const changed = await texter.command('UPDATE_TEXT', {
      id,
      key: 'label.fragile',
      texts: { en: 'Handle with care', fr: 'Fragile' },
    });
    expect(changed.status).toBe(200);
    await sys.settled();
    const one = await texter.query('getTextById', { id });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(
      expect.objectContaining({
        id,
        group: 'LABEL',
        key: 'label.fragile',
        texts: { en: 'Handle with care', nb: '', sv: '', da: '', fi: '', fr: 'Fragile' },
      }),
    );

    expect((await texter.command('DELETE_TEXT', { id })).status).toBe(200);
    expect((await group('LABEL')).body).toEqual([]);
    expect((await texter.query('getTextById', { id })).status).toBe(404);
    // Its key is free again.
    expect(
      (await create(texter, { group: 'LABEL', key: 'label.fragile', texts: { en: 'Again' } }))
        .status,
    ).toBe(200);
  });

  it('S7-CALL-064 servicesAndVasesTexts: every service and VAS of the catalogue with its article code and its text, or null', async () => {
    expect(
      (
        await create(texter, {
          group: 'SERVICE',
          key: 'EXPRESS',
          texts: { en: 'Express, before 12', nb: 'Ekspress, før 12' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await create(texter, { group: 'VAS', key: 'SIGN', texts: { en: 'Signature on delivery' } }))
        .status,
    ).toBe(200);
    await sys.settled();
    const res = await texter.query('servicesAndVasesTexts', {});
    expect(res.status).toBe(200);
    const byCode = Object.fromEntries((res.body as Row[]).map((r) => [r.articleCode, r]));
    expect(Object.keys(byCode).sort()).toEqual(['ECONOMY', 'EXPRESS', 'SVC-SIGN']);
    expect(byCode.EXPRESS).toEqual(
      expect.objectContaining({
        group: 'SERVICE',
        articleId: express,
        key: 'EXPRESS',
        label: 'Express',
        text: expect.objectContaining({
          texts: expect.objectContaining({ nb: 'Ekspress, før 12' }),
        }),
      }),
    );
    expect(byCode.ECONOMY).toEqual(expect.objectContaining({ group: 'SERVICE', text: null }));
    expect(byCode['SVC-SIGN']).toEqual(
      expect.objectContaining({
        group: 'VAS',
        articleId: sign,
        key: 'SIGN',
        text: expect.objectContaining({ key: 'SIGN' }),
      }),
    );
    // The booking form reads them too (a planner who books).
    expect((await booker.query('servicesAndVasesTexts', {})).status).toBe(200);
  });

  it('S7-CALL-064 S7-CALL-062 S6-FLAG-010 a missing or unknown param is 400; a user without ADMIN_TEXTS is refused every query and command', async () => {
    for (const [name, params] of [
      ['texts', {}],
      ['texts', { group: 'POEMS' }],
      ['getTextById', {}],
      ['getTextById', { id: 'one' }],
      ['servicesAndVasesTexts', { group: 'SERVICE' }],
      ['getServiceMappingDataById', {}],
      ['serviceMappingData', { id: express }],
    ] as const) {
      const res = await texter.query(name, params);
      expect({ name, params, status: res.status }).toEqual({ name, params, status: 400 });
    }
    for (const [name, params] of [
      ['texts', { group: 'SERVICE' }],
      ['getTextById', { id: '1' }],
      ['servicesAndVasesTexts', {}],
      ['serviceMappingData', {}],
      ['getServiceMappingDataById', { id: express }],
    ] as const) {
      const res = await outsider.query(name, params);
      expect({ name, status: res.status }).toEqual({ name, status: 403 });
    }
    // The booker reads the services' texts (above) and the texts of a group (the booking form
    // shows the BOOKING texts that apply, docs/decisions/0097), not a text by id or the mapping.
    expect((await booker.query('texts', { group: 'BOOKING' })).status).toBe(200);
    for (const [name, params] of [
      ['getTextById', { id: '1' }],
      ['serviceMappingData', {}],
    ] as const)
      expect((await booker.query(name, params)).status).toBe(403);
    const before = await countEvents(sys);
    for (const [name, payload] of [
      ['CREATE_TEXT', { group: 'LABEL', key: 'x', texts: { en: 'x' } }],
      ['UPDATE_TEXT', { id: '1', key: 'y' }],
      ['DELETE_TEXT', { id: '1' }],
      ['UPDATE_SERVICE_MAPPING', { id: express, important: true }],
    ] as const) {
      const res = await outsider.command(name, payload);
      expect({ name, status: res.status }).toEqual({ name, status: 403 });
    }
    expect(await countEvents(sys)).toBe(before);
  });

  it('refuses a taken key (409), an unknown placeholder, an over-long wording, no English and a bad key (400), on their fields, writing nothing', async () => {
    expect(
      (
        await create(texter, {
          group: 'BOOKING',
          key: 'welcome',
          texts: { en: 'Welcome {customerName}' },
        })
      ).status,
    ).toBe(200);
    await sys.settled();
    const before = await countEvents(sys);
    expect(
      refused(await create(texter, { group: 'BOOKING', key: 'welcome', texts: { en: 'Hi' } }), 409),
    ).toEqual({ key: 'validation.textKeyTaken' });
    expect(
      refused(
        await create(texter, {
          group: 'BOOKING',
          key: 'bye',
          texts: { en: 'Bye {customerName}', sv: 'Hej då {kund}' },
        }),
      ),
    ).toEqual({ 'texts.sv': 'validation.unknownPlaceholder' });
    expect(
      refused(
        await create(texter, { group: 'BOOKING', key: 'long', texts: { en: 'x'.repeat(1001) } }),
      ),
    ).toEqual({ 'texts.en': 'validation.tooLong' });
    expect(
      refused(
        await create(texter, {
          group: 'BOOKING',
          key: 'none',
          texts: { en: '', nb: 'Bare norsk' },
        }),
      ),
    ).toEqual({ 'texts.en': 'validation.englishRequired' });
    expect(
      refused(await create(texter, { group: 'BOOKING', key: 'two words', texts: { en: 'x' } })),
    ).toEqual({ key: 'validation.textKey' });
    // An update is checked against its text's group and the others' keys.
    const other = await create(texter, { group: 'BOOKING', key: 'other', texts: { en: 'x' } });
    const id = other.body.ids[0] as string;
    const after = await countEvents(sys);
    expect(refused(await texter.command('UPDATE_TEXT', { id, key: 'welcome' }), 409)).toEqual({
      key: 'validation.textKeyTaken',
    });
    expect(
      refused(await texter.command('UPDATE_TEXT', { id, texts: { en: 'On {shipmentId}' } })),
    ).toEqual({ 'texts.en': 'validation.unknownPlaceholder' });
    expect((await texter.command('UPDATE_TEXT', { id: '999999', key: 'k' })).status).toBe(404);
    expect(await countEvents(sys)).toBe(after);
    expect(after).toBe(before + 1);
  });

  it('S7-CALL-062 serviceMappingData and getServiceMappingDataById: each transport article with important false and allowFlexDelivery true until set; UPDATE_SERVICE_MAPPING sets them', async () => {
    await sys.settled();
    const all = await texter.query('serviceMappingData', {});
    expect(all.status).toBe(200);
    expect((all.body as Row[]).map((r) => [r.code, r.important, r.allowFlexDelivery])).toEqual([
      ['ECONOMY', false, true],
      ['EXPRESS', false, true],
    ]);
    expect(
      (
        await texter.command('UPDATE_SERVICE_MAPPING', {
          id: express,
          important: true,
          allowFlexDelivery: false,
        })
      ).status,
    ).toBe(200);
    // The article's own changes follow; its prices' screen is not disturbed by the mapping.
    expect(
      (await sys.command('UPDATE_ARTICLE', { id: express, label: 'Express, road' })).status,
    ).toBe(200);
    await sys.settled();
    const one = await texter.query('getServiceMappingDataById', { id: express });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(
      expect.objectContaining({
        id: express,
        code: 'EXPRESS',
        label: 'Express, road',
        important: true,
        allowFlexDelivery: false,
      }),
    );
    const article = await sys.get(`/api/rest/articles/${express}`);
    expect(article.body).toEqual(expect.objectContaining({ label: 'Express, road' }));
    expect(article.body).not.toHaveProperty('important');
    // Who books reads the flag with the services' texts: the form offers important ones first.
    const flags = Object.fromEntries(
      ((await booker.query('servicesAndVasesTexts', {})).body as Row[]).map((r) => [
        r.articleCode,
        r.important,
      ]),
    );
    expect(flags).toEqual({ ECONOMY: false, EXPRESS: true, 'SVC-SIGN': false });
    // A VAS is not a service to map; an unknown article is not found.
    expect(
      refused(await texter.command('UPDATE_SERVICE_MAPPING', { id: sign, important: true })),
    ).toEqual({
      id: 'validation.notTransport',
    });
    expect(
      (await texter.command('UPDATE_SERVICE_MAPPING', { id: '999999', important: true })).status,
    ).toBe(404);
    expect((await texter.query('getServiceMappingDataById', { id: sign })).status).toBe(404);
    // A deleted service has no mapping any more.
    expect((await sys.command('DELETE_ARTICLE', { id: express })).status).toBe(200);
    await sys.settled();
    expect((await texter.query('getServiceMappingDataById', { id: express })).status).toBe(404);
    expect(
      ((await texter.query('serviceMappingData', {})).body as Row[]).map((r) => r.code),
    ).toEqual(['ECONOMY']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { accessFlags, restResources, type RestResourceName } from '@nordlog/contracts';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/** `GET /api/rest/{resource}` with ra-data-simple-rest's JSON parameters. */
const list = (
  resource: string,
  params: { sort?: unknown; range?: unknown; filter?: unknown } = {},
) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    query.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  return `/api/rest/${resource}?${query.toString()}`;
};
const names = (rows: { name: string }[]) => rows.map((r) => r.name);

describe('REST resources in the dialect of ra-data-simple-rest (GET /api/rest/{resource})', () => {
  let sys: TestSystem;
  const deps: Record<string, string> = {};
  beforeAll(async () => {
    sys = await startTestSystem();
    for (const [name, country] of [
      ['Oslo', 'NO'],
      ['Bergen', 'NO'],
      ['Stockholm', 'SE'],
      ['Aarhus', 'DK'],
      ['Helsinki', 'FI'],
    ] as const) {
      deps[name] = (
        await sys.command('CREATE_DEPARTMENT', {
          name,
          departmentType: 'courier',
          country,
          alystraId: `${country}-${name.toUpperCase()}`,
        })
      ).body.ids[0];
    }
    await sys.command('CREATE_CUSTOMER', { name: 'Fjordkraft', departmentId: deps.Oslo });
    await sys.command('CREATE_CUSTOMER', { name: 'Vasa Blommor', departmentId: deps.Stockholm });
    await sys.command('CREATE_DEPARTMENT_GROUP', {
      name: 'Norway',
      departmentIds: [deps.Oslo, deps.Bergen],
    });
    await sys.command('CREATE_CUSTOMER_GROUP', { name: 'All', customerIds: ['1', '2'] });
    for (const [country, date] of [
      ['NO', '2026-05-17'],
      ['SE', '2026-06-06'],
      ['FI', '2026-12-06'],
      ['NO', '2026-12-25'],
    ] as const)
      await sys.command('CREATE_HOLIDAY', { country, type: 'PUBLIC_HOLIDAY', date });
    await sys.command('CREATE_NUMBER_SERIES', {
      type: 'SSCC',
      companyPrefix: '7090001',
      firstSerial: 1,
      lastSerial: 10,
    });
    await sys.command('CREATE_ROLE', { name: 'Dispatch', access: ['PLANNER_DISPATCHING'] });
    for (const [code, kind] of [
      ['FREIGHT', 'FREIGHT'],
      ['STOP', 'STOP'],
    ] as const)
      await sys.command('CREATE_ARTICLE', { code, label: code, kind, group: 'TRANSPORT' });
    await sys.command('CREATE_PRICE_LIST', {
      name: 'Oslo standard',
      departmentId: deps.Oslo,
      currency: 'NOK',
      validFrom: '2026-01-01',
      lines: [{ articleCode: 'FREIGHT', customerPrice: 19_900 }],
    });
    // Content (0077): banners and news share a read model; each resource answers its own kind.
    const content = { body: { en: 'Text' }, targetRoles: ['PLANNER'], state: 'PUBLISHED' };
    await sys.command('CREATE_BANNER', { ...content, title: { en: 'Snow' }, level: 'WARNING' });
    await sys.command('CREATE_NEWS', {
      ...content,
      title: { en: 'Depot' },
      state: 'SCHEDULED',
      publishFrom: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await sys.command('CREATE_WHATS_THIS_MODAL', {
      ...content,
      title: { en: 'Holidays' },
      screen: '/admin/holidays',
    });
    // A department's week and a production time window (docs/decisions/0078).
    await sys.command('UPSERT_DEPARTMENT_TIME_WINDOW', {
      departmentId: deps.Bergen,
      bookingCutoff: '15:00',
    });
    await sys.command('ADD_PRODUCTION_TIME_WINDOW', {
      departmentId: deps.Bergen,
      name: 'Christmas',
      fromDate: '2031-12-15',
      toDate: '2031-12-23',
    });
    // A department matrix entry (docs/decisions/0079).
    await sys.command('CREATE_MATRIX_ENTRY', {
      departmentId: deps.Bergen,
      name: 'Bergen sentrum',
      postalCodeFrom: '5000',
      postalCodeTo: '5099',
      serviceCodes: ['FREIGHT'],
    });
    // Texts (docs/decisions/0081); the FREIGHT article above has its service mapping.
    await sys.command('CREATE_TEXT', { group: 'LABEL', key: 'fragile', texts: { en: 'Fragile' } });
    await sys.command('CREATE_TEXT', {
      group: 'SERVICE',
      key: 'FREIGHT',
      texts: { en: 'Freight' },
    });
    // An upsales rule offering a value-added service with the freight (docs/decisions/0087).
    const extra = await sys.command('CREATE_ARTICLE', {
      code: 'SIGN',
      label: 'Signature',
      kind: 'SERVICE',
      vasCode: 'SIGN',
      group: 'SERVICES',
    });
    expect(
      (
        await sys.command('CREATE_UPSALES_RULE', {
          name: 'Signature with freight',
          articleId: extra.body.ids[0],
          serviceCodes: ['FREIGHT'],
        })
      ).status,
    ).toBe(200);
    // A haulier with a depot (0091) and same-day home delivery of a service (0092).
    for (const [name, payload] of [
      [
        'CREATE_VENDOR',
        {
          departmentId: deps.Oslo,
          name: 'Nordic Haulage',
          country: 'NO',
          orgNumber: '923609016',
          sites: [{ code: 'OSL1', name: 'Alnabru', location: null }],
        },
      ],
      [
        'UPSERT_SHD_SETTINGS',
        { departmentId: deps.Oslo, enabled: true, serviceIds: ['FREIGHT'], dailyCapacity: 50 },
      ],
    ] as const)
      expect({ name, status: (await sys.command(name, payload)).status }).toEqual({
        name,
        status: 200,
      });
    await sys.settled();
  });

  it('content: banners, news and help modals each list their own kind, with the state as users see it', async () => {
    const titles = async (name: string, filter: Record<string, unknown> = {}) =>
      (
        (await sys.get(list(name, { filter }))).body as { title: { en: string }; state: string }[]
      ).map((r) => `${r.title.en} ${r.state}`);
    expect(await titles('cmsBanners')).toEqual(['Snow PUBLISHED']);
    expect(await titles('cmsNews')).toEqual(['Depot SCHEDULED']);
    expect(await titles('cmsHelpModals', { screen: '/admin/holidays' })).toEqual([
      'Holidays PUBLISHED',
    ]);
    expect(await titles('cmsNews', { state: 'PUBLISHED' })).toEqual([]);
    expect(await titles('cmsBanners', { q: 'snow' })).toEqual(['Snow PUBLISHED']);
  });
  afterAll(async () => sys.shutdown());

  it('getList: sort=["field","ASC"|"DESC"], an inclusive range=[start,end] and Content-Range: {resource} {start}-{end}/{total}', async () => {
    const page = await sys.get(list('departments', { sort: ['name', 'ASC'], range: [0, 1] }));
    expect(page.status).toBe(200);
    expect(names(page.body)).toEqual(['Aarhus', 'Bergen']);
    expect(page.headers.get('content-range')).toBe('departments 0-1/5');
    expect(page.headers.get('access-control-expose-headers')).toBe('Content-Range');
    const next = await sys.get(list('departments', { sort: ['name', 'ASC'], range: [2, 3] }));
    expect(names(next.body)).toEqual(['Helsinki', 'Oslo']);
    expect(next.headers.get('content-range')).toBe('departments 2-3/5');
    const last = await sys.get(list('departments', { sort: ['name', 'DESC'], range: [4, 9] }));
    expect(names(last.body)).toEqual(['Aarhus']);
    expect(last.headers.get('content-range')).toBe('departments 4-4/5');
    const beyond = await sys.get(list('departments', { range: [10, 19] }));
    expect(beyond.body).toEqual([]);
    expect(beyond.headers.get('content-range')).toBe('departments */5');
  });

  it('filter: field equality, a list means any of, q searches case-insensitively; total counts the filtered rows', async () => {
    const norway = await sys.get(
      list('departments', { filter: { country: 'NO' }, sort: ['name', 'ASC'] }),
    );
    expect(names(norway.body)).toEqual(['Bergen', 'Oslo']);
    expect(norway.headers.get('content-range')).toBe('departments 0-1/2');
    const nordic = await sys.get(
      list('departments', { filter: { country: ['SE', 'FI'] }, sort: ['country', 'ASC'] }),
    );
    expect(names(nordic.body)).toEqual(['Helsinki', 'Stockholm']);
    expect((await sys.get(list('departments', { filter: { country: [] } }))).body).toEqual([]);
    const npsless = await sys.get(list('departments', { filter: { npsId: null } }));
    expect(npsless.headers.get('content-range')).toBe('departments 0-4/5');
    const q = await sys.get(list('departments', { filter: { q: 'OSL' } }));
    expect(names(q.body)).toEqual(['Oslo']);
    const both = await sys.get(list('departments', { filter: { q: 'no', country: 'NO' } }));
    expect(names(both.body).sort()).toEqual(['Bergen', 'Oslo']);
    const holidays = await sys.get(
      list('holidays', { filter: { country: ['NO', 'FI'] }, sort: ['date', 'DESC'] }),
    );
    expect(holidays.body.map((h: { date: string }) => h.date)).toEqual([
      '2026-12-25',
      '2026-12-06',
      '2026-05-17',
    ]);
    const groups = await sys.get(
      list('departmentGroups', { filter: { departmentIds: deps.Oslo } }),
    );
    expect(names(groups.body)).toEqual(['Norway']);
    expect(
      (await sys.get(list('departmentGroups', { filter: { departmentIds: [deps.Aarhus] } }))).body,
    ).toEqual([]);
  });

  it('getMany is filter={"id":[…]}; getManyReference is a field filter', async () => {
    const many = await sys.get(list('departments', { filter: { id: [deps.Oslo, deps.Aarhus] } }));
    expect(names(many.body)).toEqual(['Aarhus', 'Oslo']);
    const customers = await sys.get(
      list('customers', { filter: { departmentId: deps.Stockholm } }),
    );
    expect(names(customers.body)).toEqual(['Vasa Blommor']);
  });

  it('getMany of every resource by its own ids and by every key it is referenced by (contracts restResources keys); a key sent as an id is 400', async () => {
    for (const name of Object.keys(restResources) as RestResourceName[]) {
      const resource = restResources[name];
      const rows = (await sys.get(list(name, { sort: ['id', 'ASC'], range: [0, 2] })))
        .body as Record<string, unknown>[];
      // A resource with no rows here would pass unseen: the setup above makes one of each.
      expect({ name, rows: rows.length > 0 }).toEqual({ name, rows: true });
      const ids = rows.map((r) => r.id);
      const byId = await sys.get(list(name, { filter: { id: ids } }));
      expect({ name, status: byId.status }).toEqual({ name, status: 200 });
      expect({ name, ids: byId.body.map((r: { id: string }) => r.id).sort() }).toEqual({
        name,
        ids: [...ids].sort(),
      });
      for (const key of resource.keys as readonly string[]) {
        expect(resource.filterFields as readonly string[]).toContain(key);
        const values = rows.map((r) => r[key]);
        const byKey = await sys.get(list(name, { filter: { [key]: values } }));
        expect({ name, key, status: byKey.status }).toEqual({ name, key, status: 200 });
        expect({ name, key, ids: byKey.body.map((r: { id: string }) => r.id).sort() }).toEqual({
          name,
          key,
          ids: [...ids].sort(),
        });
        const keyAsId = await sys.get(list(name, { filter: { id: values } }));
        expect({ name, key, status: keyAsId.status }).toEqual({ name, key, status: 400 });
      }
    }
  });

  it('getOne: GET /api/rest/{resource}/{id}, 404 for an unknown id or resource', async () => {
    const one = await sys.get(`/api/rest/departments/${deps.Bergen}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: deps.Bergen, name: 'Bergen', country: 'NO' });
    for (const path of [
      '/api/rest/departments/999999',
      '/api/rest/departments/abc',
      '/api/rest/lorries',
      '/api/rest/lorries/1',
    ]) {
      const res = await sys.get(path);
      expect(res.status).toBe(404);
      expect(res.body[0].errorType).toBe('NOT_FOUND');
    }
  });

  it('400 in the spec §8 body shape for an unknown sort field, an unknown filter, bad JSON or a bad range; nothing reaches SQL', async () => {
    for (const params of [
      { sort: ['secret', 'ASC'] },
      { sort: ['name; drop table rm_departments', 'ASC'] },
      { sort: ['name', 'SIDEWAYS'] },
      { filter: { password: 'x' } },
      { filter: '{"country":' },
      { range: [5, 1] },
      { range: 'all' },
      { filter: { id: ['1; select'] } },
    ]) {
      const res = await sys.get(list('departments', params));
      expect({ params, status: res.status }).toEqual({ params, status: 400 });
      expect(res.body).toEqual([
        { errorType: 'BAD_REQUEST', description: expect.stringMatching(/^(sort|filter|range)/) },
      ]);
    }
    expect((await sys.get(list('departments'))).body).toHaveLength(5);
  });

  it('every resource answers every sort field and every filter field it lists (contracts restResources)', async () => {
    for (const name of Object.keys(restResources) as RestResourceName[]) {
      const resource = restResources[name];
      for (const field of resource.sortFields)
        for (const order of ['ASC', 'DESC']) {
          const res = await sys.get(list(name, { sort: [field, order], range: [0, 4] }));
          expect({ name, field, status: res.status }).toEqual({ name, field, status: 200 });
          expect(res.headers.get('content-range')).toMatch(new RegExp(`^${name} `));
        }
      for (const field of resource.filterFields) {
        const res = await sys.get(list(name, { filter: { [field]: ['1', 'x'], q: 'a' } }));
        expect({ name, field, status: res.status }).toEqual({ name, field, status: 200 });
      }
    }
  });

  it('users and roles: deleted users are left out; users carry effectiveAccess', async () => {
    const id = (
      await sys.command('CREATE_USER', { name: 'Gone', phoneNumber: freshPhone(), role: 'PLANNER' })
    ).body.ids[0];
    await sys.command('DELETE_USER', { id });
    await sys.settled();
    const users = (await sys.get(list('users', { filter: { role: 'ADMIN' } }))).body;
    expect(users.length).toBeGreaterThan(0);
    expect(users[0].effectiveAccess).toHaveLength(accessFlags.length);
    expect((await sys.get(`/api/rest/users/${id}`)).status).toBe(404);
    expect(
      names((await sys.get(list('roles', { filter: { access: 'PLANNER_DISPATCHING' } }))).body),
    ).toEqual(['Dispatch']);
  });

  describe('permission and scoping: those of the resource’s query', () => {
    let planner: Session;
    beforeAll(async () => {
      const groupId = (await sys.query('departmentGroups', {})).body[0].id;
      planner = await sys.login({
        phoneNumber: freshPhone(),
        role: 'PLANNER',
        departmentIds: [deps.Stockholm, `group_${groupId}`],
      });
    });

    it('403 NO_ACCESS for a user without the flag (as for /api/query)', async () => {
      for (const name of ['numberSeries', 'users', 'roles', 'customerGroups']) {
        const res = await sys.as(planner).get(list(name));
        expect({ name, status: res.status }).toEqual({ name, status: 403 });
        expect(res.body[0].errorType).toBe('NO_ACCESS');
        expect((await sys.as(planner).get(`/api/rest/${name}/1`)).status).toBe(403);
      }
      expect((await sys.as(null).get(list('departments'))).status).toBe(401);
    });

    it('department scoping, group_{n} included: lists, totals and getOne see only the user’s departments', async () => {
      const seen = await sys.as(planner).get(list('departments', { sort: ['name', 'ASC'] }));
      expect(names(seen.body)).toEqual(['Bergen', 'Oslo', 'Stockholm']);
      expect(seen.headers.get('content-range')).toBe('departments 0-2/3');
      expect((await sys.as(planner).get(`/api/rest/departments/${deps.Aarhus}`)).status).toBe(404);
      expect((await sys.as(planner).get(`/api/rest/departments/${deps.Oslo}`)).status).toBe(200);
      const getMany = await sys
        .as(planner)
        .get(list('departments', { filter: { id: [deps.Oslo, deps.Helsinki] } }));
      expect(names(getMany.body)).toEqual(['Oslo']);
      const customers = await sys.as(planner).get(list('customers'));
      expect(names(customers.body)).toEqual(['Fjordkraft', 'Vasa Blommor']);
      expect(names((await sys.as(planner).get(list('departmentGroups'))).body)).toEqual(['Norway']);
      const holidays = await sys.as(planner).get(list('holidays'));
      expect(holidays.status).toBe(200);
      expect(holidays.headers.get('content-range')).toBe('holidays 0-3/4');
    });
  });
});

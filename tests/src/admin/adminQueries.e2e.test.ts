import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { integrationWorld, type IntegrationWorld } from '../support/apiKeys.js';
import { freshPhone, startTestSystem, type Client, type TestSystem } from '../support/system.js';

type Row = Record<string, any>;

/**
 * Checklist row 23 (issue 44), the server's side: a service mapping's flags as stored when the
 * article is created without them (spec §3), and the CMS news and customer queries of spec §7
 * answered at POST /api/query/{name}: 200 with data of their kind, 4xx without a required param
 * (or with a bad one where none is required), refused to a user without the flags.
 */
describe('admin queries and the service mapping defaults', () => {
  let sys: TestSystem;
  let w: IntegrationWorld;
  /** ADMIN_CMS_BANNERS only (news is kept with the banners). */
  let newsAdmin: Client;
  /** ADMIN_CUSTOMER and ADMIN_PRE_ADVICE: the customers' administrator. */
  let customerAdmin: Client;
  /** A planner who books: none of these queries. */
  let booker: Client;
  let texter: Client;

  beforeAll(async () => {
    sys = await startTestSystem();
    w = await integrationWorld(sys);
    const user = async (role: string, access: string[]) =>
      sys.as(
        await sys.login({ phoneNumber: freshPhone(), role, access, departmentIds: [w.department] }),
      );
    newsAdmin = await user('ADMIN', ['ADMIN_CMS_BANNERS']);
    customerAdmin = await user('ADMIN', ['ADMIN_CUSTOMER', 'ADMIN_PRE_ADVICE']);
    booker = await user('PLANNER', ['PLANNER_BOOKING']);
    texter = await user('ADMIN', ['ADMIN_TEXTS']);
    await sys.settled();
  }, 60_000);
  afterAll(async () => sys.shutdown());

  /** The stored row of a service's mapping (the read model's jsonb). */
  const storedMapping = async (id: string) => {
    await sys.settled();
    const row = await sys.db.knex('rm_service_mappings').where({ id }).first('data');
    return row?.data as Row | undefined;
  };
  const newService = async (code: string) => {
    const res = await sys.command('CREATE_ARTICLE', {
      code,
      label: code,
      kind: 'FREIGHT',
      group: 'TRANSPORT',
    });
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };

  it('S3-ENT-058 a service mapping created without important is stored with important false, and stays false when another flag is set', async () => {
    const id = await newService('DEF-IMPORTANT');
    expect(await storedMapping(id)).toMatchObject({ code: 'DEF-IMPORTANT', important: false });
    expect(
      (await texter.command('UPDATE_SERVICE_MAPPING', { id, allowFlexDelivery: false })).status,
    ).toBe(200);
    expect(await storedMapping(id)).toMatchObject({ important: false, allowFlexDelivery: false });
    const read = await texter.query('getServiceMappingDataById', { id });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id, important: false });
  });

  it('S3-ENT-059 a service mapping created without allowFlexDelivery is stored with allowFlexDelivery true, and stays true when another flag is set', async () => {
    const id = await newService('DEF-FLEX');
    expect(await storedMapping(id)).toMatchObject({ code: 'DEF-FLEX', allowFlexDelivery: true });
    expect((await texter.command('UPDATE_SERVICE_MAPPING', { id, important: true })).status).toBe(
      200,
    );
    expect(await storedMapping(id)).toMatchObject({ important: true, allowFlexDelivery: true });
    const read = await texter.query('getServiceMappingDataById', { id });
    expect(read.body).toMatchObject({ id, allowFlexDelivery: true });
  });

  it('S7-CALL-068 cmsNews: every news item, drafts too, to the content administrator; a param it does not take is a 400; others are refused', async () => {
    const created = await newsAdmin.command('CREATE_NEWS', {
      title: { en: 'Depot moves' },
      body: { en: 'From Monday at Alnabru.' },
      targetRoles: ['PLANNER'],
      state: 'DRAFT',
    });
    expect(created.status).toBe(200);
    const id = String(created.body.ids[0]);
    await sys.settled();
    const news = await newsAdmin.query('cmsNews', {});
    expect(news.status).toBe(200);
    expect(Array.isArray(news.body)).toBe(true);
    expect((news.body as Row[]).find((n) => n.id === id)).toMatchObject({
      id,
      state: 'DRAFT',
      title: expect.objectContaining({ en: 'Depot moves' }),
    });
    expect((await newsAdmin.query('cmsNews', { id })).status).toBe(400);
    expect((await booker.query('cmsNews', {})).status).toBe(403);
    expect((await customerAdmin.query('cmsNews', {})).status).toBe(403);
  });

  it('S7-CALL-085 getCustomersWithTimeMatrix, customerEventEmail, customerMigrationStatus and customerExternalCustomerNumbers answer with their kind of data; a missing or bad param is a 400; a booking planner is refused', async () => {
    const entry = await sys.command('CREATE_MATRIX_ENTRY', {
      departmentId: w.department,
      name: 'Oslo',
      postalCodeFrom: '0150',
      postalCodeTo: '0399',
      serviceCodes: ['EXPRESS'],
    });
    expect(entry.status).toBe(200);
    await sys.settled();

    const matrix = await customerAdmin.query('getCustomersWithTimeMatrix', {});
    expect(matrix.status).toBe(200);
    expect((matrix.body as Row[]).map((c) => c.id)).toEqual(
      expect.arrayContaining([w.main, w.other]),
    );
    // Its one param is optional: a bad one is the 400.
    expect(
      (await customerAdmin.query('getCustomersWithTimeMatrix', { departmentIds: 'x' })).status,
    ).toBe(400);

    const email = await customerAdmin.query('customerEventEmail', { customerId: w.main });
    expect(email.status).toBe(200);
    expect(email.body).toMatchObject({ policyId: null, texts: [] });

    const migration = await customerAdmin.query('customerMigrationStatus', {
      customerId: w.main,
    });
    expect(migration.status).toBe(200);
    expect(migration.body).toMatchObject({
      customerId: w.main,
      status: 'NOT_STARTED',
      hdInvoicingFromDate: null,
    });

    const numbers = await customerAdmin.query('customerExternalCustomerNumbers', {
      customerId: w.main,
    });
    expect(numbers.status).toBe(200);
    expect(numbers.body).toMatchObject({ customerId: w.main, numbers: expect.any(Array) });

    for (const name of [
      'customerEventEmail',
      'customerMigrationStatus',
      'customerExternalCustomerNumbers',
    ]) {
      const missing = await customerAdmin.query(name, {});
      expect({ name, status: missing.status }).toEqual({ name, status: 400 });
    }
    for (const [name, params] of [
      ['getCustomersWithTimeMatrix', {}],
      ['customerEventEmail', { customerId: w.main }],
      ['customerMigrationStatus', { customerId: w.main }],
      ['customerExternalCustomerNumbers', { customerId: w.main }],
    ] as const) {
      const refused = await booker.query(name, params);
      expect({ name, status: refused.status }).toEqual({ name, status: 403 });
    }
  });
});

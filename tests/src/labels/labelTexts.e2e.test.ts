import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { migrate } from '@nordlog/platform';
import { readModelMigrations } from '@nordlog/projector';
import type { OrderLabelRow } from '@nordlog/contracts';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { startTestSystem, type TestSystem } from '../support/system.js';

/**
 * The LABEL texts and the service code on the labels (docs/decisions/0097): a label prints the
 * order's concrete service code (0093) and the LABEL texts of its extras and the footer, in the
 * delivery country's language, placeholders filled per package; the shipments grid's row carries
 * the code, and grid migration 0009 gives it to the rows stored before it.
 */
describe('LABEL texts and service codes on labels', () => {
  let sys: TestSystem;
  let dep: string;
  let customer: string;

  const book = async (over: Record<string, unknown>) => {
    const res = await sys.command('CREATE_ORDER', {
      departmentId: dep,
      customerId: customer,
      pickupDate: bookingDate(2),
      deliveryTimeEarliest: '10:00',
      deliveryTimeLatest: '14:00',
      pickup: { ...osloAddress, name: 'Lager Alnabru' },
      delivery: { ...osloAddress, name: 'Kari Nordmann' },
      measurements: [{ weight: 30, quantity: 2 }],
      ...over,
    });
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };
  const text = (key: string, texts: Record<string, string>) =>
    sys.command('CREATE_TEXT', { group: 'LABEL', key, texts });

  beforeAll(async () => {
    sys = await startTestSystem();
    dep = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo sentrum',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0];
    customer = (await sys.command('CREATE_CUSTOMER', { name: 'Havn Logistikk', departmentId: dep }))
      .body.ids[0];
    await configureNumberSeries(sys);
    const article = await sys.command('CREATE_ARTICLE', {
      group: 'TRANSPORT',
      code: 'HD',
      label: 'Home delivery',
      kind: 'FREIGHT',
    });
    expect(article.status).toBe(200);
    const mapped = await sys.command('UPDATE_SERVICE_MAPPING', {
      id: article.body.ids[0],
      serviceCode: 'HD{W}{E}',
    });
    expect(mapped.status).toBe(200);
    for (const res of [
      await text('FRAGILE', {
        en: 'FRAGILE {packageId}',
        nb: 'SKJØRT {packageId} i {shipmentId}',
      }),
      await text('footer', { en: '{customerName} via {departmentName}' }),
      await text('COLD', { en: 'Keep cold' }),
    ])
      expect(res.status).toBe(200);
  }, 60_000);
  afterAll(async () => sys?.shutdown());

  it('every page of a label carries its LABEL texts in the delivery country’s language, filled, and the service code', async () => {
    const order = await book({
      serviceId: 'HD',
      additionalServices: [{ vasCode: 'FRAGILE', quantity: 1 }],
    });
    const res = await sys.command('CREATE_LABEL', { orderId: order });
    expect(res.status).toBe(200);
    await sys.settled();
    const [document] = (await sys.query('labelUrls', { orderIds: [order] }))
      .body as OrderLabelRow[];
    const pages = document!.pages;
    expect(pages).toHaveLength(2);
    for (const page of pages)
      expect({ serviceCode: page.serviceCode, texts: page.texts }).toEqual({
        serviceCode: 'HD150-D',
        texts: [`SKJØRT ${page.packageId} i ${page.shipmentId}`, 'Havn Logistikk via Oslo sentrum'],
      });
    expect(new Set(pages.map((p) => p.texts![0])).size).toBe(2);

    // The grid's row carries the same code.
    const rows = (await sys.query('consignments', { ids: [order] })).body;
    expect(rows.find((r: { id: string }) => r.id === order)?.serviceCode).toBe('HD150-D');
  });

  it('grid migration 0009 gives the rows stored before it their order’s service code, else the service’s, else none', async () => {
    const coded = await book({ serviceId: 'HD' });
    const plain = await book({ serviceId: 'EXPRESS' });
    const none = await book({});
    await sys.settled();
    const knex = sys.db.knex;
    const ids = [coded, plain, none];
    const stored = async () =>
      Object.fromEntries(
        (
          await knex('rm_consignment_grid')
            .whereIn('id', ids)
            .select<{ id: string; data: Record<string, unknown> }[]>('id', 'data')
        ).map((r) => [String(r.id), r.data]),
      );
    const live = await stored();
    expect(ids.map((id) => live[id]!.serviceCode)).toEqual(['HD150-D', 'EXPRESS', null]);
    await knex.raw(`update rm_consignment_grid set data = data - 'serviceCode'`);
    expect('serviceCode' in (await stored())[coded]!).toBe(false);
    await knex('migrations_consignmentGrid')
      .where('name', '0009_rm_consignment_grid_service_code')
      .delete();
    const set = readModelMigrations.find((m) => m.table === 'migrations_consignmentGrid')!;
    await migrate(knex, set.migrations, set.table);
    expect(await stored()).toEqual(live);
  });
});

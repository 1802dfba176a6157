import { expect } from '@jest/globals';
import { waitForInvoicingRun } from '../../support/invoicing.js';
import { type TestSystem } from '../../support/system.js';
import { DATE, type World } from './world.js';

/** Articles, texts, service mappings, upsales rules, vendors and price lists. */
export async function changeCatalogue(sys: TestSystem, world: World): Promise<void> {
  const { oslo, bergen, theirs } = world;
  // An article and price lists of Oslo, of Bergen and of a customer (docs/decisions/0030).
  expect(
    (
      await sys.command('CREATE_ARTICLE', {
        code: 'FREIGHT',
        label: 'Freight',
        kind: 'FREIGHT',
        group: 'TRANSPORT',
      })
    ).status,
  ).toBe(200);
  // A text of a service and one of labels, one updated; the service's mapping set (0081).
  const text = await sys.command('CREATE_TEXT', {
    group: 'SERVICE',
    key: 'FREIGHT',
    texts: { en: 'Freight', nb: 'Frakt' },
  });
  expect(text.status).toBe(200);
  expect(
    (await sys.command('UPDATE_TEXT', { id: text.body.ids[0], texts: { en: 'Road freight' } }))
      .status,
  ).toBe(200);
  expect(
    (
      await sys.command('CREATE_TEXT', {
        group: 'LABEL',
        key: 'fragile',
        texts: { en: 'Fragile: {shipmentId}' },
      })
    ).status,
  ).toBe(200);
  await sys.settled();
  const freight = (await sys.query('serviceMappingData', {})).body as { id: string }[];
  expect(freight.length).toBeGreaterThan(0);
  expect(
    (await sys.command('UPDATE_SERVICE_MAPPING', { id: freight[0]!.id, important: true })).status,
  ).toBe(200);
  // An upsales rule offering a value-added service with the freight, switched off (0087).
  const vas = await sys.command('CREATE_ARTICLE', {
    code: 'EVENING',
    label: 'Evening delivery',
    kind: 'SERVICE',
    vasCode: 'EVE',
    group: 'SERVICES',
  });
  expect(vas.status).toBe(200);
  const rule = await sys.command('CREATE_UPSALES_RULE', {
    name: 'Evening with freight',
    articleId: vas.body.ids[0],
    serviceCodes: ['FREIGHT'],
  });
  expect(rule.status).toBe(200);
  expect((await sys.command('DISABLE_UPSALES_RULE', { id: rule.body.ids[0] })).status).toBe(200);
  // A vendor of each department, one renamed and one deleted (0091).
  for (const departmentId of [oslo, bergen]) {
    const vendor = await sys.command('CREATE_VENDOR', {
      departmentId,
      name: `Haulier ${departmentId}`,
      country: 'NO',
      orgNumber: '923609016',
      sites: [{ code: 'D1', name: 'Depot' }],
    });
    expect(vendor.status).toBe(200);
    const id = vendor.body.ids[0] as string;
    const change =
      departmentId === oslo
        ? sys.command('UPDATE_VENDOR', { id, name: 'Oslo haulier' })
        : sys.command('DELETE_VENDOR', { id });
    expect((await change).status).toBe(200);
  }
  for (const owner of [{ departmentId: oslo }, { departmentId: bergen }, { customerId: theirs }])
    expect(
      (
        await sys.command('CREATE_PRICE_LIST', {
          name: `Prices ${JSON.stringify(owner)}`,
          ...owner,
          currency: 'NOK',
          validFrom: DATE,
          lines: [{ articleCode: 'FREIGHT', customerPrice: 25_000 }],
        })
      ).status,
    ).toBe(200);
}

/** Billing orders, invoicing runs, a paused order and a correction. */
export async function changeInvoicing(sys: TestSystem, world: World, a: string): Promise<void> {
  const { oslo, bergen, mine, theirs } = world;
  // Billing orders of both departments and customers, invoiced by a run of each department;
  // an order's invoicing paused and a correction proposed (events of the order's stream).
  for (const [departmentId, customerId] of [
    [oslo, mine],
    [oslo, theirs],
    [bergen, theirs],
  ] as const)
    expect(
      (
        await sys.command('CREATE_BILLING_ORDER', {
          departmentId,
          customerId,
          deliveryDate: DATE,
          items: [
            { specification: 'Storage', quantity: 1, customerAmount: 99, articleCode: 'STORE' },
          ],
        })
      ).status,
    ).toBe(200);
  for (const departmentId of [oslo, bergen]) {
    const run = await sys.command('START_INVOICING_RUN', {
      departmentId,
      fromDate: DATE,
      toDate: DATE,
    });
    expect(run.status).toBe(200);
    await waitForInvoicingRun(sys, departmentId, run.body.ids[0], 'COMPLETED');
  }
  expect(
    (await sys.command('PAUSE_ORDER_INVOICING', { orderIds: [a], reason: 'Dispute' })).status,
  ).toBe(200);
  expect(
    (
      await sys.command('CREATE_ORDER_CORRECTION', {
        orderId: a,
        numberOfPackages: 2,
        volumeDmq: 30,
        weightKilograms: 4,
      })
    ).status,
  ).toBe(200);
}

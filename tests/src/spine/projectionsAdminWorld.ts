import { expect } from '@jest/globals';
import { EventStoreNumberAllocator } from '@nordlog/command-service';
import { meta } from '../eventStore/contract.js';
import { freshPhone, type TestSystem } from '../support/system.js';

/** A command that must succeed, answering the id it made. */
export const madeBy = (sys: TestSystem) => async (name: string, payload: object) => {
  const res = await sys.command(name, payload);
  expect({ name, status: res.status }).toEqual({ name, status: 200 });
  return res.body.ids[0] as string;
};

/**
 * The projections world's administration of a department (jobs, content, its calendar and its
 * matrix), each kind made, changed and deleted, so that a redelivered event must not bring a
 * deleted row back.
 */
export async function adminCalendarWorld(sys: TestSystem, dep: string): Promise<void> {
  const made = madeBy(sys);
  // A job switched off and on again (0076); a banner, news and a help text made, one of each
  // changed and one deleted (0077).
  const content = (title: string) => ({
    title: { en: title },
    body: { en: 'Text.' },
    targetRoles: ['PLANNER'],
    state: 'DRAFT',
    publishFrom: '2027-01-01T08:00:00Z',
    publishTo: null,
  });
  await made('DISABLE_JOB', { job: 'RETENTION' });
  await made('ENABLE_JOB', { job: 'RETENTION' });
  for (const [kind, extra] of [
    ['BANNER', { level: 'INFO' }],
    ['NEWS', {}],
    ['WHATS_THIS_MODAL', { screen: '/admin/holidays' }],
  ] as const) {
    const kept = await made(`CREATE_${kind}`, { ...content(kind), ...extra });
    const gone = await made(`CREATE_${kind}`, { ...content(`${kind} 2`), ...extra });
    await made(`UPDATE_${kind}`, { id: kept, state: 'PUBLISHED', publishFrom: null });
    await made(`DELETE_${kind}`, { id: gone });
  }
  // The department's week set twice, production time windows added, one edited, one deleted
  // (0078).
  await made('UPSERT_DEPARTMENT_TIME_WINDOW', { departmentId: dep, bookingCutoff: '15:00' });
  await made('UPSERT_DEPARTMENT_TIME_WINDOW', {
    departmentId: dep,
    deliveryHours: [{ weekday: 'MON', start: '08:00', end: '16:00' }],
  });
  const peak = await made('ADD_PRODUCTION_TIME_WINDOW', {
    departmentId: dep,
    name: 'Peak',
    fromDate: '2031-12-01',
    toDate: '2031-12-20',
  });
  const closed = await made('ADD_PRODUCTION_TIME_WINDOW', {
    departmentId: dep,
    name: 'Closed',
    fromDate: '2032-01-02',
    toDate: '2032-01-03',
  });
  await made('EDIT_PRODUCTION_TIME_WINDOW', { id: peak, toDate: '2031-12-23' });
  await made('DELETE_PRODUCTION_TIME_WINDOW', { id: closed });
  // Department matrix entries: two added, one updated, one deleted (0079).
  const near = await made('CREATE_MATRIX_ENTRY', {
    departmentId: dep,
    name: 'Sentrum',
    postalCodeFrom: '0150',
    postalCodeTo: '0199',
    serviceCodes: ['EXPRESS'],
    deliveryWeekdays: ['MON', 'THU'],
  });
  const far = await made('CREATE_MATRIX_ENTRY', {
    departmentId: dep,
    name: 'Nord',
    postalCodeFrom: '9000',
    postalCodeTo: '9999',
    serviceCodes: ['ECONOMY'],
    leadTimeDays: 3,
  });
  await made('UPDATE_MATRIX_ENTRY', { id: near, postalCodeTo: '0299', leadTimeDays: 0 });
  await made('DELETE_MATRIX_ENTRY', { id: far });
}

/**
 * The projections world's reference data: groups, holidays, articles and price lists, the
 * services' mapping, texts, upsales rules and vendors (a unit at a vendor's site), each kind made,
 * changed and deleted.
 */
export async function adminReferenceWorld(
  sys: TestSystem,
  dep: string,
  cust: string,
  unitId: string,
): Promise<void> {
  // Admin reference data, deletions included: a redelivered event must not bring a deleted row back.
  for (const name of ['Norway', 'Gone']) {
    const group = (await sys.command('CREATE_DEPARTMENT_GROUP', { name, departmentIds: [dep] }))
      .body.ids[0];
    await sys.command('UPDATE_DEPARTMENT_GROUP', { id: group, description: 'changed' });
    if (name === 'Gone') await sys.command('DELETE_DEPARTMENT_GROUP', { id: group });
    const customers = (await sys.command('CREATE_CUSTOMER_GROUP', { name, customerIds: [cust] }))
      .body.ids[0];
    if (name === 'Gone') await sys.command('DELETE_CUSTOMER_GROUP', { id: customers });
  }
  const holiday = { country: 'NO', type: 'PUBLIC_HOLIDAY', date: '2026-05-17' };
  // Articles and price lists, one of each deleted (docs/decisions/0030); the services'
  // mapping of the transport articles, one set, one deleted with its article (0081).
  for (const code of ['FREIGHT', 'KG', 'GONE']) {
    const article = (
      await sys.command('CREATE_ARTICLE', {
        code,
        label: code,
        kind: code === 'KG' ? 'WEIGHT' : 'FREIGHT',
        group: 'TRANSPORT',
      })
    ).body.ids[0];
    if (code !== 'KG')
      await sys.command('UPDATE_SERVICE_MAPPING', { id: article, important: true });
    await sys.command('UPDATE_ARTICLE', { id: article, label: `${code} (road)` });
    if (code !== 'FREIGHT') await sys.command('DELETE_ARTICLE', { id: article });
  }
  // Texts: two made, one reworded, one deleted (0081).
  const text = (
    await sys.command('CREATE_TEXT', {
      group: 'SERVICE',
      key: 'FREIGHT',
      texts: { en: 'Freight' },
    })
  ).body.ids[0];
  const label = (
    await sys.command('CREATE_TEXT', { group: 'LABEL', key: 'fragile', texts: { en: 'Fragile' } })
  ).body.ids[0];
  await sys.command('UPDATE_TEXT', { id: text, texts: { en: 'Freight', nb: 'Frakt' } });
  await sys.command('DELETE_TEXT', { id: label });
  // Upsales rules of a VAS article: one edited and switched off and on, one deleted (0087).
  const extra = (
    await sys.command('CREATE_ARTICLE', {
      code: 'EVE',
      label: 'Evening',
      kind: 'SERVICE',
      vasCode: 'EVE',
      group: 'TRANSPORT',
    })
  ).body.ids[0];
  for (const name of ['Evening in Oslo', 'Gone']) {
    const rule = (
      await sys.command('CREATE_UPSALES_RULE', { name, articleId: extra, weightToKg: 20 })
    ).body.ids[0];
    if (name === 'Gone') await sys.command('DELETE_UPSALES_RULE', { id: rule });
    else {
      await sys.command('UPDATE_UPSALES_RULE', { id: rule, priority: 2 });
      await sys.command('DISABLE_UPSALES_RULE', { id: rule });
      await sys.command('ENABLE_UPSALES_RULE', { id: rule });
    }
  }
  // Vendors of the department: one edited with units at its site, one deleted (0091).
  for (const name of ['Haulier', 'Gone']) {
    const vendor = (
      await sys.command('CREATE_VENDOR', {
        departmentId: dep,
        name,
        country: 'NO',
        orgNumber: '923609016',
        sites: [{ code: 'D1', name: 'Depot' }],
      })
    ).body.ids[0];
    if (name === 'Gone') await sys.command('DELETE_VENDOR', { id: vendor });
    else {
      await sys.command('UPDATE_VENDOR', { id: vendor, email: 'ops@haulier.example' });
      await sys.command('CONNECT_UNITS_TO_VENDOR_SITE', {
        vendorId: vendor,
        siteCode: 'D1',
        unitIds: [unitId],
      });
    }
  }
  for (const name of ['Oslo', 'Gone']) {
    const list = (
      await sys.command('CREATE_PRICE_LIST', {
        name,
        departmentId: dep,
        currency: 'NOK',
        validFrom: '2026-01-01',
        lines: [{ articleCode: 'FREIGHT', customerPrice: 19_900 }],
      })
    ).body.ids[0];
    await sys.command('UPDATE_PRICE_LIST', { id: list, validTo: '2026-12-31' });
    if (name === 'Gone') await sys.command('DELETE_PRICE_LIST', { id: list });
  }
  const holidayId = (await sys.command('CREATE_HOLIDAY', holiday)).body.ids[0];
  await sys.command('DELETE_HOLIDAY', { id: holidayId });
  await sys.command('CREATE_HOLIDAY', holiday);
  await sys.command('CREATE_HOLIDAY', { ...holiday, date: '2026-12-25' });
  await sys.command('DELETE_HOLIDAY', {
    id: (await sys.command('CREATE_HOLIDAY', { ...holiday, type: 'NO_PICKUP' })).body.ids[0],
  });
  const series = async (companyPrefix: string) =>
    (
      await sys.command('CREATE_NUMBER_SERIES', {
        type: 'SSCC',
        companyPrefix,
        firstSerial: 1,
        lastSerial: 100,
      })
    ).body.ids[0] as string;
  const kept = await series('7090001');
  const dropped = await series('7090002');
  const allocator = new EventStoreNumberAllocator(sys.store);
  for (const id of [kept, kept, dropped]) await allocator.allocate(id, 3, meta());
  await sys.command('DELETE_NUMBER_SERIES', { id: dropped });
  const courier = await sys.login({ phoneNumber: freshPhone(), role: 'COURIER', courierId: '7' });
  for (const minute of ['01', '02'])
    await sys.as(courier).command('SET_COURIER_LOCATION', {
      courierId: '7',
      latitude: 59.9,
      longitude: 10.7,
      accuracy: 10,
      timestamp: `2026-11-22T08:${minute}:00Z`,
    });
}

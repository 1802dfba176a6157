import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OrderPrice } from '@nordlog/contracts';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * Prices through the API (issue 18 §1; docs/decisions/0030-prices.md): articles and price lists
 * are commands; `orderPrice` prices a booked order from its current state on the list that applies
 * (the customer's, its group's, its department's), with its corrections; `multiStopOrderPrice`
 * prices a trip. Who may do what follows the permission table.
 */
describe('prices', () => {
  let sys: TestSystem;
  let oslo: string;
  let kunde: string;
  let other: string;
  let accounting: Session;
  let planner: Session;
  const date = bookingDate(3);

  const ok = async (name: string, payload: unknown, as: Session | null = null) => {
    const res = await (as ? sys.as(as) : sys).command(name, payload);
    expect({ name, status: res.status, body: res.status === 200 ? null : res.body }).toEqual({
      name,
      status: 200,
      body: null,
    });
    return res.body.ids[0] as string;
  };
  const book = async (customerId: string, over: Record<string, unknown> = {}) =>
    ok('CREATE_ORDER', {
      departmentId: oslo,
      customerId,
      pickupDate: date,
      pickup: osloAddress,
      delivery: { ...osloAddress, zipCode: '0355' },
      measurements: [{ weight: 12, quantity: 1 }],
      ...over,
    });
  const priceOf = async (orderId: string, as: Session | null = null): Promise<OrderPrice> => {
    await sys.settled();
    const res = await (as ? sys.as(as) : sys).query('orderPrice', { orderId });
    expect(res.status).toBe(200);
    return res.body as OrderPrice;
  };
  const amounts = (p: OrderPrice) => p.lines.map((l) => [l.articleCode, l.customerAmount]);

  beforeAll(async () => {
    sys = await startTestSystem();
    oslo = await ok('CREATE_DEPARTMENT', {
      name: 'Oslo',
      departmentType: 'courier',
      country: 'NO',
    });
    kunde = await ok('CREATE_CUSTOMER', { name: 'Apotek 1', departmentId: oslo });
    other = await ok('CREATE_CUSTOMER', { name: 'Bokhandel', departmentId: oslo });
    await configureNumberSeries(sys);
    accounting = await sys.login({
      phoneNumber: freshPhone(),
      role: 'ACCOUNTING',
      departmentIds: [],
    });
    planner = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [oslo],
    });
    for (const [code, kind, group, vasCode] of [
      ['FREIGHT', 'FREIGHT', 'TRANSPORT', null],
      ['KG', 'WEIGHT', 'TRANSPORT', null],
      ['SIGN', 'SERVICE', 'SERVICES', 'SIGN'],
      ['ADR', 'DANGEROUS_GOODS', 'ADR', null],
      ['DISCOUNT', 'CREDIT', 'CREDITS', null],
    ] as const)
      await ok('CREATE_ARTICLE', { code, label: code, kind, group, vasCode });
  }, 60_000);
  afterAll(async () => sys?.shutdown());

  it('S7-CALL-104 orderPrice: the department’s list by zone and weight, services and ADR, corrections and VAT, in whole øre', async () => {
    await ok('CREATE_PRICE_LIST', {
      name: 'Oslo 2026',
      departmentId: oslo,
      currency: 'NOK',
      validFrom: '2026-01-01',
      zones: [
        { code: 'CITY', country: 'NO', fromZip: '0001', toZip: '1299' },
        { code: 'REGION', country: 'NO', fromZip: '1300', toZip: '3999' },
      ],
      lines: [
        { articleCode: 'FREIGHT', zone: 'CITY', customerPrice: 19_900, resourcePrice: 14_000 },
        {
          articleCode: 'FREIGHT',
          zone: 'CITY',
          from: 35,
          customerPrice: 34_900,
          resourcePrice: 25_000,
        },
        { articleCode: 'FREIGHT', zone: 'REGION', customerPrice: 29_900, resourcePrice: 21_000 },
        { articleCode: 'KG', from: 100, per: 'UNIT', customerPrice: 150, resourcePrice: 90 },
        { articleCode: 'SIGN', per: 'UNIT', customerPrice: 2_500 },
        { articleCode: 'ADR', customerPrice: 45_000, resourcePrice: 20_000 },
      ],
    });
    const light = await book(kunde);
    const p = await priceOf(light);
    expect(p).toMatchObject({
      currency: 'NOK',
      zone: 'CITY',
      errors: [],
      customerNet: 19_900,
      vat: 4_975,
      customerGross: 24_875,
    });
    expect(amounts(p)).toEqual([['FREIGHT', 19_900]]);
    const heavy = await book(kunde, {
      measurements: [{ weight: 60, quantity: 2 }],
      additionalServices: [{ vasCode: 'SIGN', quantity: 1 }],
      adrGoods: [
        { hazardIdentifier: 'UN1203', hazardClass: '3', technicalName: 'Petrol', netWeightKg: 5 },
      ],
      delivery: { ...osloAddress, zipCode: '1400', zipArea: 'Ski' },
    });
    const h = await priceOf(heavy);
    expect(h.zone).toBe('REGION');
    expect(amounts(h)).toEqual([
      ['ADR', 45_000],
      ['FREIGHT', 29_900],
      ['KG', 18_000],
      ['SIGN', 2_500],
    ]);
    expect(h.customerNet).toBe(95_400);
    // A price correction (the order form's field) replaces the freight; a credit may be negative.
    const edited = await sys.command('UPDATE_ORDER', {
      orderId: heavy,
      correctedArticlePrices: [
        { articleCode: 'FREIGHT', customerPrice: 250, resourcePrice: 200 },
        { articleCode: 'DISCOUNT', articleLabel: 'Goodwill', customerPrice: -100 },
      ],
    });
    expect(edited.status).toBe(200);
    const c = await priceOf(heavy);
    expect(c.lines.find((l) => l.articleCode === 'FREIGHT')).toMatchObject({
      customerAmount: 25_000,
      resourceAmount: 20_000,
      corrected: true,
    });
    expect(c.lines.find((l) => l.articleCode === 'DISCOUNT')).toMatchObject({
      customerAmount: -10_000,
      label: 'Goodwill',
    });
    expect(c.customerNet).toBe(45_000 + 25_000 + 18_000 + 2_500 - 10_000);
    // Priced twice, the same lines.
    expect(await priceOf(heavy)).toEqual(c);
  });

  it('the customer’s own list before its group’s before the department’s; outside every list the price says why', async () => {
    const group = await ok('CREATE_CUSTOMER_GROUP', { name: 'Bokhandlere', customerIds: [other] });
    await ok('CREATE_PRICE_LIST', {
      name: 'Bokhandlere',
      customerGroupId: group,
      currency: 'NOK',
      validFrom: '2026-01-01',
      lines: [{ articleCode: 'FREIGHT', customerPrice: 15_000 }],
    });
    const own = await ok('CREATE_PRICE_LIST', {
      name: 'Apotek 1 avtale',
      customerId: kunde,
      currency: 'NOK',
      validFrom: '2026-01-01',
      lines: [{ articleCode: 'FREIGHT', customerPrice: 9_900 }],
    });
    expect(amounts(await priceOf(await book(kunde)))).toEqual([['FREIGHT', 9_900]]);
    expect(amounts(await priceOf(await book(other)))).toEqual([['FREIGHT', 15_000]]);
    // The customer's list ends before the order's day: the department's applies again.
    await ok('UPDATE_PRICE_LIST', { id: own, validTo: '2026-01-31' });
    expect(amounts(await priceOf(await book(kunde)))).toEqual([['FREIGHT', 19_900]]);
    // A customer of a department without a list: no price, and why.
    const bergen = await ok('CREATE_DEPARTMENT', {
      name: 'Bergen',
      departmentType: 'courier',
      country: 'NO',
    });
    const there = await ok('CREATE_CUSTOMER', { name: 'Fisk AS', departmentId: bergen });
    const lone = await book(there, { departmentId: bergen });
    const none = await priceOf(lone);
    expect(none).toMatchObject({
      priceListId: null,
      lines: [],
      customerNet: 0,
      errors: [{ code: 'NO_PRICE_LIST', subject: null }],
    });
  });

  it('S7-CALL-104 multiStopOrderPrice: a trip of one customer’s orders is one freight on the trip’s weight with a line per extra stop', async () => {
    await ok('CREATE_ARTICLE', {
      code: 'STOP',
      label: 'Extra stop',
      kind: 'STOP',
      group: 'TRANSPORT',
    });
    const dep = (await sys.query('priceLists', { departmentId: oslo })).body[0] as {
      id: string;
      lines: unknown[];
    };
    await ok('UPDATE_PRICE_LIST', {
      id: dep.id,
      lines: [...dep.lines, { articleCode: 'STOP', per: 'UNIT', customerPrice: 5_000 }],
    });
    const a = await book(other, { measurements: [{ weight: 20 }] });
    const b = await book(other, { measurements: [{ weight: 20 }] });
    await sys.settled();
    const trip = await sys.query('multiStopOrderPrice', { orderIds: [a, b] });
    const pair = [
      await book(kunde, { measurements: [{ weight: 20 }] }),
      await book(kunde, { measurements: [{ weight: 20 }] }),
    ];
    await sys.settled();
    const onDepartmentList = await sys.query('multiStopOrderPrice', { orderIds: pair });
    // Apotek 1's own list has ended (previous test): the department's list, 40 kg, one extra stop.
    expect({
      status: onDepartmentList.status,
      body: onDepartmentList.status === 200 ? null : onDepartmentList.body,
    }).toEqual({ status: 200, body: null });
    expect(amounts(onDepartmentList.body as OrderPrice)).toEqual([
      ['FREIGHT', 34_900],
      ['STOP', 5_000],
    ]);
    expect(trip.status).toBe(200);
    // The customer's group list applies: it prices freight only (no STOP line), once for the trip.
    expect((trip.body as OrderPrice).orderIds).toEqual([a, b]);
    expect(amounts(trip.body as OrderPrice)).toEqual([['FREIGHT', 15_000]]);
    const mixed = await sys.query('multiStopOrderPrice', { orderIds: [a, pair[0]] });
    expect(mixed.status).toBe(400);
  });

  it('S7-CALL-061 S7-CALL-071 prices are kept by invoicing users of every department; a planner reads the price of its own orders only', async () => {
    const order = await book(kunde);
    // A planner books and sees prices of its department's orders, but keeps no price lists.
    expect((await priceOf(order, planner)).currency).toBe('NOK');
    const refused = await sys
      .as(planner)
      .command('CREATE_ARTICLE', { code: 'X', label: 'X', kind: 'FREIGHT', group: 'T' });
    expect(refused.status).toBe(403);
    const customerUser = await sys.login({
      phoneNumber: freshPhone(),
      role: 'CUSTOMER',
      customerId: kunde,
      departmentIds: [oslo],
    });
    expect((await sys.as(customerUser).query('priceLists', {})).status).toBe(403);
    // A customer user sees the price of its own orders, not of another customer's.
    expect((await priceOf(order, customerUser)).customerNet).toBeGreaterThan(0);
    expect(
      (await sys.as(customerUser).query('orderPrice', { orderId: await book(other) })).status,
    ).toBe(404);
    // An accounting user limited to some departments may not keep the catalogue either.
    expect(
      (
        await sys
          .as(accounting)
          .command('CREATE_ARTICLE', { code: 'Y', label: 'Y', kind: 'FREIGHT', group: 'T' })
      ).status,
    ).toBe(403);
    expect((await sys.as(accounting).query('priceLists', {})).status).toBe(200);
    const inGroup = await sys
      .as(accounting)
      .query('articlesInArticleGroup', { group: 'TRANSPORT' });
    expect((inGroup.body as { code: string }[]).map((a) => a.code)).toEqual([
      'FREIGHT',
      'KG',
      'STOP',
    ]);
    const forOrder = await sys.as(planner).query('articles', { orderId: order });
    expect((forOrder.body as { code: string }[]).map((a) => a.code)).toEqual([
      'ADR',
      'DISCOUNT',
      'FREIGHT',
      'KG',
      'SIGN',
      'STOP',
    ]);
    expect((await sys.as(planner).query('articlesInArticleGroup', {})).status).toBe(400);
    // Someone else's order is not found.
    const bergen = (await sys.query('departments', {})).body.find(
      (d: { name: string }) => d.name === 'Bergen',
    ).id as string;
    const stranger = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [bergen],
    });
    expect((await sys.as(stranger).query('orderPrice', { orderId: order })).status).toBe(404);
    // Bad input: 400 with the field, nothing stored.
    const bad = await sys.command('CREATE_PRICE_LIST', {
      name: 'Two owners',
      customerId: kunde,
      departmentId: oslo,
      currency: 'NOK',
      validFrom: '2026-01-01',
    });
    expect(bad.status).toBe(400);
    const unknownArticle = await sys.command('CREATE_PRICE_LIST', {
      name: 'x',
      departmentId: oslo,
      currency: 'NOK',
      validFrom: '2026-01-01',
      lines: [{ articleCode: 'NOPE', customerPrice: 1 }],
    });
    expect(unknownArticle.status).toBe(400);
    const taken = await sys.command('CREATE_ARTICLE', {
      code: 'FREIGHT',
      label: 'again',
      kind: 'FREIGHT',
      group: 'T',
    });
    expect(taken.status).toBe(409);
  });
});

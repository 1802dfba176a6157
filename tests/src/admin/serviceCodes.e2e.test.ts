import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addDays, dayIn, weekdayOf } from '@nordlog/contracts';
import { configureNumberSeries, osloAddress } from '../support/booking.js';
import {
  createFirstDepartmentAndCustomer,
  freshPhone,
  startTestSystem,
  type TestSystem,
} from '../support/system.js';
import { countEvents } from '../support/events.js';

type Row = Record<string, any>;
type Item = { params?: { field?: string; key?: string } };

/**
 * Service code templates and coded goods through the gateway (docs/decisions/0093): the admin
 * saves a service's code template (bad placeholders a 400, nothing written); an order booked or
 * edited on the service carries the concrete code of its weight bracket and delivery window; a
 * coded goods line gets the code's pallet places and loading metres where it names none.
 */
describe('service codes and coded goods', () => {
  let sys: TestSystem;
  let article: string;
  const today = dayIn('Europe/Oslo', new Date().toISOString());
  /** The next Tuesday (a working day with a working day before it). */
  let weekday = addDays(today, 2);
  while (weekdayOf(weekday) !== 2) weekday = addDays(weekday, 1);

  const mapping = (serviceCode: unknown) =>
    sys.command('UPDATE_SERVICE_MAPPING', { id: article, serviceCode });
  const orderOf = async (id: string): Promise<Row> => {
    await sys.settled();
    return (await sys.query('orders', { ids: [id] })).body[0].order;
  };
  const book = (extra: Row = {}) =>
    sys.command('CREATE_ORDER', {
      departmentId: '1',
      customerId: '1',
      serviceId: 'HD',
      pickupDate: weekday,
      deliveryTimeEarliest: '10:00',
      deliveryTimeLatest: '14:00',
      pickup: { ...osloAddress, name: 'Lager Alnabru' },
      delivery: { ...osloAddress, name: 'Kari Nordmann', phone: '+4791234567' },
      measurements: [{ weight: 30, quantity: 2 }],
      ...extra,
    });
  const booked = async (extra: Row = {}) => {
    const res = await book(extra);
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    await createFirstDepartmentAndCustomer(sys);
    await configureNumberSeries(sys);
    const made = await sys.command('CREATE_ARTICLE', {
      group: 'TRANSPORT',
      code: 'HD',
      label: 'Home delivery',
      kind: 'FREIGHT',
    });
    expect(made.status).toBe(200);
    article = made.body.ids[0] as string;
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('a code template with an unknown placeholder or other characters is a 400 on serviceCode, nothing written', async () => {
    const before = await countEvents(sys);
    for (const [template, key] of [
      ['HD{KG}', 'validation.serviceCodePlaceholder'],
      ['HD{W', 'validation.serviceCodePlaceholder'],
      ['hd{W}', 'validation.serviceCode'],
      ['HD/{W}', 'validation.serviceCode'],
    ] as const) {
      const res = await mapping(template);
      expect(res.status).toBe(400);
      expect((res.body as Item[]).map((i) => i.params)).toEqual([{ field: 'serviceCode', key }]);
    }
    expect(await countEvents(sys)).toBe(before);
  });

  it('S5-VAL-075 S5-VAL-076 an order on a templated service carries the code of its weight bracket and evening or day window', async () => {
    expect((await mapping('HD{W}{E}')).status).toBe(200);
    await sys.settled();
    const rows = (await sys.query('serviceMappingData', {})).body as Row[];
    expect(rows.find((r) => r.code === 'HD')).toMatchObject({ serviceCode: 'HD{W}{E}' });
    const texts = (await sys.query('servicesAndVasesTexts', {})).body as Row[];
    expect(texts.find((r) => r.articleCode === 'HD')).toMatchObject({ serviceCode: 'HD{W}{E}' });

    // 2 × 30 kg = 60 kg: the 150 bracket; 10:00 on a Tuesday: day.
    const day = await booked();
    expect(await orderOf(day)).toMatchObject({ serviceId: 'HD', serviceCode: 'HD150-D' });
    // 18:00 in Oslo: evening; 25 kg exactly: the 25 bracket.
    const evening = await booked({
      deliveryTimeEarliest: '18:00',
      deliveryTimeLatest: '21:00',
      measurements: [{ weight: 25 }],
    });
    expect((await orderOf(evening)).serviceCode).toBe('HD25-E');
    // 16:30 Oslo time is 17:30 in Helsinki: an evening delivery there.
    const helsinki = await booked({
      deliveryTimeEarliest: '16:30',
      deliveryTimeLatest: '19:00',
      delivery: {
        name: 'Matti Meikäläinen',
        address: 'Mannerheimintie 1',
        zipCode: '00100',
        zipArea: 'Helsinki',
        countryCode: 'FI',
        lat: 60.17,
        lng: 24.94,
        phone: '+358401234567',
      },
    });
    expect((await orderOf(helsinki)).serviceCode).toBe('HD150-E');

    // An edit re-resolves: 600 kg is the 1000 bracket.
    const edit = await sys.command('UPDATE_ORDER', {
      orderId: day,
      measurements: [{ weight: 300, quantity: 2 }],
    });
    expect(edit.status).toBe(200);
    expect((await orderOf(day)).serviceCode).toBe('HD1000-D');
  });

  it('an order heavier than the largest bracket is a 400 on measurements, nothing written', async () => {
    const before = await countEvents(sys);
    const res = await book({ measurements: [{ weight: 4600, quantity: 2 }] });
    expect(res.status).toBe(400);
    expect((res.body as Item[]).map((i) => i.params)).toEqual([
      { field: 'measurements', key: 'validation.serviceWeightBracket' },
    ]);
    expect(await countEvents(sys)).toBe(before);
  });

  it('without a template the order carries no serviceCode; a coded goods line gets its footprint', async () => {
    expect((await mapping(null)).status).toBe(200);
    const id = await booked({
      measurements: [
        { weight: 300, length: 120, width: 80, height: 150, packageTypeCode: 'EUR' },
        { weight: 40, packageTypeCode: 'TYRES4', palletFootPrints: 0.5 },
        { weight: 2, packageTypeCode: 'CT' },
      ],
    });
    const order = await orderOf(id);
    expect(order.serviceCode).toBeUndefined();
    expect(order.measurements.map((l: Row) => [l.palletFootPrints, l.loadingMeters])).toEqual([
      [1, 0.4],
      [0.5, 0.18],
      [undefined, undefined],
    ]);
  });

  it('only an ADMIN_TEXTS holder sets the template', async () => {
    const planner = sys.as(
      await sys.login({ phoneNumber: freshPhone(), role: 'PLANNER', access: ['PLANNER_BOOKING'] }),
    );
    const res = await planner.command('UPDATE_SERVICE_MAPPING', { id: article, serviceCode: 'X' });
    expect(res.status).toBe(403);
  });
});

import { bookingDate, configureNumberSeries, osloAddress } from './booking.js';
import type { Client } from './system.js';

/** An answer of the integration APIs. */
export interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

/** A call of the integration APIs with a key (`Authorization: Bearer`), or none. */
export async function withKey(
  url: string,
  path: string,
  key: string | null,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: res.status, body, headers: res.headers };
}

/** The customers, prices and slot the integration calls answer from (docs/decisions/0069). */
export interface IntegrationWorld {
  department: string;
  /** Customer number C-1, its sub-customer S1, and another customer C-2. */
  main: string;
  sub: string;
  other: string;
}

export const DATE = bookingDate(2);

/** A department with prices for C-1 (EXPRESS in Oslo's zone, ECONOMY everywhere) and a slot. */
export async function integrationWorld(sys: Pick<Client, 'command'>): Promise<IntegrationWorld> {
  const id = async (name: string, payload: Record<string, unknown>) => {
    const res = await sys.command(name, payload);
    if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
    return res.body.ids[0] as string;
  };
  await configureNumberSeries(sys);
  const department = await id('CREATE_DEPARTMENT', {
    name: 'Oslo',
    departmentType: 'hd',
    country: 'NO',
    alystraId: 'D-1',
  });
  const customer = (name: string, alystraId: string, alystraSubcustomer = '') =>
    id('CREATE_CUSTOMER', { name, alystraId, alystraSubcustomer, departmentId: department });
  const main = await customer('Apotek 1', 'C-1');
  const sub = await customer('Apotek 1 Storo', 'C-1', 'S1');
  const other = await customer('Bok', 'C-2');
  for (const [code, label] of [
    ['EXPRESS', 'Express'],
    ['ECONOMY', 'Economy'],
  ])
    await id('CREATE_ARTICLE', { code, label, kind: 'FREIGHT', group: 'TRANSPORT' });
  const zones = [{ code: 'OSLO', country: 'NO', fromZip: '0001', toZip: '1299' }];
  await id('CREATE_PRICE_LIST', {
    name: 'Apotek',
    customerId: main,
    currency: 'NOK',
    validFrom: '2026-01-01',
    zones,
    lines: [
      { articleCode: 'EXPRESS', zone: 'OSLO', customerPrice: 30_000 },
      { articleCode: 'ECONOMY', customerPrice: 15_000 },
    ],
  });
  await id('CREATE_PRICE_LIST', {
    name: 'Oslo',
    departmentId: department,
    currency: 'NOK',
    validFrom: '2026-01-01',
    zones,
    lines: [{ articleCode: 'ECONOMY', customerPrice: 19_000 }],
  });
  await id('CREATE_SLOT', {
    departmentId: department,
    name: 'Evening',
    timeFrom: `${DATE}T16:00:00+01:00`,
    timeTo: `${DATE}T21:00:00+01:00`,
  });
  return { department, main, sub, other };
}

/** A valid order of the department (CREATE_ORDER's payload, without its customer). */
export const orderBody = (department: string) => ({
  departmentId: department,
  pickupDate: DATE,
  pickup: osloAddress,
  delivery: { ...osloAddress, name: 'Kari', address: 'Kirkeveien 10', zipCode: '0368' },
  serviceId: 'EXPRESS',
  measurements: [{ weight: 2 }],
});

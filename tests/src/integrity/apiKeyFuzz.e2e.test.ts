import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { externalOrdersPath, integrationQueryPaths } from '@nordlog/contracts';
import fc from 'fast-check';
import { integrationWorld, orderBody, withKey, type IntegrationWorld } from '../support/apiKeys.js';
import { commandHead, startTestSystem, type TestSystem } from '../support/system.js';

/** Valid query strings of the integration look-ups (docs/decisions/0069). */
const bases = (w: IntegrationWorld): Record<string, Record<string, string>> => ({
  '/api/external/services': {
    alystraCustomerNo: 'C-1',
    subcustomer: '',
    pickupCountryCode: 'NO',
    pickupPostalCode: '0155',
    deliveryCountryCode: 'NO',
    deliveryPostalCode: '0368',
  },
  '/api/external/delivery-windows': {
    customerId: w.main,
    postalCode: '0368',
    serviceCode: 'EXPRESS',
  },
  '/checkout/api/hd-services': {
    customerNumber: 'C-1',
    deliveryCountryCode: 'NO',
    deliveryPostalCode: '0368',
  },
  '/checkout/api/department-matrix/services': {
    departmentExternalId: 'D-1',
    countryCode: 'NO',
    postalCode: '0368',
  },
});

const edgeText = [
  '',
  ' ',
  'a\u0000b',
  '\ud800',
  "'; drop table es_events; --",
  '%_\\',
  'x'.repeat(5000),
  '99999999999999999999',
  '-1',
  '__proto__',
  '2026-02-30',
];
const nasty = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom(...edgeText));

/** A query string of these params, encoded as a client would (lone surrogates as U+FFFD). */
const queryOf = (params: Record<string, string | string[]>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    for (const one of Array.isArray(v) ? v : [v]) search.append(k, one);
  return search.toString();
};

describe('fuzzing the API key paths: no 5xx, the §8 body, nothing stored from a refusal', () => {
  let sys: TestSystem;
  let w: IntegrationWorld;
  let key: string;
  const problems: unknown[] = [];
  const isErrorBody = (body: unknown) =>
    Array.isArray(body) &&
    body.length > 0 &&
    body.every((i: { errorType?: unknown }) => typeof i.errorType === 'string');
  const probe = async (label: string, send: () => ReturnType<typeof withKey>) => {
    const before = await commandHead(sys);
    const { status, body } = await send();
    if (status >= 500) problems.push({ label, status, body });
    else if (status >= 400) {
      if (!isErrorBody(body)) problems.push({ label, status, body, why: 'not a §8 body' });
      if ((await commandHead(sys)) !== before)
        problems.push({ label, why: 'a refusal stored events' });
    }
  };
  beforeAll(async () => {
    sys = await startTestSystem({ env: { API_KEY_MAX_REQUESTS_PER_MINUTE: '100000' } });
    w = await integrationWorld(sys);
    const created = await sys.command('CREATE_API_KEY', { customerId: w.main, label: 'Fuzz' });
    key = created.body.apiKey.key as string;
    await sys.settled();
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('covers every integration path', () => {
    expect(Object.keys(bases({ department: '1', main: '1', sub: '2', other: '3' })).sort()).toEqual(
      Object.keys(integrationQueryPaths).sort(),
    );
  });

  for (const path of Object.keys(integrationQueryPaths)) {
    it(`GET ${path}: each param bent, dropped, repeated or added is answered below 500`, async () => {
      const base = bases(w)[path]!;
      for (const name of Object.keys(base)) {
        for (const value of edgeText)
          await probe(`${path} ${name}=${value.slice(0, 40)}`, () =>
            withKey(sys.url, `${path}?${queryOf({ ...base, [name]: value })}`, key),
          );
        const { [name]: _dropped, ...rest } = base;
        await probe(`${path} without ${name}`, () =>
          withKey(sys.url, `${path}?${queryOf(rest)}`, key),
        );
        await probe(`${path} ${name} twice`, () =>
          withKey(
            sys.url,
            `${path}?${queryOf({ ...base, [name]: [base[name]!, base[name]!] })}`,
            key,
          ),
        );
      }
      await fc.assert(
        fc.asyncProperty(fc.dictionary(nasty, nasty, { maxKeys: 4 }), async (extra) => {
          await probe(`${path} ${JSON.stringify(extra).slice(0, 200)}`, () =>
            withKey(sys.url, `${path}?${queryOf({ ...base, ...extra })}`, key),
          );
        }),
        { numRuns: 25, seed: 20261203 },
      );
      expect(problems.splice(0)).toEqual([]);
    }, 120_000);
  }

  it('POST the external create order: bent bodies are answered below 500 and store nothing when refused', async () => {
    const base = { ...orderBody(w.department) } as Record<string, unknown>;
    const values: unknown[] = [...edgeText, null, true, 0, -1, 2 ** 63, [], {}, { a: '\u0000' }];
    for (const field of [...Object.keys(base), 'customerId', '__proto__'])
      for (const value of values)
        await probe(`orders ${field}=${JSON.stringify(value).slice(0, 40)}`, () =>
          withKey(sys.url, externalOrdersPath, key, { body: { ...base, [field]: value } }),
        );
    for (const body of [null, [], 'x', 1, [base]])
      await probe(`orders body ${JSON.stringify(body).slice(0, 40)}`, () =>
        withKey(sys.url, externalOrdersPath, key, { body }),
      );
    for (const header of ['', 'x', 'not-a-uuid', '\u00ff'.repeat(300)])
      await probe(`orders idempotency ${header.slice(0, 10)}`, () =>
        withKey(sys.url, externalOrdersPath, key, {
          body: base,
          headers: { 'idempotency-key': header },
        }),
      );
    expect(problems.splice(0)).toEqual([]);
  }, 120_000);

  it('bent keys in the Authorization and X-Api-Key headers are 401 (or 429), never a 5xx', async () => {
    const id = key.slice(4, 36);
    const keys = [
      ...edgeText.filter((t) => /^[\x20-\x7e]*$/.test(t)),
      `nlk_${id}_`,
      `nlk_${id}_${'A'.repeat(43)}`,
      `nlk_${'0'.repeat(32)}_${'A'.repeat(43)}`,
      `${key} ${key}`,
      key.toUpperCase(),
    ];
    for (const bad of keys)
      for (const headers of [{ authorization: `Bearer ${bad}` }, { 'x-api-key': bad }] as Record<
        string,
        string
      >[]) {
        const res = await withKey(sys.url, '/api/external/services', null, { headers });
        if (![401, 429].includes(res.status) || !isErrorBody(res.body))
          problems.push({ bad, status: res.status, body: res.body });
      }
    expect(problems.splice(0)).toEqual([]);
  }, 120_000);
});

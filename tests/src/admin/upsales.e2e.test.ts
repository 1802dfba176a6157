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
 * Upsales rules through the gateway (docs/decisions/0087-upsales-rules.md): created, edited,
 * switched off and on and deleted, read by `upsalesRules` and `upsalesRuleById`; bad input refused
 * on its field with nothing written; only the holder of ADMIN_TEXTS (of every department) writes.
 */
describe('upsales rules', () => {
  let sys: TestSystem;
  /** An ADMIN holding ADMIN_TEXTS only. */
  let seller: Client;
  /** An ADMIN holding another flag only. */
  let outsider: Client;
  /** A scoped admin holding ADMIN_TEXTS for one department: the rules are the whole product's. */
  let scoped: Client;
  /** A planner who books: reads the rules (the booking form's suggestions), writes none. */
  let booker: Client;
  let evening: string;
  let signature: string;
  let express: string;
  let customer: string;

  beforeAll(async () => {
    sys = await startTestSystem();
    const user = async (role: string, access: string[], departmentIds?: string[]) =>
      sys.as(await sys.login({ phoneNumber: freshPhone(), role, access, departmentIds }));
    const department = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0] as string;
    seller = await user('ADMIN', ['ADMIN_TEXTS']);
    outsider = await user('ADMIN', ['ADMIN_HOLIDAYS']);
    scoped = await user('PLUS_PLANNER', ['ADMIN_TEXTS'], [department]);
    booker = await user('PLANNER', ['PLANNER_BOOKING'], [department]);
    const article = async (fields: Row) => {
      const res = await sys.command('CREATE_ARTICLE', { group: 'SERVICES', ...fields });
      expect(res.status).toBe(200);
      return res.body.ids[0] as string;
    };
    evening = await article({ code: 'EVE', label: 'Evening', kind: 'SERVICE', vasCode: 'EVE' });
    signature = await article({
      code: 'SGN',
      label: 'Signature',
      kind: 'SERVICE',
      vasCode: 'SIGN',
    });
    express = await article({ code: 'EXPRESS', label: 'Express', kind: 'FREIGHT', group: 'T' });
    customer = (await sys.command('CREATE_CUSTOMER', { name: 'Apotek 1' })).body.ids[0] as string;
    await sys.settled();
  }, 60_000);
  afterAll(async () => sys.shutdown());

  const rule = (fields: Row = {}): Row => ({
    name: 'Evening in Oslo',
    articleId: evening,
    serviceCodes: ['EXPRESS'],
    postalCodeFrom: '0150',
    postalCodeTo: '0199',
    ...fields,
  });
  const byId = async (id: string, client: Client = seller) => {
    await sys.settled();
    return client.query('upsalesRuleById', { id });
  };

  it('S1-GEN-023 S7-CALL-065 S7-CMD-059 a rule created, edited, disabled, enabled and deleted; upsalesRules and upsalesRuleById show each change', async () => {
    const made = await seller.command('CREATE_UPSALES_RULE', rule({ customerIds: [customer] }));
    expect(made.status).toBe(200);
    const id = made.body.ids[0] as string;
    expect((await byId(id)).body).toEqual(
      expect.objectContaining({
        id,
        name: 'Evening in Oslo',
        articleId: evening,
        customerIds: [customer],
        customerGroupIds: [],
        serviceCodes: ['EXPRESS'],
        weightFromKg: null,
        weightToKg: null,
        postalCodeFrom: '0150',
        postalCodeTo: '0199',
        textKey: null,
        priority: 10,
        enabled: true,
      }),
    );

    const edited = await seller.command('UPDATE_UPSALES_RULE', {
      id,
      articleId: signature,
      weightToKg: 30,
      postalCodeTo: '0299',
      textKey: 'booking.signature',
      priority: 2,
    });
    expect(edited.status).toBe(200);
    expect((await byId(id)).body).toEqual(
      expect.objectContaining({
        name: 'Evening in Oslo',
        articleId: signature,
        weightToKg: 30,
        postalCodeTo: '0299',
        textKey: 'booking.signature',
        priority: 2,
        enabled: true,
      }),
    );

    expect((await seller.command('DISABLE_UPSALES_RULE', { id })).status).toBe(200);
    expect((await byId(id)).body.enabled).toBe(false);
    // The booking form reads the enabled ones: the disabled rule is not among them.
    const enabled = async () => {
      await sys.settled();
      const res = await booker.query('upsalesRules', { enabled: true });
      expect(res.status).toBe(200);
      return (res.body as Row[]).map((r) => r.id);
    };
    expect(await enabled()).not.toContain(id);
    const all = await seller.query('upsalesRules', {});
    expect((all.body as Row[]).find((r) => r.id === id)).toEqual(
      expect.objectContaining({ enabled: false }),
    );
    // Switching to the state it is in writes nothing.
    const before = await countEvents(sys);
    expect((await seller.command('DISABLE_UPSALES_RULE', { id })).status).toBe(200);
    expect(await countEvents(sys)).toBe(before);

    // A payload that names no rule is refused, and changes nothing.
    const unchanged = await countEvents(sys);
    expect(refused(await seller.command('ENABLE_UPSALES_RULE', { id: 'one' }))).toEqual({
      id: expect.any(String),
    });
    expect(await countEvents(sys)).toBe(unchanged);
    expect((await byId(id)).body.enabled).toBe(false);

    expect((await seller.command('ENABLE_UPSALES_RULE', { id })).status).toBe(200);
    expect((await byId(id)).body.enabled).toBe(true);
    expect(await enabled()).toContain(id);

    expect((await seller.command('DELETE_UPSALES_RULE', { id })).status).toBe(200);
    expect((await byId(id)).status).toBe(404);
    expect(((await seller.query('upsalesRules', {})).body as Row[]).map((r) => r.id)).not.toContain(
      id,
    );
    expect((await seller.command('ENABLE_UPSALES_RULE', { id })).status).toBe(404);
  });

  it('bad input is refused on its field with nothing written: an unknown article, a transport article, a weight range that ends before it starts, half a postal range', async () => {
    const before = await countEvents(sys);
    expect(
      refused(await seller.command('CREATE_UPSALES_RULE', rule({ articleId: '999999' }))),
    ).toEqual({
      articleId: 'validation.unknownId',
    });
    expect(
      refused(await seller.command('CREATE_UPSALES_RULE', rule({ articleId: express }))),
    ).toEqual({
      articleId: 'validation.notVas',
    });
    expect(
      refused(
        await seller.command('CREATE_UPSALES_RULE', rule({ weightFromKg: 20, weightToKg: 5 })),
      ),
    ).toEqual({ weightToKg: 'validation.weightRange' });
    expect(
      refused(await seller.command('CREATE_UPSALES_RULE', rule({ postalCodeTo: null }))),
    ).toEqual({ postalCodeTo: 'validation.required' });
    expect(
      refused(await seller.command('CREATE_UPSALES_RULE', rule({ postalCodeTo: '0100' }))),
    ).toEqual({ postalCodeTo: 'validation.postalCodeRange' });
    expect(await countEvents(sys)).toBe(before);

    // An update is checked as the rule it leaves: the stored lower weight against the new upper.
    const id = (await seller.command('CREATE_UPSALES_RULE', rule({ weightFromKg: 10 }))).body
      .ids[0] as string;
    const stored = (await byId(id)).body;
    const written = await countEvents(sys);
    expect(refused(await seller.command('UPDATE_UPSALES_RULE', { id, weightToKg: 5 }))).toEqual({
      weightToKg: 'validation.weightRange',
    });
    expect(
      refused(await seller.command('UPDATE_UPSALES_RULE', { id, articleId: express })),
    ).toEqual({ articleId: 'validation.notVas' });
    expect(await countEvents(sys)).toBe(written);
    expect((await byId(id)).body).toEqual(stored);
  });

  it('upsalesRules {customerId}: the rules for that customer (its own, its groups’, everyone’s) with their BOOKING text, as the booking form reads them', async () => {
    const other = (await sys.command('CREATE_CUSTOMER', { name: 'Bokhandel' })).body
      .ids[0] as string;
    const group = (
      await sys.command('CREATE_CUSTOMER_GROUP', { name: 'Pharmacies', customerIds: [customer] })
    ).body.ids[0] as string;
    expect(
      (
        await sys.command('CREATE_TEXT', {
          group: 'BOOKING',
          key: 'upsales.evening',
          texts: { en: 'Evening delivery on {date}?', nb: 'Kveldslevering {date}?' },
        })
      ).status,
    ).toBe(200);
    const make = async (name: string, fields: Row) =>
      (await seller.command('CREATE_UPSALES_RULE', { name, articleId: evening, ...fields })).body
        .ids[0] as string;
    const everyone = await make('For everyone', { textKey: 'upsales.evening', priority: 3 });
    const own = await make('For Apotek 1', { customerIds: [customer], priority: 1 });
    const members = await make('For pharmacies', { customerGroupIds: [group], priority: 2 });
    const others = await make('For Bokhandel', { customerIds: [other] });
    await sys.settled();
    const offers = async (customerId: string) =>
      ((await booker.query('upsalesRules', { enabled: true, customerId })).body as Row[]).filter(
        (r) => [everyone, own, members, others].includes(r.id),
      );
    const mine = await offers(customer);
    expect(mine.map((r) => r.id)).toEqual([own, members, everyone]);
    expect(mine[2]!.wording).toEqual(
      expect.objectContaining({ en: 'Evening delivery on {date}?', nb: 'Kveldslevering {date}?' }),
    );
    expect(mine[0]!.wording).toBeNull();
    expect((await offers(other)).map((r) => r.id)).toEqual([everyone, others]);
  });

  it('upsalesOffers {customerId} (0100): the enabled rules for a customer’s bookings without names or whom else they are for; a customer user reads its own only and not upsalesRules', async () => {
    const mine = (await sys.command('CREATE_CUSTOMER', { name: 'Apotek 2' })).body.ids[0] as string;
    const rival = (await sys.command('CREATE_CUSTOMER', { name: 'Apotek 3' })).body
      .ids[0] as string;
    const make = async (name: string, fields: Row) =>
      (await seller.command('CREATE_UPSALES_RULE', { name, articleId: signature, ...fields })).body
        .ids[0] as string;
    const shared = await make('Mine and the rival’s', { customerIds: [mine, rival], priority: 1 });
    const off = await make('Switched off', { customerIds: [mine] });
    expect((await seller.command('DISABLE_UPSALES_RULE', { id: off })).status).toBe(200);
    await make('The rival’s only', { customerIds: [rival] });
    const portal = sys.as(
      await sys.login({
        phoneNumber: freshPhone(),
        role: 'CUSTOMER',
        customerId: mine,
        departmentIds: [],
      }),
    );
    await sys.settled();
    for (const reader of [portal, booker]) {
      const res = await reader.query('upsalesOffers', { customerId: mine });
      expect(res.status).toBe(200);
      const rows = (res.body as Row[]).filter((r) => r.articleId === signature);
      expect(rows).toEqual([
        expect.objectContaining({ id: shared, name: '', customerIds: [], customerGroupIds: [] }),
      ]);
    }
    expect((await portal.query('upsalesOffers', { customerId: rival })).status).toBe(404);
    expect((await portal.query('upsalesRules', { enabled: true, customerId: mine })).status).toBe(
      403,
    );
    expect((await outsider.query('upsalesOffers', { customerId: mine })).status).toBe(403);
    expect((await booker.query('upsalesOffers', {})).status).toBe(400);
  });

  it('only the holder of ADMIN_TEXTS of every department writes the rules; a booking planner reads them, not by id', async () => {
    const id = (await seller.command('CREATE_UPSALES_RULE', rule())).body.ids[0] as string;
    const before = await countEvents(sys);
    for (const client of [outsider, scoped, booker]) {
      expect((await client.command('CREATE_UPSALES_RULE', rule())).status).toBe(403);
      expect((await client.command('DISABLE_UPSALES_RULE', { id })).status).toBe(403);
      expect((await client.command('UPDATE_UPSALES_RULE', { id, priority: 1 })).status).toBe(403);
      expect((await client.command('DELETE_UPSALES_RULE', { id })).status).toBe(403);
    }
    expect(await countEvents(sys)).toBe(before);
    expect((await outsider.query('upsalesRules', {})).status).toBe(403);
    expect((await outsider.query('upsalesRuleById', { id })).status).toBe(403);
    expect((await booker.query('upsalesRules', {})).status).toBe(200);
    expect((await booker.query('upsalesRuleById', { id })).status).toBe(403);
    // A required parameter missing is refused.
    expect((await seller.query('upsalesRuleById', {})).status).toBe(400);
  });
});

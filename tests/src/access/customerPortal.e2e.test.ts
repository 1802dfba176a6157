import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  invoiceDocumentLink,
  invoiceFileName,
  type ChangeMessage,
  type InvoiceRow,
} from '@nordlog/contracts';
import { createHmac, randomBytes } from 'node:crypto';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { waitForInvoicingRun } from '../support/invoicing.js';
import { connectSocket } from '../support/socket.js';
import {
  freshPhone,
  lastMessageId,
  startTestSystem,
  waitForToken,
  type Session,
  type TestSystem,
} from '../support/system.js';

const HELPDESK = 'helpdesk';
const SECRET = randomBytes(32).toString('hex');

/** A help-desk token as the help desk signs it (docs/decisions/0074): `v1.{payload}.{hmac}`. */
function helpdeskToken(
  claims: { sub: string; exp?: number; jti?: string },
  secret = SECRET,
): string {
  const payload = Buffer.from(
    JSON.stringify({
      sub: claims.sub,
      exp: claims.exp ?? Math.floor(Date.now() / 1000) + 60,
      jti: claims.jti ?? randomBytes(16).toString('base64url'),
    }),
  ).toString('base64url');
  const signature = createHmac('sha256', secret).update(`v1.${payload}`).digest('base64url');
  return `v1.${payload}.${signature}`;
}

/**
 * Issue 43, the customer portal in the product (docs/decisions/0074-customer-portal.md): what a
 * customer user may call is scoped on the server to its customer and sub-customers (bookings,
 * invoices and their files, the socket), the customer login starts at
 * api/auth/customer-login-initiate, and the help desk's signed one-time link signs a customer
 * user in once, briefly, and is recorded.
 */
describe('the customer portal on the server', () => {
  let sys: TestSystem;
  let dep: string;
  /** Customer A (main), A's sub-customer, and customer B with its own sub-customer. */
  let a: string;
  let aSub: string;
  let b: string;
  let bSub: string;
  let userA: Session;
  let userAId: string;
  const date = bookingDate(2);

  const ok = async (name: string, payload: unknown) => {
    const res = await sys.command(name, payload);
    if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
    return res.body.ids[0] as string;
  };
  const order = (customerId: string) => ({
    departmentId: dep,
    customerId,
    pickupDate: date,
    pickup: osloAddress,
    delivery: osloAddress,
    measurements: [{ weight: 1 }],
  });

  beforeAll(async () => {
    sys = await startTestSystem({ env: { HELPDESK_NAME: HELPDESK, HELPDESK_SECRET: SECRET } });
    await configureNumberSeries(sys);
    dep = await ok('CREATE_DEPARTMENT', { name: 'Oslo', departmentType: 'courier', country: 'NO' });
    const customer = (name: string, alystraId: string, alystraSubcustomer: string) =>
      ok('CREATE_CUSTOMER', { name, departmentId: dep, alystraId, alystraSubcustomer });
    a = await customer('Alfa AS', '3100', '');
    aSub = await customer('Alfa AS, Bergen', '3100', '01');
    b = await customer('Beta AS', '3200', '');
    bSub = await customer('Beta AS, Trondheim', '3200', '01');
    for (const customerId of [a, aSub, b, bSub])
      await ok('CREATE_BILLING_ORDER', {
        departmentId: dep,
        customerId,
        deliveryDate: date,
        items: [{ specification: 'Storage', quantity: 1, customerAmount: 100, articleCode: 'X' }],
      });
    const run = await ok('START_INVOICING_RUN', {
      departmentId: dep,
      fromDate: date,
      toDate: date,
    });
    await waitForInvoicingRun(sys, dep, run, 'COMPLETED');
    const phone = freshPhone();
    const created = await sys.run('CREATE_USER', {
      name: 'Alfa booker',
      phoneNumber: phone,
      role: 'CUSTOMER',
      customerId: a,
      departmentIds: [dep],
    });
    userAId = String((created.body as { ids: string[] }).ids[0]);
    userA = await sys.signIn(phone);
  }, 120_000);
  afterAll(async () => sys?.shutdown());

  it("S1-GEN-025: customer A reads its own and its sub-customer's invoices and their files, never B's", async () => {
    await sys.settled();
    const all = (await sys.query('invoices', { departmentId: dep })).body as InvoiceRow[];
    expect(all.map((i) => i.customerId).sort()).toEqual([a, aSub, b, bSub].sort());
    const mine = await sys.as(userA).query('invoices', { departmentId: dep });
    expect(mine.status).toBe(200);
    expect((mine.body as InvoiceRow[]).map((i) => i.customerId).sort()).toEqual([a, aSub].sort());
    // B's invoice asked for by id: not there; its file: not found.
    const theirs = all.find((i) => i.customerId === bSub)!;
    const byId = await sys.as(userA).query('invoices', { departmentId: dep, ids: [theirs.id] });
    expect(byId.body).toEqual([]);
    const file = (invoice: InvoiceRow) =>
      fetch(
        `${sys.url}${invoiceDocumentLink(invoice.id, 'csv', invoiceFileName(invoice, 'csv'))}`,
        {
          headers: { cookie: userA.cookie },
        },
      );
    expect((await file(theirs)).status).toBe(404);
    expect((await file(all.find((i) => i.customerId === aSub)!)).status).toBe(200);
  });

  it("S1-GEN-024: customer A books for itself and its sub-customer, not for B nor B's sub-customer", async () => {
    const client = sys.as(userA);
    expect((await client.command('CREATE_ORDER', order(a))).status).toBe(200);
    expect((await client.command('CREATE_ORDER', order(aSub))).status).toBe(200);
    for (const other of [b, bSub]) {
      const refused = await client.command('CREATE_ORDER', order(other));
      expect(refused.status).toBeGreaterThanOrEqual(400);
    }
    await sys.settled();
    const rows = (await client.query('consignments', { fromDate: date, toDate: date })).body as {
      customerId: string;
    }[];
    expect(new Set(rows.map((r) => r.customerId))).toEqual(new Set([a, aSub]));
  });

  it("customer A's socket carries its own and its sub-customer's shipments, never B's", async () => {
    const socket = await connectSocket(sys.url, `dates=${date}`, { cookie: userA.cookie });
    try {
      const theirs = await ok('CREATE_ORDER', order(b));
      const theirSub = await ok('CREATE_ORDER', order(bSub));
      const mine = await ok('CREATE_ORDER', order(aSub));
      await socket.next(
        (m: ChangeMessage) =>
          typeof m === 'object' &&
          m?.entity === 'consignments' &&
          (m.data as { orderId?: string })?.orderId === mine,
        15_000,
      );
      const seen = (socket.received as ChangeMessage[]).filter(
        (m) => typeof m === 'object' && m !== null && 'entity' in m,
      );
      const customers = new Set(
        seen.map((m) => (m.data as { customerId?: string } | null)?.customerId).filter(Boolean),
      );
      expect([...customers].every((c) => c === a || c === aSub)).toBe(true);
      const orderIds = seen.map((m) => (m.data as { orderId?: string } | null)?.orderId);
      expect(orderIds).not.toContain(theirs);
      expect(orderIds).not.toContain(theirSub);
    } finally {
      socket.close();
    }
  });

  it('S7-CALL-023: the customer login starts at api/auth/customer-login-initiate, without a session', async () => {
    const phone = freshPhone();
    await sys.run('CREATE_USER', {
      name: 'Alfa reader',
      phoneNumber: phone,
      role: 'CUSTOMER',
      customerId: a,
      departmentIds: [dep],
    });
    await sys.settled();
    const after = await lastMessageId(sys);
    const res = await fetch(`${sys.url}/api/auth/customer-login-initiate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber: phone }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ok: true,
      loginUrl: '/login?redirectTo=%2Fcustomer%2Fshipments',
      portalUrl: '/customer/shipments',
    });
    const token = await waitForToken(sys, phone, after);
    const verified = await fetch(`${sys.url}/auth/verify-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber: phone, token }),
    });
    expect(verified.status).toBe(200);
    expect(((await verified.json()) as { role: string }).role).toBe('CUSTOMER');
    const bad = await fetch(`${sys.url}/api/auth/customer-login-initiate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber: 'not a phone' }),
    });
    expect(bad.status).toBe(400);
  });

  const signInWith = (token: unknown) =>
    fetch(`${sys.url}/auth/${HELPDESK}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ token }),
    });

  it('S2-ROUTE-006: a help-desk token signs its customer user in once, and the use is recorded', async () => {
    const jti = randomBytes(18).toString('base64url');
    const res = await signInWith(helpdeskToken({ sub: userAId, jti }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: string; role: string; redirectUrl: string };
    expect({ id: String(body.id), role: body.role, redirectUrl: body.redirectUrl }).toEqual({
      id: userAId,
      role: 'CUSTOMER',
      redirectUrl: '/customer/shipments',
    });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    const me = await fetch(`${sys.url}/auth/user`, { headers: { cookie } });
    expect(String(((await me.json()) as { id: string }).id)).toBe(userAId);
    const audit = await sys.db.knex('auth_helpdesk_tokens').where({ token_id: jti });
    expect(audit).toHaveLength(1);
    expect(audit[0].user_id).toBe(userAId);
    // The same token again: refused, and no second session.
    const again = await signInWith(helpdeskToken({ sub: userAId, jti }));
    expect(again.status).toBe(401);
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('S2-ROUTE-006: an expired, long-lived, badly signed or malformed help-desk token is refused', async () => {
    const now = Math.floor(Date.now() / 1000);
    const refused = [
      helpdeskToken({ sub: userAId, exp: now - 1 }),
      helpdeskToken({ sub: userAId, exp: now + 3600 }),
      helpdeskToken({ sub: userAId }, randomBytes(32).toString('hex')),
      helpdeskToken({ sub: userAId, jti: 'short' }),
      `${helpdeskToken({ sub: userAId })}x`,
      'v1.e30.AAAA',
      42,
    ];
    for (const token of refused) {
      const res = await signInWith(token);
      expect({ token, status: res.status }).toEqual({ token, status: 401 });
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it('S2-ROUTE-006: a help-desk token signs in customer users only (not a planner, not an admin)', async () => {
    const phone = freshPhone();
    const planner = await sys.run('CREATE_USER', {
      name: 'Planner',
      phoneNumber: phone,
      role: 'PLANNER',
      access: ['PLANNER_SHIPMENTS'],
      departmentIds: [dep],
    });
    await sys.settled();
    const plannerId = String((planner.body as { ids: string[] }).ids[0]);
    expect((await signInWith(helpdeskToken({ sub: plannerId }))).status).toBe(401);
    expect((await signInWith(helpdeskToken({ sub: '999999999' }))).status).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CustomerRow, InvoiceRow, InvoicingData } from '@nordlog/contracts';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { waitForInvoicingRun } from '../support/invoicing.js';
import { createSlot } from '../support/planning.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

const TERMINAL = { street: 'Tollbugata 17', postalCode: '0152', town: 'Oslo', country: 'NO' };
const WAREHOUSE = {
  street: 'Alfaset 3. Industrivei 22',
  postalCode: '0668',
  town: 'Oslo',
  country: 'NO',
};
const RECIPIENT = {
  ...osloAddress,
  name: 'Kari Nordmann',
  address: 'Bogstadveien 10',
  zipCode: '0355',
};
const BEFORE = bookingDate(2);
const FROM = bookingDate(3);
const AFTER = bookingDate(4);

/**
 * A customer's settings (spec §7 customer updates; docs/decisions/0071): sender name, HD
 * invoicing from date, NPS from date, billing number, terminal address and scan-to-create
 * packages are fields of UPDATE_CUSTOMER; each is read back, refused when bad with nothing
 * changed, and does what it is for: the labels' sender, the invoices' billing number, the HD
 * orders invoiced here only from the date (and `customerMigrationStatus`), the returns' terminal.
 */
describe('customer settings', () => {
  let sys: TestSystem;
  let hd: string;
  let shop: string;
  let slot: string;
  let admin: Session;

  const ok = async (name: string, payload: unknown) => {
    const res = await sys.command(name, payload);
    expect({ name, status: res.status, body: res.status === 200 ? null : res.body }).toEqual({
      name,
      status: 200,
      body: null,
    });
    return res.body as { ids: string[] };
  };
  const customer = async (id: string) => {
    await sys.settled();
    return ((await sys.query('allCustomersByIds', { ids: [id] })).body as CustomerRow[])[0]!;
  };
  /** An order of the shop in the hd department on `date`, planned and delivered. */
  const delivered = async (date: string) => {
    const [id] = (
      await ok('CREATE_ORDER', {
        departmentId: hd,
        customerId: shop,
        pickupDate: date,
        pickup: { ...osloAddress, name: 'Nettbutikken AS' },
        delivery: RECIPIENT,
        measurements: [{ weight: 3, quantity: 1 }],
      })
    ).ids;
    const daySlot = date === BEFORE ? slot : await createSlot(sys, hd, date);
    await ok('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [id], slotId: daySlot });
    await ok('MANUAL_DELIVER', { consignmentIds: [id] });
    return id!;
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    [hd] = (
      await ok('CREATE_DEPARTMENT', {
        name: 'Oslo Hjem',
        departmentType: 'hd',
        country: 'NO',
        address: TERMINAL,
        location: { lat: 59.908, lng: 10.746 },
      })
    ).ids as [string];
    [shop] = (
      await ok('CREATE_CUSTOMER', {
        name: 'Nettbutikken Norge AS',
        departmentId: hd,
        address: { street: 'Karl Johans gate 5', postalCode: '0154', town: 'Oslo', country: 'NO' },
      })
    ).ids as [string];
    await configureNumberSeries(sys);
    slot = await createSlot(sys, hd, BEFORE);
    await ok('CREATE_ARTICLE', {
      code: 'FREIGHT',
      label: 'Frakt',
      kind: 'FREIGHT',
      group: 'TRANSPORT',
    });
    await ok('CREATE_PRICE_LIST', {
      name: 'Hjem',
      departmentId: hd,
      currency: 'NOK',
      validFrom: BEFORE,
      lines: [{ articleCode: 'FREIGHT', customerPrice: 9_900, resourcePrice: 6_000 }],
    });
    admin = await sys.login({ phoneNumber: freshPhone(), role: 'ADMIN', departmentIds: [hd] });
  }, 60_000);
  afterAll(async () => sys?.shutdown());

  it('S7-CMD-045 each setting is taken by UPDATE_CUSTOMER and read back; a bad value is a 400 with nothing changed', async () => {
    const settings = {
      senderName: 'Nettbutikken',
      hdInvoicingFromDate: FROM,
      billingNumber: 'NB-2201/7',
      terminalAddress: WAREHOUSE,
      returnAddress: TERMINAL,
      returnLastLeg: false,
    };
    await ok('UPDATE_CUSTOMER', { id: shop, ...settings });
    expect(await customer(shop)).toMatchObject(settings);
    const before = await customer(shop);
    for (const bad of [
      { billingNumber: 'NB<script>' },
      { billingNumber: 'x'.repeat(36) },
      { hdInvoicingFromDate: '2026-02-30' },
      { senderName: 'x'.repeat(101) },
      { terminalAddress: { ...WAREHOUSE, postalCode: '12' } },
    ]) {
      const res = await sys.as(admin).command('UPDATE_CUSTOMER', { id: shop, ...bad });
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
    }
    expect(await customer(shop)).toEqual(before);
  });

  it('the HD invoicing from date: the hd department’s orders before it are excluded (invoiced where the customer came from), after it invoiced with the billing number; customerMigrationStatus follows', async () => {
    await ok('UPDATE_CUSTOMER', {
      id: shop,
      hdInvoicingFromDate: FROM,
      billingNumber: 'NB-2201/7',
    });
    const old = await delivered(BEFORE);
    const fresh = await delivered(AFTER);
    await sys.settled();
    const data = (
      await sys.query('invoicingData', {
        departmentId: hd,
        fromDate: BEFORE,
        toDate: AFTER,
      })
    ).body as InvoicingData;
    const status = (id: string) => data.rows.find((r) => r.orderId === id);
    expect(status(old)).toMatchObject({
      status: 'EXCLUDED_FROM_INVOICING',
      reason: 'INVOICED_BEFORE_HD_INVOICING',
    });
    expect(status(fresh)).toMatchObject({ status: 'TO_BE_INVOICED', reason: null });

    const migration = await sys.query('customerMigrationStatus', { customerId: shop });
    expect(migration.status).toBe(200);
    expect(migration.body).toEqual({
      customerId: shop,
      status: 'SCHEDULED',
      hdInvoicingFromDate: FROM,
      orders: 2,
      ordersInvoicedElsewhere: 1,
      firstOrderDate: BEFORE,
      lastOrderDate: AFTER,
    });

    const [runId] = (
      await ok('START_INVOICING_RUN', { departmentId: hd, fromDate: BEFORE, toDate: AFTER })
    ).ids;
    await waitForInvoicingRun(sys, hd, runId!, 'COMPLETED');
    await sys.settled();
    const invoices = (await sys.query('invoices', { departmentId: hd, runId }))
      .body as InvoiceRow[];
    expect(invoices.map((i) => [i.orderIds, i.customerBillingNumber])).toEqual([
      [[fresh], 'NB-2201/7'],
    ]);

    // Moved back to a date already passed: MIGRATED, and every order is invoiced here.
    await ok('UPDATE_CUSTOMER', { id: shop, hdInvoicingFromDate: '2020-01-01' });
    await sys.settled();
    expect((await sys.query('customerMigrationStatus', { customerId: shop })).body).toMatchObject({
      status: 'MIGRATED',
      ordersInvoicedElsewhere: 0,
    });
    await ok('UPDATE_CUSTOMER', { id: shop, hdInvoicingFromDate: null });
    await sys.settled();
    expect((await sys.query('customerMigrationStatus', { customerId: shop })).body).toMatchObject({
      status: 'NOT_STARTED',
      hdInvoicingFromDate: null,
    });
    // A customer the caller may not read is not found; a missing parameter is a 400.
    expect((await sys.query('customerMigrationStatus', {})).status).toBe(400);
    expect((await sys.query('customerMigrationStatus', { customerId: '99999' })).status).toBe(404);
  });

  it('the sender name is the labels’ sender; the terminal address is where a multi-leg return waits between its legs', async () => {
    await ok('UPDATE_CUSTOMER', {
      id: shop,
      senderName: 'Nettbutikken',
      terminalAddress: WAREHOUSE,
      returnAddress: null,
      returnLastLeg: true,
    });
    const orderId = await delivered(BEFORE);
    await sys.settled();
    const label = await sys.command('CREATE_LABEL', { orderId });
    expect(label.status).toBe(200);
    await sys.settled();
    const [document] = (await sys.query('labelUrls', { orderIds: [orderId] })).body as {
      pages: { sender: { name: string } }[];
    }[];
    expect(document!.pages.map((p) => p.sender.name)).toEqual(['Nettbutikken']);

    const res = await sys.command('CREATE_MULTILEG_RETURN', { orderId, pickupDate: AFTER });
    expect(res.status).toBe(200);
    await sys.settled();
    const back = (await sys.query('getOrderReturnDetails', { orderId })).body as {
      return: { legs: { pickup: { address: string }; delivery: { address: string } }[] };
    };
    expect(back.return.legs.map((l) => [l.pickup.address, l.delivery.address])).toEqual([
      [RECIPIENT.address, WAREHOUSE.street],
      [WAREHOUSE.street, osloAddress.address],
    ]);
  });
});

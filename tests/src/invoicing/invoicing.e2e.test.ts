import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { InvoicingRunner } from '@nordlog/command-service';
import type {
  BillingOrderRow,
  InvoiceRow,
  InvoicedOrderPrice,
  InvoicingData,
  InvoicingRunRow,
  MultilegOrderPrice,
  OrderCorrection,
  OrderPrice,
  OrderRow,
} from '@nordlog/contracts';
import { invoiceDocumentLink, invoiceFileName, invoiceTotals } from '@nordlog/contracts';
import { PostgresIdAllocator, silentLogger } from '@nordlog/platform';
import { readInvoicingCandidates } from '@nordlog/query-service';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { waitForInvoicingRun } from '../support/invoicing.js';
import { createSlot } from '../support/planning.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * Invoicing through the API (issue 18 §2, §3; docs/decisions/0031, 0032): holds and manual
 * statuses as moves of the transition table, order corrections pending → accepted or rejected and
 * priced, price corrections and billing orders, and invoicing runs that put every ready order on
 * exactly one invoice, however often and however concurrently they run.
 */
describe('invoicing', () => {
  let sys: TestSystem;
  let oslo: string;
  let kunde: string;
  let other: string;
  let slot: string;
  let accounting: Session;
  let shipmentsOnly: Session;
  const date = bookingDate(3);

  const ok = async (name: string, payload: unknown, as: Session | null = null) => {
    const res = await (as ? sys.as(as) : sys).command(name, payload);
    expect({ name, status: res.status, body: res.status === 200 ? null : res.body }).toEqual({
      name,
      status: 200,
      body: null,
    });
    return res.body as { ids: string[]; events: string[]; failed: unknown[] };
  };
  const query = async <T>(name: string, params: unknown, as: Session | null = null) => {
    await sys.settled();
    const res = await (as ? sys.as(as) : sys).query(name, params);
    expect({ name, status: res.status }).toEqual({ name, status: 200 });
    return res.body as T;
  };
  /** Books an order of a customer on `date`, plans it and delivers it. */
  const delivered = async (customerId: string, over: Record<string, unknown> = {}) => {
    const [id] = (
      await ok('CREATE_ORDER', {
        departmentId: oslo,
        customerId,
        pickupDate: date,
        pickup: osloAddress,
        delivery: { ...osloAddress, zipCode: '0355' },
        measurements: [{ weight: 12, quantity: 1 }],
        ...over,
      })
    ).ids;
    await ok('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [id], slotId: slot });
    await ok('MANUAL_DELIVER', { consignmentIds: [id] });
    return id!;
  };
  const data = (params: Record<string, unknown> = {}) =>
    query<InvoicingData>('invoicingData', {
      departmentId: oslo,
      fromDate: date,
      toDate: date,
      ...params,
    });
  const rowOf = async (orderId: string) =>
    (await data({ limit: 5000 })).rows.find((r) => r.orderId === orderId)!;
  const order = async (orderId: string) =>
    (await query<OrderRow[]>('orders', { ids: [orderId] }))[0]!;

  beforeAll(async () => {
    sys = await startTestSystem();
    const id = async (name: string, payload: unknown) => (await ok(name, payload)).ids[0]!;
    oslo = await id('CREATE_DEPARTMENT', {
      name: 'Oslo',
      departmentType: 'courier',
      country: 'NO',
      address: { street: 'Tollbugata 17', postalCode: '0152', town: 'Oslo', country: 'NO' },
      orgNumber: '974760673',
      vatRegistered: true,
      bankAccount: '8601 11 17947',
    });
    kunde = await id('CREATE_CUSTOMER', {
      name: 'Apotek 1',
      departmentId: oslo,
      orgNumber: '912345602',
      address: { street: 'Karl Johans gate 5', postalCode: '0154', town: 'Oslo', country: 'NO' },
    });
    other = await id('CREATE_CUSTOMER', { name: 'Bokhandel', departmentId: oslo });
    await configureNumberSeries(sys);
    slot = await createSlot(sys, oslo, date);
    for (const [code, kind, group] of [
      ['FREIGHT', 'FREIGHT', 'TRANSPORT'],
      ['KG', 'WEIGHT', 'TRANSPORT'],
      ['WAIT', 'WAITING_TIME', 'TIME'],
      ['DISCOUNT', 'CREDIT', 'CREDITS'],
    ] as const)
      await ok('CREATE_ARTICLE', { code, label: code, kind, group });
    await ok('CREATE_PRICE_LIST', {
      name: 'Oslo',
      departmentId: oslo,
      currency: 'NOK',
      validFrom: date,
      lines: [
        { articleCode: 'FREIGHT', customerPrice: 19_900, resourcePrice: 12_000 },
        { articleCode: 'KG', from: 20, per: 'UNIT', customerPrice: 250 },
        { articleCode: 'WAIT', per: 'UNIT', customerPrice: 900 },
      ],
    });
    accounting = await sys.login({
      phoneNumber: freshPhone(),
      role: 'ACCOUNTING',
      departmentIds: [oslo],
    });
    shipmentsOnly = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [oslo],
      access: ['PLANNER_SHIPMENTS'],
    });
  }, 90_000);
  afterAll(async () => sys?.shutdown());

  it('S4-STATE-011 S4-STATE-012 S4-STATE-013 S4-FLOW-013 S7-CALL-105 pause, release and manual statuses, each with its reason, as invoicingData shows them', async () => {
    const a = await delivered(kunde);
    const b = await delivered(kunde);
    expect((await rowOf(a)).status).toBe('TO_BE_INVOICED');
    // A bulk pause: both held with the reason; pausing again changes nothing.
    const paused = await ok(
      'PAUSE_ORDER_INVOICING',
      { orderIds: [a, b], reason: 'Customer dispute' },
      accounting,
    );
    expect(paused.events).toEqual(['OrderInvoicingStatusSet', 'OrderInvoicingStatusSet']);
    expect((await ok('PAUSE_ORDER_INVOICING', { orderIds: [a], reason: 'again' })).events).toEqual(
      [],
    );
    const row = await rowOf(a);
    expect([row.status, row.heldReason]).toEqual(['INVOICING_PAUSED', 'Customer dispute']);
    expect(
      (await data({ shipmentFilter: 'INVOICING_PAUSED' })).rows.map((r) => r.orderId).sort(),
    ).toEqual([a, b].sort());
    expect((await data()).counts.INVOICING_PAUSED).toBe(2);
    await ok('RELEASE_ORDER_INVOICING', { orderIds: [a] });
    expect((await rowOf(a)).status).toBe('TO_BE_INVOICED');
    // Excluded by hand, then back to its facts.
    await ok('SET_ORDER_INVOICING_STATUS', {
      orderIds: [b],
      status: 'EXCLUDED_FROM_INVOICING',
      reason: 'Invoiced in the old system',
    });
    expect((await rowOf(b)).status).toBe('EXCLUDED_FROM_INVOICING');
    await ok('SET_ORDER_INVOICING_STATUS', {
      orderIds: [b],
      status: 'TO_BE_INVOICED',
      reason: 'Not after all',
    });
    expect((await rowOf(b)).status).toBe('TO_BE_INVOICED');
    // Release from no hold is outside the table: refused, nothing stored.
    const refused = await sys.command('RELEASE_ORDER_INVOICING', { orderIds: [b] });
    expect(refused.status).toBe(409);
    // A status that follows from facts or runs cannot be set.
    expect(
      (
        await sys.command('SET_ORDER_INVOICING_STATUS', {
          orderIds: [b],
          status: 'ZERO_PRICE',
          reason: 'x',
        })
      ).status,
    ).toBe(400);
    // A not yet delivered order is NOT_READY with its reason.
    const [booked] = (
      await ok('CREATE_ORDER', {
        departmentId: oslo,
        customerId: kunde,
        pickupDate: date,
        pickup: osloAddress,
        delivery: osloAddress,
        measurements: [{ weight: 1 }],
      })
    ).ids;
    const waiting = await rowOf(booked!);
    expect([waiting.status, waiting.reason]).toEqual(['NOT_READY_FOR_INVOICING', 'NOT_DELIVERED']);
    // The history names who paused and why (the audit replay's events).
    const history = await query<{ eventType: string; userId: string; data: { reason: string } }[]>(
      'orderHistory',
      { orderId: a },
    );
    expect(history.find((e) => e.eventType === 'OrderInvoicingStatusSet')?.data.reason).toBe(
      'Customer dispute',
    );
    await ok('PAUSE_ORDER_INVOICING', {
      orderIds: [a, b, booked],
      reason: 'keep out of the next tests',
    });
  });

  it('S4-STATE-022 S4-FLOW-024 S4-FLOW-025 S7-CMD-014 S7-CMD-015 S3-ENT-054 S3-ENT-055 a correction is pending, then accepted (values applied and priced) or rejected; a decided one cannot be decided again', async () => {
    const id = await delivered(kunde);
    const before = await query<OrderPrice>('orderPrice', { orderId: id });
    expect(before.customerNet).toBe(19_900);
    const created = await ok(
      'CREATE_ORDER_CORRECTION',
      {
        orderId: id,
        numberOfPackages: 3,
        volumeDmq: 60,
        weightKilograms: 40,
        deliveryWaitingTimeInMinutes: 15,
        comment: 'Three pallets, waited at the gate',
      },
      shipmentsOnly,
    );
    const correctionId = created.ids[0]!;
    let row = await rowOf(id);
    expect([row.status, row.reason, row.pendingCorrections]).toEqual([
      'CORRECTION_PENDING',
      'CORRECTION_PENDING',
      1,
    ]);
    const listed = await query<(OrderCorrection & { shipmentId: string })[]>('orderCorrections', {
      departmentId: oslo,
      state: 'PENDING',
    });
    const mine = listed.find((c) => c.id === correctionId)!;
    expect([mine.orderId, mine.id, mine.existingPackages, mine.state]).toEqual([
      id,
      correctionId,
      1,
      'PENDING',
    ]);
    // A second one waits for the first.
    expect(
      (
        await sys.command('CREATE_ORDER_CORRECTION', {
          orderId: id,
          numberOfPackages: 1,
          volumeDmq: 1,
          weightKilograms: 1,
        })
      ).status,
    ).toBe(409);
    // Accepted with the planner's own values (the accept payload of spec §3).
    await ok('ACCEPT_ORDER_CORRECTION', {
      orderId: id,
      id: correctionId,
      numberOfPackages: 3,
      volumeDmq: 60,
      weightKilograms: 42,
      deliveryWaitingTimeInMinutes: 10,
      pickupWaitingTimeInMinutes: 0,
      deliveryLoadingTimeInMinutes: 0,
      pickupLoadingTimeInMinutes: 0,
      comment: 'Weighed at the terminal',
    });
    const applied = (await order(id)).invoicing!;
    expect(applied.corrected).toEqual({
      numberOfPackages: 3,
      volumeDmq: 60,
      weightKilograms: 42,
      deliveryWaitingTimeInMinutes: 10,
      pickupWaitingTimeInMinutes: 0,
      deliveryLoadingTimeInMinutes: 0,
      pickupLoadingTimeInMinutes: 0,
    });
    expect(applied.corrections[0]!.state).toBe('ACCEPTED');
    // Priced on the corrected weight (42 kg × 2.50) and 10 minutes of waiting (× 9.00).
    const after = await query<OrderPrice>('orderPrice', { orderId: id });
    expect(after.lines.map((l) => [l.articleCode, l.customerAmount])).toEqual([
      ['FREIGHT', 19_900],
      ['KG', 10_500],
      ['WAIT', 9_000],
    ]);
    row = await rowOf(id);
    expect([row.status, row.customerNet]).toEqual(['TO_BE_INVOICED', 39_400]);
    // Accepting it again fails; a new one is rejected and changes nothing.
    expect(
      (
        await sys.command('ACCEPT_ORDER_CORRECTION', {
          orderId: id,
          id: correctionId,
          numberOfPackages: 1,
          volumeDmq: 1,
          weightKilograms: 1,
        })
      ).status,
    ).toBe(409);
    const second = (
      await ok('CREATE_ORDER_CORRECTION', {
        orderId: id,
        numberOfPackages: 9,
        volumeDmq: 9,
        weightKilograms: 99,
      })
    ).ids[0]!;
    await ok('REJECT_ORDER_CORRECTION', { orderId: id, id: second, comment: 'Not measured' });
    const final = (await order(id)).invoicing!;
    expect(final.corrections.map((c) => c.state)).toEqual(['ACCEPTED', 'REJECTED']);
    expect(final.corrected?.weightKilograms).toBe(42);
    expect((await sys.command('REJECT_ORDER_CORRECTION', { orderId: id, id: second })).status).toBe(
      409,
    );
    expect(
      (await sys.command('REJECT_ORDER_CORRECTION', { orderId: id, id: '999999' })).status,
    ).toBe(404);
    await ok('PAUSE_ORDER_INVOICING', { orderIds: [id], reason: 'keep out of the next tests' });
  });

  it('S3-ENT-053 S7-CMD-052 a price correction keeps every field, replaces the computed line, and is an event with who and why', async () => {
    const id = await delivered(other);
    const correction = {
      articleCode: 'FREIGHT',
      customerPrice: 150,
      resourcePrice: 90,
      articleLabel: 'Agreed freight',
      transportLegIndex: 0,
    };
    await ok('UPDATE_ORDER_PRICE_CORRECTIONS', {
      orderId: id,
      correctedArticlePrices: [
        correction,
        { articleCode: 'DISCOUNT', customerPrice: -20, articleLabel: 'Loyalty' },
      ],
      reason: 'Agreed by phone',
    });
    expect((await order(id)).order.correctedArticlePrices[0]).toEqual(correction);
    const price = await query<OrderPrice>('orderPrice', { orderId: id });
    expect(price.lines.map((l) => [l.articleCode, l.customerAmount, l.corrected])).toEqual([
      ['FREIGHT', 15_000, true],
      ['DISCOUNT', -2_000, true],
    ]);
    const history = await query<{ eventType: string; data: { reason: string }; userId: string }[]>(
      'orderHistory',
      { orderId: id },
    );
    const event = history.find((e) => e.eventType === 'OrderPricesCorrected')!;
    expect(event.data.reason).toBe('Agreed by phone');
    expect(event.userId).toBeTruthy();
    // The same list again is no event; an edit of the order keeps the corrections.
    expect(
      (
        await ok('UPDATE_ORDER_PRICE_CORRECTIONS', {
          orderId: id,
          correctedArticlePrices: [
            correction,
            { articleCode: 'DISCOUNT', customerPrice: -20, articleLabel: 'Loyalty' },
          ],
          reason: 'again',
        })
      ).events,
    ).toEqual([]);
    await ok('PAUSE_ORDER_INVOICING', { orderIds: [id], reason: 'keep out of the next tests' });
    // A delivered order is not edited; an order still open is, and its edit keeps the corrections.
    const [open] = (
      await ok('CREATE_ORDER', {
        departmentId: oslo,
        customerId: other,
        pickupDate: date,
        pickup: osloAddress,
        delivery: { ...osloAddress, zipCode: '0355' },
        measurements: [{ weight: 12, quantity: 1 }],
      })
    ).ids;
    await ok('UPDATE_ORDER_PRICE_CORRECTIONS', {
      orderId: open,
      correctedArticlePrices: [correction],
      reason: 'Agreed at booking',
    });
    await ok('UPDATE_ORDER', { orderId: open, orderNote: 'ring twice' });
    const edited = (await order(open!)).order;
    expect([edited.orderNote, edited.correctedArticlePrices]).toEqual(['ring twice', [correction]]);
  });

  it('S3-ENT-052 S7-CMD-052 a billing order with two items is read back whole', async () => {
    const items = [
      {
        specification: 'Storage, pallet place × days',
        quantity: 30,
        customerAmount: 12.5,
        carrierAmount: 0,
        creditLineId: null,
        articleCode: 'STORAGE',
      },
      {
        specification: 'Credit for late delivery',
        quantity: 1,
        customerAmount: -100,
        carrierAmount: 0,
        creditLineId: 'INV-1-3',
        articleCode: 'DISCOUNT',
      },
    ];
    const [id] = (
      await ok('CREATE_BILLING_ORDER', {
        departmentId: oslo,
        customerId: other,
        deliveryDate: date,
        reference: 'March storage',
        items,
      })
    ).ids;
    const rows = await query<BillingOrderRow[]>('billingOrders', { departmentId: oslo });
    const row = rows.find((r) => r.id === id)!;
    expect([row.deliveryDate, row.items, row.invoiced]).toEqual([date, items, null]);
    // A negative amount is a credit and names the line it credits.
    expect(
      (
        await sys.command('CREATE_BILLING_ORDER', {
          departmentId: oslo,
          customerId: other,
          deliveryDate: date,
          items: [{ ...items[1], creditLineId: null }],
        })
      ).status,
    ).toBe(400);
  });

  it('S7-CALL-105 S8-ERR-032 an invoicing run invoices what is ready once: invoices split per customer, lines summing to totals; a second run finds nothing', async () => {
    const x = await delivered(kunde);
    const y = await delivered(kunde, { standaloneInvoice: true });
    const z = await delivered(other);
    const runId = (
      await ok(
        'START_INVOICING_RUN',
        { departmentId: oslo, fromDate: date, toDate: date },
        accounting,
      )
    ).ids[0]!;
    const run = await waitForInvoicingRun(sys, oslo, runId, 'COMPLETED');
    // x alone for Apotek 1, y standalone, z with the billing order for Bokhandel.
    expect([run.orders, run.billingOrders, run.invoiceIds.length]).toEqual([3, 1, 3]);
    // Issued a few at a time (docs/decisions/0047), numbered in the plan's order all the same.
    expect(run.invoiceIds).toEqual([...run.invoiceIds].sort((a, b) => Number(a) - Number(b)));
    const issued = await query<InvoiceRow[]>('invoices', { departmentId: oslo, runId });
    for (const invoice of issued) {
      expect(invoiceTotals(invoice.lines, invoice.vatBasisPoints)).toEqual({
        net: invoice.net,
        vat: invoice.vat,
        gross: invoice.gross,
        resourceNet: invoice.resourceNet,
      });
      expect(invoice.vatBasisPoints).toBe(2500);
    }
    expect(issued.find((i) => i.orderIds.includes(y))).toMatchObject({
      standalone: true,
      orderIds: [y],
    });
    const bok = issued.find((i) => i.orderIds.includes(z))!;
    expect(bok.billingOrderIds).toHaveLength(1);
    expect(bok.customerName).toBe('Bokhandel');
    for (const id of [x, y, z]) expect((await rowOf(id)).status).toBe('INVOICED_OK');
    const invoiced = await query<InvoicedOrderPrice>('invoicedOrderPrice', { orderId: x });
    expect(invoiced.invoiced).toMatchObject({
      runId,
      invoiceNumber: issued.find((i) => i.orderIds.includes(x))!.number,
    });
    expect(invoiced.invoiced!.price!.customerNet).toBe(19_900);
    expect(invoiced.errors).toEqual({
      pickupServices: [],
      deliveryServices: [],
      departmentServices: [],
    });
    // Nothing leaves INVOICED_OK: a pause is refused, a correction too.
    expect(
      (await sys.command('PAUSE_ORDER_INVOICING', { orderIds: [x], reason: 'late' })).status,
    ).toBe(409);
    expect(
      (
        await sys.command('CREATE_ORDER_CORRECTION', {
          orderId: x,
          numberOfPackages: 1,
          volumeDmq: 1,
          weightKilograms: 1,
        })
      ).status,
    ).toBe(409);
    // The same period again: nothing is ready, no invoice.
    const again = (
      await ok('START_INVOICING_RUN', { departmentId: oslo, fromDate: date, toDate: date })
    ).ids[0]!;
    const second = await waitForInvoicingRun(sys, oslo, again, 'COMPLETED');
    expect([second.orders, second.invoiceIds]).toEqual([0, []]);
    // A customer's runs by its own split: the order without a price list is not ready, with why.
    const runs = await query<InvoicingRunRow[]>('invoicingRuns', { departmentId: oslo });
    expect(runs.map((r) => r.id).slice(0, 2)).toEqual([again, runId]);
  });

  it('S7-CALL-037 an issued invoice downloads as PDF, CSV and HTML under its own file name, to those who may read it', async () => {
    const id = await delivered(kunde);
    const runId = (
      await ok('START_INVOICING_RUN', { departmentId: oslo, fromDate: date, toDate: date })
    ).ids[0]!;
    await waitForInvoicingRun(sys, oslo, runId, 'COMPLETED');
    const [invoice] = await query<InvoiceRow[]>('invoices', { departmentId: oslo, orderId: id });
    const download = async (path: string, as: Session = accounting) => {
      const res = await fetch(`${sys.url}${path}`, { headers: { cookie: as.cookie } });
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        cache: res.headers.get('cache-control'),
        body: Buffer.from(await res.arrayBuffer()),
      };
    };
    const link = (type: string, file = invoiceFileName(invoice!, type as 'pdf')) =>
      invoiceDocumentLink(invoice!.id, type, file);
    // A file that is a full link already is used as it is.
    expect(invoiceDocumentLink(invoice!.id, 'pdf', 'https://erp.example/i/7.pdf')).toBe(
      'https://erp.example/i/7.pdf',
    );
    const pdf = await download(link('pdf'));
    expect([pdf.status, pdf.type, pdf.body.subarray(0, 5).toString('latin1')]).toEqual([
      200,
      'application/pdf',
      '%PDF-',
    ]);
    // It outlives no session in the browser's cache.
    expect(pdf.cache).toBe('no-store');
    const csv = await download(link('csv'));
    expect([csv.status, csv.type]).toEqual([200, 'text/csv; charset=utf-8']);
    expect(csv.body.toString('utf8')).toContain(invoice!.number);
    const html = await download(link('html'));
    const page = html.body.toString('utf8').replace(/>\s+</g, '><');
    expect(page).toContain('Apotek 1');
    // Issue 36: the seller as the department stood when issued, its account and the KID; in
    // Norwegian, the Norwegian seller's language, with Norwegian dates (0038, invoice language).
    const norwegian = (iso: string) => iso.split('-').reverse().join('.');
    for (const text of [
      '<html lang="nb">',
      '<h1>Faktura</h1>',
      '<div class="seller-name">Oslo</div>',
      '<div class="address"><div>Tollbugata 17</div><div>0152 Oslo</div></div>',
      '<div>Org.nr. 974 760 673 MVA</div>',
      '<th>Kontonummer</th><td class="account">8601 11 17947</td>',
      '<div class="address"><div>Karl Johans gate 5</div><div>0154 Oslo</div></div>',
      `<tr><th>Forfallsdato</th><td>${norwegian(invoice!.dueDate)}</td></tr>`,
    ])
      expect(page).toContain(text);
    const kid = /<th>KID<\/th><td class="reference">(\d+)<\/td>/.exec(page)?.[1] ?? '';
    // KID: the invoice number and a mod-10 check digit (weights 2, 1, … from the right).
    const body = kid.slice(0, -1);
    let sum = 0;
    [...body].reverse().forEach((d, i) => {
      const p = Number(d) * (i % 2 === 0 ? 2 : 1);
      sum += p > 9 ? p - 9 : p;
    });
    expect({ kid, body, check: Number(kid.at(-1)) }).toEqual({
      kid,
      body: invoice!.number,
      check: (10 - (sum % 10)) % 10,
    });
    // Another file name, another type, an unknown invoice: not found.
    // (A name that is never this invoice's, whatever number it drew.)
    expect((await download(link('pdf', `invoice-${invoice!.number}-copy.pdf`))).status).toBe(404);
    expect((await download(link('xml', `invoice-${invoice!.number}.xml`))).status).toBe(404);
    expect(
      (await download(invoiceDocumentLink('999999', 'pdf', 'invoice-999999.pdf'))).status,
    ).toBe(404);
    // Accounting of another department does not find it; a planner without invoicing is refused.
    const bergen = (
      await ok('CREATE_DEPARTMENT', { name: 'Bergen', departmentType: 'courier', country: 'NO' })
    ).ids[0]!;
    const elsewhere = await sys.login({
      phoneNumber: freshPhone(),
      role: 'ACCOUNTING',
      departmentIds: [bergen],
    });
    expect((await download(link('pdf'), elsewhere)).status).toBe(404);
    expect((await download(link('csv'), shipmentsOnly)).status).toBe(403);
  });

  it('each order is invoiced once under two runs going at the same time in two runners', async () => {
    // The system's own runner steps aside: two runners of our own take one run each, and both
    // read what is ready before either issues an invoice.
    await sys.invoicing.stop();
    const orders = [
      await delivered(kunde),
      await delivered(kunde),
      await delivered(other),
      await delivered(other),
    ];
    let readers = 0;
    let release: () => void = () => undefined;
    const bothRead = new Promise<void>((resolve) => (release = resolve));
    const store = sys.store;
    const runner = () =>
      new InvoicingRunner({
        store,
        knex: sys.db.knex,
        ids: new PostgresIdAllocator(sys.db.knex),
        readCandidates: async (run) => {
          const found = await readInvoicingCandidates(sys.db.knex, run);
          if (++readers === 2) release();
          await bothRead;
          return found;
        },
        logger: silentLogger(),
        waitForPosition: () => sys.settled(),
      });
    const a = (
      await ok('START_INVOICING_RUN', { departmentId: oslo, fromDate: date, toDate: date })
    ).ids[0]!;
    const b = (
      await ok('START_INVOICING_RUN', { departmentId: oslo, fromDate: date, toDate: date })
    ).ids[0]!;
    await sys.settled();
    await Promise.all([runner().take(a), runner().take(b)]);
    const runA = await waitForInvoicingRun(sys, oslo, a, 'COMPLETED');
    const runB = await waitForInvoicingRun(sys, oslo, b, 'COMPLETED');
    expect(runA.orders + runB.orders).toBe(4);
    expect(runA.takenByOthers + runB.takenByOthers).toBeGreaterThan(0);
    const issued = await query<InvoiceRow[]>('invoices', { departmentId: oslo });
    const onInvoices = issued.flatMap((i) => i.orderIds).filter((id) => orders.includes(id));
    expect(onInvoices.sort()).toEqual([...orders].sort());
    for (const id of orders) {
      const events = (await store.readStream(`order-${id}`)).filter(
        (e) => e.type === 'OrderInvoiced',
      );
      expect(events).toHaveLength(1);
    }
  });

  it('an order corrected after a run priced it is left by that run and invoiced by the next at its new price', async () => {
    await sys.invoicing.stop();
    const stale = await delivered(other);
    const fresh = await delivered(other);
    const store = sys.store;
    const runner = (meanwhile: () => Promise<void>) =>
      new InvoicingRunner({
        store,
        knex: sys.db.knex,
        ids: new PostgresIdAllocator(sys.db.knex),
        readCandidates: async (run) => {
          const found = await readInvoicingCandidates(sys.db.knex, run);
          await meanwhile();
          return found;
        },
        logger: silentLogger(),
        waitForPosition: () => sys.settled(),
      });
    const start = async () =>
      (await ok('START_INVOICING_RUN', { departmentId: oslo, fromDate: date, toDate: date }))
        .ids[0]!;
    const first = await start();
    await sys.settled();
    // Priced at 199 kr; the freight is corrected to 120 kr before the invoice is issued.
    await runner(async () => {
      await ok('UPDATE_ORDER_PRICE_CORRECTIONS', {
        orderId: stale,
        correctedArticlePrices: [{ articleCode: 'FREIGHT', customerPrice: 120 }],
        reason: 'Agreed after delivery',
      });
    }).take(first);
    const one = await waitForInvoicingRun(sys, oslo, first, 'COMPLETED');
    expect([one.orders, one.changed, one.takenByOthers]).toEqual([1, 1, 0]);
    expect((await rowOf(stale)).status).toBe('TO_BE_INVOICED');
    expect((await rowOf(fresh)).status).toBe('INVOICED_OK');
    const second = await start();
    await sys.settled();
    await runner(async () => undefined).take(second);
    const two = await waitForInvoicingRun(sys, oslo, second, 'COMPLETED');
    expect([two.orders, two.changed]).toEqual([1, 0]);
    const invoiced = await query<InvoicedOrderPrice>('invoicedOrderPrice', { orderId: stale });
    expect([invoiced.invoiced?.runId, invoiced.invoiced?.price?.customerNet]).toEqual([
      second,
      12_000,
    ]);
  });

  it('S7-CALL-104 multilegOrderPrice prices each leg on its own with its legs’ corrections, and a planner without PLANNER_INVOICING is refused invoicingData', async () => {
    const first = await delivered(other);
    const second = await delivered(other);
    await ok('UPDATE_ORDER_PRICE_CORRECTIONS', {
      orderId: second,
      correctedArticlePrices: [
        { articleCode: 'FREIGHT', customerPrice: 100, transportLegIndex: 1 },
      ],
      reason: 'Terminal leg agreed',
    });
    const legs = await query<MultilegOrderPrice>('multilegOrderPrice', {
      orderIds: [first, second],
    });
    expect(legs.legs.map((l) => [l.transportLegIndex, l.price.customerNet])).toEqual([
      [0, 19_900],
      [1, 10_000],
    ]);
    expect(legs.customerNet).toBe(29_900);
    expect(
      (
        await sys
          .as(shipmentsOnly)
          .query('invoicingData', { departmentId: oslo, fromDate: date, toDate: date })
      ).status,
    ).toBe(403);
    expect((await sys.as(shipmentsOnly).query('invoicingData', {})).status).toBe(403);
    expect((await sys.query('invoicingData', { departmentId: oslo })).status).toBe(400);
  });
});

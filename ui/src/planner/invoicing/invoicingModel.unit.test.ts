import { describe, expect, it } from '@jest/globals';
import {
  createBillingOrderSchema,
  invoicingStatuses,
  MAX_INVOICING_BULK,
  type BillingOrder,
  type OrderPrice,
} from '@nordlog/contracts';
import fc from 'fast-check';
import { confirmationTimeouts } from '../../shell/timeouts';
import {
  billingFormDefaults,
  billingFormIssues,
  billingFormTotal,
  billingPayload,
  emptyBillingItem,
} from './billingModel';
import { bulkPayloads, pageSelection, toggleAllOnPage, toggleOne } from './bulkModel';
import {
  acceptCorrection,
  correctionFormDefaults,
  correctionsDate,
  correctionsParams,
  correctionsPath,
  defaultCorrectionFilter,
  filterCorrections,
  proposalDefaults,
  proposeCorrection,
  rejectPayload,
} from './correctionsModel';
import {
  billingOrderTotal,
  CORRECTION_TOAST_MS,
  formatAmount,
  formatMoney,
  invoicingDataParams,
  invoicingPath,
  isRunActive,
  majorToMinor,
  monthPeriod,
  newestRunsFirst,
  parseInvoicingPath,
  periodProblem,
  runsEndedSince,
  searchOf,
  startRunPayload,
  type InvoicingView,
} from './invoicingModel';
import { priceCorrectionPayload, priceCorrectionRows } from './priceCorrectionModel';

const today = '2026-11-22';

describe('the invoicing route (spec §2 optional segments)', () => {
  it('defaults to this month, every status, no search and no customer', () => {
    expect(parseInvoicingPath('invoicing', '', today)).toEqual({
      base: 'invoicing',
      fromDate: '2026-11-01',
      toDate: '2026-11-30',
      shipmentFilter: 'ALL',
      search: '',
      customerAlystraId: '',
    });
    expect(monthPeriod('2028-02-10')).toEqual({ fromDate: '2028-02-01', toDate: '2028-02-29' });
  });

  it('reads every segment; `-` and empty are no value; a status in any case', () => {
    expect(
      parseInvoicingPath(
        'invoicing-new',
        '2026-10-01/2026-10-15/invoicing_paused/abc%20d/-',
        today,
      ),
    ).toEqual({
      base: 'invoicing-new',
      fromDate: '2026-10-01',
      toDate: '2026-10-15',
      shipmentFilter: 'INVOICING_PAUSED',
      search: 'abc d',
      customerAlystraId: '',
    });
    expect(
      parseInvoicingPath('invoicing', '2026-10-01/2026-10-15/ALL/-/10042', today),
    ).toMatchObject({ search: '', customerAlystraId: '10042' });
  });

  it('falls back on bad values: a bad date, an end before the start, an unknown status', () => {
    const v = parseInvoicingPath('invoicing', '2026-13-01/2026-02-30/NOPE/%E0%A4%A', today);
    expect(v.fromDate).toBe('2026-11-01');
    expect(v.toDate).toBe('2026-11-30');
    expect(v.shipmentFilter).toBe('ALL');
    expect(v.search).toBe('%E0%A4%A');
    expect(parseInvoicingPath('invoicing', '2026-10-10/2026-10-01', today).toDate).toBe(
      '2026-10-31',
    );
    expect(parseInvoicingPath('invoicing', '2026-10-10', today).toDate).toBe('2026-10-31');
  });

  it('writes a path without trailing defaults and with `-` for an empty middle part', () => {
    const base = parseInvoicingPath('invoicing', '', today);
    expect(invoicingPath('7', base)).toBe('/planner/7/invoicing/2026-11-01/2026-11-30');
    expect(invoicingPath('7', { ...base, shipmentFilter: 'ZERO_PRICE' })).toBe(
      '/planner/7/invoicing/2026-11-01/2026-11-30/ZERO_PRICE',
    );
    expect(invoicingPath('group_2', { ...base, customerAlystraId: '55/1' })).toBe(
      '/planner/group_2/invoicing/2026-11-01/2026-11-30/ALL/-/55%2F1',
    );
    expect(invoicingPath('7', { ...base, base: 'invoicing-new', search: 'a b' })).toBe(
      '/planner/7/invoicing-new/2026-11-01/2026-11-30/ALL/a%20b',
    );
  });

  it('property: a written path reads back as the same view', () => {
    const date = fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    const text = fc.string({ maxLength: 20 }).map((s) => s.trim());
    fc.assert(
      fc.property(
        date,
        fc.integer({ min: 0, max: 90 }),
        fc.constantFrom('ALL' as const, ...invoicingStatuses),
        text.filter((s) => s !== '-'),
        text.filter((s) => s !== '-'),
        (from, days, filter, search, customer) => {
          const to = new Date(Date.parse(from) + days * 86_400_000).toISOString().slice(0, 10);
          const view: InvoicingView = {
            base: 'invoicing',
            fromDate: from,
            toDate: to,
            shipmentFilter: filter,
            search,
            customerAlystraId: customer,
          };
          const path = invoicingPath('3', view);
          const rest = path.slice('/planner/3/invoicing/'.length);
          expect(parseInvoicingPath('invoicing', rest, today)).toEqual(view);
        },
      ),
      { numRuns: 300, seed: 2026 },
    );
  });

  it('a period is at most 93 days and does not end before it starts', () => {
    expect(periodProblem('2026-01-01', '2026-04-04')).toBe(null);
    expect(periodProblem('2026-01-01', '2026-04-05')).toBe('tooLong');
    expect(periodProblem('2026-02-01', '2026-01-31')).toBe('order');
    expect(periodProblem('2026-02-30', '2026-03-01')).toBe('invalid');
  });

  it('a search needs 3 characters; the query params carry the customer only when set', () => {
    expect(searchOf(' ab ')).toBe('');
    expect(searchOf(' abc ')).toBe('abc');
    const view = parseInvoicingPath('invoicing', '2026-11-01/2026-11-30/TO_BE_INVOICED/abc', today);
    expect(invoicingDataParams('4', view, 100, 200)).toEqual({
      departmentId: '4',
      fromDate: '2026-11-01',
      toDate: '2026-11-30',
      shipmentFilter: 'TO_BE_INVOICED',
      search: 'abc',
      limit: 100,
      offset: 200,
    });
    expect(invoicingDataParams('4', { ...view, customerAlystraId: '77' }, 50, 0)).toMatchObject({
      customerAlystraId: '77',
    });
  });
});

describe('money', () => {
  it('minor units with 2 decimals and the currency', () => {
    expect(formatMoney(123456, 'NOK', 'en')).toBe('1,234.56 NOK');
    expect(formatMoney(5, 'EUR', 'en')).toBe('0.05 EUR');
    expect(formatMoney(-1230, 'SEK', 'en')).toBe('-12.30 SEK');
    expect(formatAmount(-0, 'en')).toBe('0.00');
    expect(formatMoney(100, null, 'en')).toBe('1.00');
    expect(formatAmount(123456, 'nb')).toMatch(/^1\s234,56$/u);
    expect(formatAmount(123456, 'fr')).toMatch(/^1\s234,56$/u);
  });

  it('major units to minor, half away from zero, as the server does', () => {
    expect(majorToMinor(123.45)).toBe(12345);
    expect(majorToMinor(-0.005)).toBe(-1);
    expect(majorToMinor(0.1 + 0.2)).toBe(30);
    expect(Object.is(majorToMinor(-0), 0)).toBe(true);
  });

  it('a billing order’s total is the sum of its lines', () => {
    const order = {
      id: '1',
      departmentId: '1',
      customerId: '2',
      deliveryDate: today,
      reference: '',
      createdBy: '1',
      createdAt: '',
      invoiced: null,
      items: [
        {
          specification: 'a',
          quantity: 3,
          customerAmount: 10.1,
          carrierAmount: 0,
          creditLineId: null,
          articleCode: 'A',
        },
        {
          specification: 'b',
          quantity: 1,
          customerAmount: -5,
          carrierAmount: 0,
          creditLineId: 'L1',
          articleCode: 'B',
        },
      ],
    } satisfies BillingOrder;
    expect(billingOrderTotal(order)).toBe(3030 - 500);
  });
});

describe('selection of a page', () => {
  it('select-all takes the page’s rows, or drops them when all are chosen', () => {
    const page = ['1', '2', '3'];
    let s = toggleOne(new Set(['9']), '2');
    expect(pageSelection(s, page)).toBe('some');
    s = toggleAllOnPage(s, page);
    expect([...s].sort()).toEqual(['1', '2', '3', '9']);
    expect(pageSelection(s, page)).toBe('all');
    s = toggleAllOnPage(s, page);
    expect([...s]).toEqual(['9']);
    expect(pageSelection(s, page)).toBe('none');
    expect(pageSelection(new Set(), [])).toBe('none');
    expect([...toggleOne(new Set(['1']), '1')]).toEqual([]);
  });
});

describe('bulk payloads (contracts’ schemas)', () => {
  it('pause and set status need a reason; release does not', () => {
    expect(bulkPayloads('pause', ['1'], { reason: '  ', status: '' }).issues).toEqual({
      reason: 'validation.required',
    });
    expect(bulkPayloads('setStatus', ['1'], { reason: '', status: '' }).issues).toEqual({
      reason: 'validation.required',
      status: 'validation.required',
    });
    expect(bulkPayloads('release', ['1', '2'], { reason: '', status: '' })).toEqual({
      payloads: [{ orderIds: ['1', '2'], reason: '' }],
      issues: {},
    });
    expect(bulkPayloads('pause', ['1'], { reason: 'x'.repeat(501), status: '' }).issues).toEqual({
      reason: 'validation.tooLong',
    });
  });

  it('builds one payload per chunk of at most MAX_INVOICING_BULK orders, reason trimmed', () => {
    const ids = Array.from({ length: MAX_INVOICING_BULK + 5 }, (_, i) => String(i + 1));
    const { payloads, issues } = bulkPayloads('setStatus', ids, {
      reason: ' customer asked ',
      status: 'EXCLUDED_FROM_INVOICING',
    });
    expect(issues).toEqual({});
    expect(payloads).toHaveLength(2);
    expect(payloads[0]).toEqual({
      orderIds: ids.slice(0, MAX_INVOICING_BULK),
      status: 'EXCLUDED_FROM_INVOICING',
      reason: 'customer asked',
    });
    expect((payloads[1]!.orderIds as string[]).length).toBe(5);
  });
});

describe('invoicing runs', () => {
  it('a run is active while requested or running; newest first; finished ones are told', () => {
    expect(isRunActive('REQUESTED')).toBe(true);
    expect(isRunActive('RUNNING')).toBe(true);
    expect(isRunActive('COMPLETED')).toBe(false);
    expect(isRunActive('FAILED')).toBe(false);
    const runs = [
      { id: '9', requestedAt: '2026-11-01T10:00:00Z', state: 'COMPLETED' as const },
      { id: '10', requestedAt: '2026-11-01T10:00:00Z', state: 'RUNNING' as const },
      { id: '11', requestedAt: '2026-11-02T10:00:00Z', state: 'FAILED' as const },
    ];
    expect(newestRunsFirst(runs).map((r) => r.id)).toEqual(['11', '10', '9']);
    // Ended runs not known to have ended: also one never seen going (it ended before a fetch).
    expect(runsEndedSince(new Set(['9']), runs)).toEqual(['11']);
    expect(runsEndedSince(new Set(), runs)).toEqual(['9', '11']);
    expect(runsEndedSince(new Set(['9', '11']), runs)).toEqual([]);
  });

  it('START_INVOICING_RUN: the period in order, an optional customer', () => {
    expect(
      startRunPayload('4', { fromDate: '2026-11-01', toDate: '2026-11-30', customerId: '' }),
    ).toEqual({
      payload: {
        departmentId: '4',
        fromDate: '2026-11-01',
        toDate: '2026-11-30',
        customerId: null,
      },
      issues: {},
    });
    expect(
      startRunPayload('4', { fromDate: '2026-11-01', toDate: '2026-11-30', customerId: ' 12 ' })
        .payload,
    ).toMatchObject({ customerId: '12' });
    expect(
      startRunPayload('4', { fromDate: '2026-11-05', toDate: '2026-11-01', customerId: 'abc' }),
    ).toEqual({
      payload: null,
      issues: { toDate: 'validation.dateRange', customerId: 'validation.unknownId' },
    });
    expect(
      startRunPayload('4', { fromDate: '', toDate: '2026-11-01', customerId: '' }).issues,
    ).toMatchObject({ fromDate: 'validation.date' });
  });
});

describe('billing order form (createBillingOrderSchema)', () => {
  const valid = {
    ...billingFormDefaults(today),
    customerId: '12',
    items: [
      {
        ...emptyBillingItem(),
        specification: 'Storage',
        quantity: '2',
        customerAmount: '123,45',
        articleCode: 'STORAGE',
      },
    ],
  };

  it('a valid form is a valid command: decimal commas read, amounts in major units', () => {
    expect(billingFormIssues('4', valid)).toEqual({});
    const parsed = createBillingOrderSchema.parse(billingPayload('4', valid));
    expect(parsed.items[0]).toEqual({
      specification: 'Storage',
      quantity: 2,
      customerAmount: 123.45,
      carrierAmount: 0,
      creditLineId: null,
      articleCode: 'STORAGE',
    });
    expect(billingFormTotal(valid)).toBe(24690);
  });

  it('says what is wrong, field by field', () => {
    const issues = billingFormIssues('4', {
      customerId: '',
      deliveryDate: '',
      reference: '',
      items: [
        {
          specification: '',
          quantity: '0',
          customerAmount: '1.234',
          carrierAmount: 'x',
          creditLineId: '',
          articleCode: 'bad code',
        },
        {
          ...emptyBillingItem(),
          specification: 'Credit',
          customerAmount: '-10',
          articleCode: 'CR',
        },
        {
          ...emptyBillingItem(),
          specification: 'Half',
          quantity: '1.5',
          customerAmount: '',
          articleCode: 'A',
        },
      ],
    });
    expect(issues).toEqual({
      customerId: 'validation.required',
      deliveryDate: 'validation.required',
      'items.0.specification': 'validation.required',
      'items.0.quantity': 'validation.positiveInteger',
      'items.0.customerAmount': 'invoicingScreen.billing.form.twoDecimals',
      'items.0.carrierAmount': 'validation.number',
      'items.0.articleCode': 'invoicingScreen.billing.form.articleCodeRule',
      'items.1.creditLineId': 'invoicingScreen.billing.form.creditNeedsLine',
      'items.2.quantity': 'validation.positiveInteger',
      'items.2.customerAmount': 'validation.required',
    });
    expect(billingFormIssues('4', { ...valid, items: [] })).toEqual({
      items: 'validation.atLeastOne',
    });
    expect(billingFormIssues('4', { ...valid, customerId: 'abc' })).toEqual({
      customerId: 'validation.unknownId',
    });
  });
});

describe('order corrections', () => {
  const correction = {
    id: '5',
    orderId: '77',
    proposed: {
      numberOfPackages: 3,
      volumeDmq: 12.5,
      weightKilograms: 40,
      deliveryWaitingTimeInMinutes: 10,
      pickupWaitingTimeInMinutes: 0,
      deliveryLoadingTimeInMinutes: 5,
      pickupLoadingTimeInMinutes: 0,
    },
  };

  it('the accept dialog starts with the proposal and sends it by acceptOrderCorrectionSchema', () => {
    const values = correctionFormDefaults(correction);
    expect(values.volumeDmq).toBe('12.5');
    expect(
      acceptCorrection(correction, { ...values, weightKilograms: '41,5', comment: ' ok ' }),
    ).toEqual({
      payload: {
        orderId: '77',
        id: '5',
        numberOfPackages: 3,
        volumeDmq: 12.5,
        weightKilograms: 41.5,
        deliveryWaitingTimeInMinutes: 10,
        pickupWaitingTimeInMinutes: 0,
        deliveryLoadingTimeInMinutes: 5,
        pickupLoadingTimeInMinutes: 0,
        comment: 'ok',
      },
      issues: {},
    });
  });

  it('the accept dialog’s rules: whole numbers, not negative, numbers; empty minutes are 0', () => {
    const values = correctionFormDefaults(correction);
    expect(
      acceptCorrection(correction, {
        ...values,
        numberOfPackages: '2.5',
        volumeDmq: '-1',
        weightKilograms: 'abc',
        pickupWaitingTimeInMinutes: '',
        deliveryLoadingTimeInMinutes: '2000',
      }).issues,
    ).toEqual({
      numberOfPackages: 'validation.integer',
      volumeDmq: 'validation.notNegative',
      weightKilograms: 'validation.number',
      deliveryLoadingTimeInMinutes: 'validation.invalid',
    });
    expect(
      acceptCorrection(correction, { ...values, pickupWaitingTimeInMinutes: '' }).payload,
    ).toMatchObject({ pickupWaitingTimeInMinutes: 0 });
    expect(acceptCorrection(correction, { ...values, numberOfPackages: '' }).issues).toEqual({
      numberOfPackages: 'validation.required',
    });
  });

  it('reject takes an optional comment', () => {
    expect(rejectPayload(correction, '')).toEqual({ orderId: '77', id: '5', comment: '' });
    expect(rejectPayload(correction, 'x'.repeat(1001))).toBeNull();
  });

  it('the screen’s filter: pending by default, decided under /old; the query filters one state', () => {
    expect(defaultCorrectionFilter(false)).toBe('PENDING');
    expect(defaultCorrectionFilter(true)).toBe('DECIDED');
    expect(correctionsParams('4', '2026-11-22', 'PENDING')).toEqual({
      departmentId: '4',
      date: '2026-11-22',
      state: 'PENDING',
    });
    expect(correctionsParams('4', null, 'DECIDED')).toEqual({ departmentId: '4' });
    const rows = [
      { state: 'PENDING' as const },
      { state: 'ACCEPTED' as const },
      { state: 'REJECTED' as const },
    ];
    expect(filterCorrections(rows, 'DECIDED')).toHaveLength(2);
    expect(filterCorrections(rows, 'ALL')).toHaveLength(3);
    expect(filterCorrections(rows, 'REJECTED')).toEqual([{ state: 'REJECTED' }]);
    expect(correctionsPath('4', true, '2026-11-22')).toBe('/planner/4/corrections/old/2026-11-22');
    expect(correctionsPath('4', false, null)).toBe('/planner/4/corrections');
    expect(correctionsDate('2026-02-30')).toBeNull();
    expect(correctionsDate('2026-02-28')).toBe('2026-02-28');
  });

  it('S7: the correction toasts last exactly 1000 ms', () => {
    expect(CORRECTION_TOAST_MS).toBe(1000);
    expect(CORRECTION_TOAST_MS).toBe(confirmationTimeouts.correctionDecided);
  });
});

describe('price corrections (the price dialog)', () => {
  const line = (over: Partial<OrderPrice['lines'][number]>) => ({
    articleCode: 'FREIGHT',
    label: 'Freight',
    kind: 'FREIGHT' as const,
    quantity: 1,
    customerUnitPrice: 19_900,
    customerAmount: 19_900,
    resourceAmount: 12_000,
    corrected: false,
    ...over,
  });

  it('starts from the order’s corrected lines only, amounts back in major units', () => {
    expect(
      priceCorrectionRows({
        lines: [
          line({}),
          line({ articleCode: 'KG', label: 'Weight', customerAmount: 15_050, corrected: true }),
          line({
            articleCode: 'DISCOUNT',
            label: 'Loyalty',
            customerAmount: -2_000,
            resourceAmount: 0,
            corrected: true,
          }),
        ],
      }),
    ).toEqual([
      { articleCode: 'KG', articleLabel: 'Weight', customerPrice: '150.5', resourcePrice: '120' },
      { articleCode: 'DISCOUNT', articleLabel: 'Loyalty', customerPrice: '-20', resourcePrice: '' },
    ]);
  });

  it('sends the whole list with a reason by the contracts’ schema; decimal commas read; codes upper-cased', () => {
    const { payload, issues } = priceCorrectionPayload(
      '7',
      [{ articleCode: 'freight', articleLabel: '', customerPrice: '150,50', resourcePrice: '' }],
      ' Agreed by phone ',
    );
    expect(issues).toEqual({});
    expect(payload).toEqual({
      orderId: '7',
      reason: 'Agreed by phone',
      correctedArticlePrices: [{ articleCode: 'FREIGHT', articleLabel: '', customerPrice: 150.5 }],
    });
    // An empty list drops every correction, with a reason too.
    expect(priceCorrectionPayload('7', [], 'Back to the list price').payload).toMatchObject({
      correctedArticlePrices: [],
    });
  });

  it('says what is wrong, field by field: reason, price, code, and an article corrected twice', () => {
    const { payload, issues } = priceCorrectionPayload(
      '7',
      [
        { articleCode: 'FREIGHT', articleLabel: '', customerPrice: 'abc', resourcePrice: '' },
        { articleCode: 'FREIGHT', articleLabel: '', customerPrice: '', resourcePrice: '' },
        { articleCode: 'ø', articleLabel: '', customerPrice: '1', resourcePrice: '' },
      ],
      '',
    );
    expect(payload).toBeNull();
    expect(issues).toEqual({
      reason: 'validation.required',
      'rows.0.customerPrice': 'validation.number',
      'rows.1.articleCode': 'invoicingScreen.prices.duplicate',
      'rows.1.customerPrice': 'validation.required',
      'rows.2.articleCode': 'invoicingScreen.billing.form.articleCodeRule',
    });
  });
});

describe('a planner’s proposed correction', () => {
  it('starts from the booked packages with nothing measured; minutes left empty are 0', () => {
    const values = proposalDefaults(3);
    expect(values.numberOfPackages).toBe('3');
    expect(proposeCorrection('7', values).issues).toEqual({
      volumeDmq: 'validation.required',
      weightKilograms: 'validation.required',
    });
    const { payload } = proposeCorrection('7', {
      ...values,
      volumeDmq: '40',
      weightKilograms: '12,5',
      comment: 'Measured at the terminal',
    });
    expect(payload).toEqual({
      orderId: '7',
      numberOfPackages: 3,
      volumeDmq: 40,
      weightKilograms: 12.5,
      deliveryWaitingTimeInMinutes: 0,
      pickupWaitingTimeInMinutes: 0,
      deliveryLoadingTimeInMinutes: 0,
      pickupLoadingTimeInMinutes: 0,
      comment: 'Measured at the terminal',
    });
  });
});

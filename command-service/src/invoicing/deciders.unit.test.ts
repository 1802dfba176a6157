import { describe, expect, it } from '@jest/globals';
import {
  billingLines,
  createBillingOrderSchema,
  invoiceTotals,
  startInvoicingRunSchema,
  type BillingOrder,
  type BillingOrderEvent,
  type Invoice,
  type InvoiceEvent,
  type InvoicingRunEvent,
  type InvoicingRunOutcome,
} from '@nordlog/contracts';
import { fold } from '../framework/decider.js';
import { given } from '../framework/testing.js';
import {
  billingOrderDecider,
  invoiceDecider,
  invoicingRunDecider,
  type InvoicingRunCommand,
} from './deciders.js';

const REQUESTED_AT = '2026-12-01T06:00:00.000Z';
const STARTED_AT = '2026-12-01T06:00:05.000Z';
const ENDED_AT = '2026-12-01T06:01:10.000Z';

const run = {
  ...startInvoicingRunSchema.parse({
    departmentId: '1',
    fromDate: '2026-11-01',
    toDate: '2026-11-30',
  }),
  id: '40',
  requestedBy: '3',
  requestedAt: REQUESTED_AT,
};
const requested: InvoicingRunEvent = { type: 'InvoicingRunRequested', data: run };
const started: InvoicingRunEvent = {
  type: 'InvoicingRunStarted',
  data: { id: '40', at: STARTED_AT },
};
const outcome: InvoicingRunOutcome = {
  invoiceIds: ['41', '42'],
  orders: 17,
  billingOrders: 1,
  takenByOthers: 2,
  changed: 1,
  totals: [{ currency: 'NOK', net: 1_250_000, vat: 312_500, gross: 1_562_500 }],
};
const completed: InvoicingRunEvent = {
  type: 'InvoicingRunCompleted',
  data: { id: '40', at: ENDED_AT, ...outcome },
};
const failed: InvoicingRunEvent = {
  type: 'InvoicingRunFailed',
  data: { id: '40', at: ENDED_AT, errors: ['the read model did not catch up'] },
};
const start: InvoicingRunCommand = { type: 'start', at: STARTED_AT };
const complete: InvoicingRunCommand = { type: 'complete', at: ENDED_AT, ...outcome };
const fail: InvoicingRunCommand = {
  type: 'fail',
  at: ENDED_AT,
  errors: ['the read model did not catch up'],
};

describe('an invoicing run', () => {
  it('is requested once', () => {
    given(invoicingRunDecider).when({ type: 'request', run }).then([requested]);
    given(invoicingRunDecider, [requested])
      .when({ type: 'request', run })
      .thenRefuses('ALREADY_EXISTS');
  });

  it('refuses start, completion and failure of a run that was never requested', () => {
    given(invoicingRunDecider).when(start).thenRefuses('NOT_FOUND');
    given(invoicingRunDecider).when(complete).thenRefuses('NOT_FOUND');
    given(invoicingRunDecider).when(fail).thenRefuses('NOT_FOUND');
  });

  it('is started only from REQUESTED: one runner takes it', () => {
    given(invoicingRunDecider, [requested]).when(start).then([started]);
    for (const history of [
      [requested, started],
      [requested, started, completed],
      [requested, started, failed],
      [requested, failed],
    ])
      given(invoicingRunDecider, history).when(start).thenRefuses('INVALID_STATE_TRANSITION');
  });

  it('completes only while RUNNING, with what it did', () => {
    given(invoicingRunDecider, [requested, started]).when(complete).then([completed]);
    for (const history of [
      [requested],
      [requested, started, completed],
      [requested, started, failed],
    ])
      given(invoicingRunDecider, history).when(complete).thenRefuses('INVALID_STATE_TRANSITION');
  });

  it('fails while requested or running; a failure once it has ended is no event', () => {
    given(invoicingRunDecider, [requested]).when(fail).then([failed]);
    given(invoicingRunDecider, [requested, started]).when(fail).then([failed]);
    given(invoicingRunDecider, [requested, started, completed]).when(fail).thenNothing();
    given(invoicingRunDecider, [requested, started, failed]).when(fail).thenNothing();
  });

  it('folds into its state, times and outcome', () => {
    expect(fold(invoicingRunDecider, [requested, started, completed])).toMatchObject({
      id: '40',
      state: 'COMPLETED',
      customerId: null,
      startedAt: STARTED_AT,
      endedAt: ENDED_AT,
      ...outcome,
      errors: [],
    });
    expect(fold(invoicingRunDecider, [requested, started, failed])).toMatchObject({
      state: 'FAILED',
      endedAt: ENDED_AT,
      errors: ['the read model did not catch up'],
      invoiceIds: [],
    });
  });
});

const billingOrder: Omit<BillingOrder, 'invoiced'> = {
  ...createBillingOrderSchema.parse({
    departmentId: '1',
    customerId: '2',
    deliveryDate: '2026-11-30',
    reference: 'Storage November',
    items: [
      {
        specification: 'Pallet storage, November',
        quantity: 12,
        customerAmount: 149.5,
        carrierAmount: 0,
        articleCode: 'STORAGE',
      },
      {
        specification: 'Credit: double freight on invoice 100031',
        quantity: 1,
        customerAmount: -399,
        creditLineId: '100031-2',
        articleCode: 'CREDIT',
      },
    ],
  }),
  id: '50',
  createdBy: '3',
  createdAt: REQUESTED_AT,
};
const billingCreated: BillingOrderEvent = { type: 'BillingOrderCreated', data: billingOrder };
const billingInvoiced: BillingOrderEvent = {
  type: 'BillingOrderInvoiced',
  data: { id: '50', runId: '40', invoiceId: '41', invoiceNumber: '100041' },
};
const invoiceBilling = {
  type: 'invoice',
  runId: '40',
  invoiceId: '41',
  invoiceNumber: '100041',
} as const;

describe('a billing order', () => {
  it('S3-ENT-052 is created with its delivery date and items', () => {
    given(billingOrderDecider).when({ type: 'create', order: billingOrder }).then([billingCreated]);
    const state = fold(billingOrderDecider, [billingCreated]);
    expect(state).toMatchObject({
      deliveryDate: '2026-11-30',
      invoiced: null,
      items: [
        {
          specification: 'Pallet storage, November',
          quantity: 12,
          customerAmount: 149.5,
          carrierAmount: 0,
          creditLineId: null,
          articleCode: 'STORAGE',
        },
        {
          specification: 'Credit: double freight on invoice 100031',
          quantity: 1,
          customerAmount: -399,
          carrierAmount: 0,
          creditLineId: '100031-2',
          articleCode: 'CREDIT',
        },
      ],
    });
  });

  it('is created once', () => {
    given(billingOrderDecider, [billingCreated])
      .when({ type: 'create', order: billingOrder })
      .thenRefuses('ALREADY_EXISTS');
  });

  it('is invoiced once, on the run and invoice that took it', () => {
    given(billingOrderDecider).when(invoiceBilling).thenRefuses('NOT_FOUND');
    given(billingOrderDecider, [billingCreated]).when(invoiceBilling).then([billingInvoiced]);
    given(billingOrderDecider, [billingCreated, billingInvoiced])
      .when({ ...invoiceBilling, runId: '43', invoiceId: '44', invoiceNumber: '100044' })
      .thenRefuses('INVALID_STATE_TRANSITION');
  });

  it('records when it was invoiced from the event’s metadata', () => {
    const recorded = {
      ...billingInvoiced,
      metadata: {
        commandId: 'c',
        correlationId: 'c',
        causationId: 'c',
        userId: 'system',
        occurredAt: ENDED_AT,
      },
    };
    expect(fold(billingOrderDecider, [billingCreated, recorded])?.invoiced).toEqual({
      runId: '40',
      invoiceId: '41',
      invoiceNumber: '100041',
      at: ENDED_AT,
    });
  });
});

const lines = billingLines({ ...billingOrder, invoiced: null });
const totals = invoiceTotals(lines, 2500);
const issuedInvoice: Invoice = {
  id: '41',
  number: '100041',
  runId: '40',
  departmentId: '1',
  customerId: '2',
  customerName: 'Nordic Retail AS',
  customerOrgNumber: '923456789',
  currency: 'NOK',
  split: 'NONE',
  splitKey: null,
  standalone: false,
  periodFrom: '2026-11-01',
  periodTo: '2026-11-30',
  issuedAt: ENDED_AT,
  issueDate: '2026-12-01',
  dueDate: '2026-12-15',
  vatBasisPoints: 2500,
  lines,
  net: totals.net,
  vat: totals.vat,
  gross: totals.gross,
  resourceNet: totals.resourceNet,
  orderIds: [],
  billingOrderIds: ['50'],
};
const issued: InvoiceEvent = { type: 'InvoiceIssued', data: issuedInvoice };

describe('an invoice', () => {
  it('is issued whole', () => {
    given(invoiceDecider).when({ type: 'issue', invoice: issuedInvoice }).then([issued]);
    expect(fold(invoiceDecider, [issued])).toEqual(issuedInvoice);
  });

  it('is issued once: a second issue of the same id is refused, even with other content', () => {
    given(invoiceDecider, [issued])
      .when({ type: 'issue', invoice: issuedInvoice })
      .thenRefuses('ALREADY_EXISTS');
    given(invoiceDecider, [issued])
      .when({ type: 'issue', invoice: { ...issuedInvoice, number: '100042', lines: [] } })
      .thenRefuses('ALREADY_EXISTS');
  });
});

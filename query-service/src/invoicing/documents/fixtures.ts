import { invoiceTotals, type Invoice, type InvoiceLine } from '@nordlog/contracts';

/** Test data of the document tests: an order's freight line, changed where a test says. */
export const sampleLine = (over: Partial<InvoiceLine> = {}): InvoiceLine => ({
  orderId: '7',
  billingOrderId: null,
  shipmentId: '70900010000000017',
  deliveryDate: '2026-01-15',
  articleCode: 'FREIGHT',
  label: 'Freight zone 2',
  quantity: 1,
  customerUnitPrice: 123_456,
  customerAmount: 123_456,
  resourceAmount: 90_000,
  corrected: false,
  creditLineId: null,
  ...over,
});

/** An issued January invoice of these lines (totals their sums at 25 % VAT), changed as asked. */
export const sampleInvoice = (lines: InvoiceLine[], over: Partial<Invoice> = {}): Invoice => ({
  id: '1',
  number: '2026-000123',
  runId: '1',
  departmentId: '1',
  customerId: '42',
  customerName: 'Fjordfrakt AS',
  customerOrgNumber: '987 654 321',
  currency: 'NOK',
  split: 'NONE',
  splitKey: null,
  standalone: false,
  periodFrom: '2026-01-01',
  periodTo: '2026-01-31',
  issuedAt: '2026-02-01T08:00:00.000Z',
  issueDate: '2026-02-01',
  dueDate: '2026-02-15',
  vatBasisPoints: 2500,
  lines,
  ...invoiceTotals(lines, over.vatBasisPoints ?? 2500),
  orderIds: [],
  billingOrderIds: [],
  ...over,
});

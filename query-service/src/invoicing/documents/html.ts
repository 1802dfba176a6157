import type { Currency, Invoice, InvoiceLine } from '@nordlog/contracts';
import { customerText, paymentText, sellerText, type InvoiceSeller } from './parties.js';

export type { InvoiceSeller } from './parties.js';

/** Text made safe to stand in HTML, in an element or in a quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** HTML built by `html` alone, so a text can only get into the document escaped. */
class Markup {
  constructor(readonly text: string) {}
}
type Part = string | Markup | readonly Markup[];

const render = (part: Part): string => {
  if (part instanceof Markup) return part.text;
  if (typeof part === 'string') return escapeHtml(part);
  return part.map((p) => p.text).join('');
};

/** A template whose every interpolated text is escaped; built markup is put in as it is. */
function html(strings: TemplateStringsArray, ...parts: Part[]): Markup {
  let out = strings[0] ?? '';
  parts.forEach((part, i) => {
    out += render(part) + (strings[i + 1] ?? '');
  });
  return new Markup(out);
}

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/**
 * Minor units as a Nordic amount: 2 decimals after a comma, thousands apart by a space
 * (1234567 → "12 345,67"). Integer arithmetic only, so no amount is ever off by a rounding.
 */
export function formatMinor(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an amount in minor units: ${minor}`);
  const abs = Math.abs(minor);
  const cents = abs % 100;
  const major = (abs - cents) / 100;
  return `${minor < 0 ? '-' : ''}${groupThousands(String(major))},${String(cents).padStart(2, '0')}`;
}

/** An amount with its currency code (1234567, NOK → "12 345,67 NOK"). */
export const formatMoney = (minor: number, currency: Currency) =>
  `${formatMinor(minor)} ${currency}`;

/** A quantity (kg and dm³ may have decimals): at most 3 decimals, Nordic comma, grouped. */
export function formatQuantity(quantity: number): string {
  const text = Math.abs(quantity)
    .toFixed(3)
    .replace(/\.?0+$/, '');
  const [whole = '0', decimals] = text.split('.');
  const sign = quantity < 0 && /[1-9]/.test(text) ? '-' : '';
  return `${sign}${groupThousands(whole)}${decimals ? `,${decimals}` : ''}`;
}

/** A VAT rate in basis points as a percentage (2500 → "25 %", 2550 → "25.5 %"). */
export function formatVatRate(basisPoints: number): string {
  const hundredths = basisPoints % 100;
  const whole = (basisPoints - hundredths) / 100;
  const decimals = String(hundredths).padStart(2, '0').replace(/0$/, '');
  return `${whole}${hundredths === 0 ? '' : `.${decimals}`} %`;
}

/** Whole days from the issue date to the due date (the payment terms the invoice states). */
const termDays = (invoice: Invoice) =>
  Math.round((Date.parse(invoice.dueDate) - Date.parse(invoice.issueDate)) / 86_400_000);

interface LineGroup {
  heading: string;
  lines: InvoiceLine[];
}

/**
 * Lines under their order (with the shipment and its delivery date) or billing order, groups
 * in the order their first line has on the invoice.
 */
function groupLines(lines: readonly InvoiceLine[]): LineGroup[] {
  const groups = new Map<string, LineGroup>();
  for (const line of lines) {
    const key =
      line.orderId !== null
        ? `order:${line.orderId}`
        : line.billingOrderId !== null
          ? `billing:${line.billingOrderId}`
          : `date:${line.deliveryDate}`;
    let group = groups.get(key);
    if (!group) {
      const owner =
        line.orderId !== null
          ? [`Order ${line.orderId}`, ...(line.shipmentId ? [`Shipment ${line.shipmentId}`] : [])]
          : line.billingOrderId !== null
            ? [`Billing order ${line.billingOrderId}`]
            : [];
      group = { heading: [...owner, `Delivery date ${line.deliveryDate}`].join(' · '), lines: [] };
      groups.set(key, group);
    }
    group.lines.push(line);
  }
  return [...groups.values()];
}

/**
 * Print rules: A4 with margins; the table head repeats on each page; a row, a group's heading
 * with its first row, and the totals are never split across pages. No font, image or script is
 * fetched (the CSP says so too), so the document renders the same offline and in a PDF.
 */
const STYLE = `
@page { size: A4; margin: 18mm 16mm 20mm 16mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font-family: 'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif;
  font-size: 9.5pt; line-height: 1.35; color: #111; }
h1 { margin: 0; font-size: 22pt; font-weight: 600; letter-spacing: 0.02em; }
h2 { margin: 0 0 2mm; font-size: 8pt; font-weight: 600; text-transform: uppercase; color: #555; }
.head { display: flex; justify-content: space-between; align-items: flex-start;
  border-bottom: 0.6mm solid #111; padding-bottom: 4mm; margin-bottom: 6mm; }
.seller-name { font-size: 12pt; font-weight: 600; }
.title { text-align: right; }
.title .number { font-size: 12pt; margin-top: 1mm; }
.parties { display: flex; justify-content: space-between; gap: 10mm; margin-bottom: 8mm;
  break-inside: avoid; page-break-inside: avoid; }
.customer-name { font-size: 11pt; font-weight: 600; }
table { border-collapse: collapse; }
.facts th { text-align: left; font-weight: normal; color: #555; padding: 0.4mm 6mm 0.4mm 0; }
.facts td { text-align: right; padding: 0.4mm 0; }
.lines { width: 100%; }
.lines thead { display: table-header-group; }
.lines thead th { text-align: left; font-size: 8pt; font-weight: 600; text-transform: uppercase;
  color: #555; border-bottom: 0.3mm solid #111; padding: 1.5mm 2mm; }
.lines td { padding: 1.2mm 2mm; vertical-align: top; border-bottom: 0.2mm solid #ddd; }
.lines tr { break-inside: avoid; page-break-inside: avoid; }
.lines .group-head { break-after: avoid; page-break-after: avoid; }
.lines .group-head th { text-align: left; font-weight: 600; background: #f1f1f1;
  padding: 1.5mm 2mm; }
.num { text-align: right; white-space: nowrap; }
.lines thead th.num { text-align: right; }
.code { white-space: nowrap; }
.totals { margin: 6mm 0 0 auto; min-width: 75mm; break-inside: avoid; page-break-inside: avoid; }
.totals th { text-align: left; font-weight: normal; padding: 1mm 8mm 1mm 0; }
.totals td { padding: 1mm 0; }
.payment { margin-top: 8mm; border: 0.3mm solid #111; padding: 3mm 4mm; break-inside: avoid;
  page-break-inside: avoid; }
.payment .reference { font-family: 'DejaVu Sans Mono', 'Liberation Mono', monospace;
  font-size: 11pt; font-weight: 600; }
.totals .gross th, .totals .gross td { font-weight: 600; font-size: 11pt;
  border-top: 0.4mm solid #111; padding-top: 2mm; }
`;

/**
 * An invoice as a complete, self-contained HTML document ready to print or turn into a PDF:
 * seller and customer, the invoice's dates, period and currency, its lines grouped by order or
 * billing order, and net, VAT and gross. Every text is escaped; money is formatted from minor units.
 */
export function invoiceHtml(invoice: Invoice, seller: InvoiceSeller): string {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const groups = groupLines(invoice.lines).map(
    (group) =>
      html` <tbody class="group">
        <tr class="group-head">
          <th colspan="5">${group.heading}</th>
        </tr>
        ${group.lines.map(
          (line) =>
            html`<tr>
              <td class="code">${line.articleCode}</td>
              <td>${line.label}</td>
              <td class="num">${formatQuantity(line.quantity)}</td>
              <td class="num">${money(line.customerUnitPrice)}</td>
              <td class="num">${money(line.customerAmount)}</td>
            </tr> `,
        )}
      </tbody>`,
  );
  const days = termDays(invoice);
  const sellerParty = sellerText(invoice, seller);
  const customer = customerText(invoice);
  const payment = paymentText(invoice);
  const lineDivs = (lines: string[]) => lines.map((text) => html`<div>${text}</div>`);
  const page = html`<!DOCTYPE html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta
          http-equiv="Content-Security-Policy"
          content="default-src 'none'; style-src 'unsafe-inline'"
        />
        <title>Invoice ${invoice.number}</title>
        <style>
          ${new Markup(STYLE)}
        </style>
      </head>
      <body>
        <header class="head">
          <div class="seller">
            <div class="seller-name">${sellerParty.name}</div>
            <div class="address">${lineDivs(sellerParty.address)}</div>
            <div class="identity">${lineDivs(sellerParty.identity)}</div>
          </div>
          <div class="title">
            <h1>Invoice</h1>
            <div class="number">No. ${invoice.number}</div>
          </div>
        </header>
        <section class="parties">
          <div class="customer">
            <h2>Bill to</h2>
            <div class="customer-name">${customer.name}</div>
            <div class="address">${lineDivs(customer.address)}</div>
            <div class="identity">${lineDivs(customer.identity)}</div>
          </div>
          <table class="facts">
            <tr>
              <th>Invoice number</th>
              <td>${invoice.number}</td>
            </tr>
            <tr>
              <th>Invoice date</th>
              <td>${invoice.issueDate}</td>
            </tr>
            <tr>
              <th>Due date</th>
              <td>${invoice.dueDate}</td>
            </tr>
            <tr>
              <th>Payment terms</th>
              <td>${`Net ${days} ${days === 1 ? 'day' : 'days'}`}</td>
            </tr>
            <tr>
              <th>Period</th>
              <td>${`${invoice.periodFrom} – ${invoice.periodTo}`}</td>
            </tr>
            <tr>
              <th>Currency</th>
              <td>${invoice.currency}</td>
            </tr>
          </table>
        </section>
        <table class="lines">
          <thead>
            <tr>
              <th>Article</th>
              <th>Description</th>
              <th class="num">Quantity</th>
              <th class="num">Unit price</th>
              <th class="num">Amount</th>
            </tr>
          </thead>
          ${groups}
        </table>
        <table class="totals">
          <tr>
            <th>Net</th>
            <td class="num">${money(invoice.net)}</td>
          </tr>
          <tr>
            <th>${`VAT ${formatVatRate(invoice.vatBasisPoints)}`}</th>
            <td class="num">${money(invoice.vat)}</td>
          </tr>
          <tr class="gross">
            <th>Total incl. VAT</th>
            <td class="num">${money(invoice.gross)}</td>
          </tr>
        </table>
        <section class="payment">
          <h2>Payment</h2>
          <table class="facts">
            <tr>
              <th>Amount due</th>
              <td>${money(invoice.gross)}</td>
            </tr>
            <tr>
              <th>Due date</th>
              <td>${invoice.dueDate}</td>
            </tr>
            ${
              payment.account
                ? html`<tr>
                    <th>Pay to</th>
                    <td class="account">${payment.account}</td>
                  </tr>`
                : []
            }
            ${
              payment.reference
                ? html`<tr>
                    <th>${payment.reference.label}</th>
                    <td class="reference">${payment.reference.text}</td>
                  </tr>`
                : []
            }
          </table>
        </section>
      </body>
    </html> `;
  return page.text;
}

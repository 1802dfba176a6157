import type { Invoice, InvoiceLine } from '@nordlog/contracts';
import { formatDate, formatMoney, formatQuantity, formatVatRate } from './format.js';
import { invoiceLanguage, plural, type InvoiceLanguage } from './language/index.js';
import { customerText, paymentText, sellerText, type InvoiceSeller } from './parties.js';

export { formatDate, formatMinor, formatMoney, formatQuantity, formatVatRate } from './format.js';
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
function groupLines(lines: readonly InvoiceLine[], language: InvoiceLanguage): LineGroup[] {
  const { words } = language;
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
          ? [
              `${words.order} ${line.orderId}`,
              ...(line.shipmentId ? [`${words.shipment} ${line.shipmentId}`] : []),
            ]
          : line.billingOrderId !== null
            ? [`${words.billingOrder} ${line.billingOrderId}`]
            : [];
      const delivered = `${words.deliveryDate} ${formatDate(line.deliveryDate, language.datePattern)}`;
      group = { heading: [...owner, delivered].join(' · '), lines: [] };
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
 * It speaks its seller's language (`invoiceLanguage`: the issuing department's country's, English
 * when unknown), with that country's date format and terms.
 */
export function invoiceHtml(invoice: Invoice, seller: InvoiceSeller): string {
  const language = invoiceLanguage(invoice.seller?.country);
  const { words } = language;
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const date = (iso: string) => formatDate(iso, language.datePattern);
  const groups = groupLines(invoice.lines, language).map(
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
  const sellerParty = sellerText(invoice, seller, words);
  const customer = customerText(invoice, words);
  const payment = paymentText(invoice, words);
  const vatLabel = `${words.vat} ${formatVatRate(invoice.vatBasisPoints, language.decimalSign)}`;
  const lineDivs = (lines: string[]) => lines.map((text) => html`<div>${text}</div>`);
  const page = html`<!DOCTYPE html>
    <html lang="${language.code}">
      <head>
        <meta charset="utf-8" />
        <meta
          http-equiv="Content-Security-Policy"
          content="default-src 'none'; style-src 'unsafe-inline'"
        />
        <title>${`${words.invoice} ${invoice.number}`}</title>
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
            <h1>${words.invoice}</h1>
            <div class="number">${`${words.numberShort} ${invoice.number}`}</div>
          </div>
        </header>
        <section class="parties">
          <div class="customer">
            <h2>${words.billTo}</h2>
            <div class="customer-name">${customer.name}</div>
            <div class="address">${lineDivs(customer.address)}</div>
            <div class="identity">${lineDivs(customer.identity)}</div>
          </div>
          <table class="facts">
            <tr>
              <th>${words.invoiceNumber}</th>
              <td>${invoice.number}</td>
            </tr>
            <tr>
              <th>${words.invoiceDate}</th>
              <td>${date(invoice.issueDate)}</td>
            </tr>
            <tr>
              <th>${words.dueDate}</th>
              <td>${date(invoice.dueDate)}</td>
            </tr>
            <tr>
              <th>${words.paymentTerms}</th>
              <td>${plural(language.plurals.netDays, termDays(invoice))}</td>
            </tr>
            <tr>
              <th>${words.period}</th>
              <td>${`${date(invoice.periodFrom)} – ${date(invoice.periodTo)}`}</td>
            </tr>
            <tr>
              <th>${words.currency}</th>
              <td>${invoice.currency}</td>
            </tr>
          </table>
        </section>
        <table class="lines">
          <thead>
            <tr>
              <th>${words.article}</th>
              <th>${words.description}</th>
              <th class="num">${words.quantity}</th>
              <th class="num">${words.unitPrice}</th>
              <th class="num">${words.amount}</th>
            </tr>
          </thead>
          ${groups}
        </table>
        <table class="totals">
          <tr>
            <th>${words.net}</th>
            <td class="num">${money(invoice.net)}</td>
          </tr>
          <tr>
            <th>${vatLabel}</th>
            <td class="num">${money(invoice.vat)}</td>
          </tr>
          <tr class="gross">
            <th>${words.totalInclVat}</th>
            <td class="num">${money(invoice.gross)}</td>
          </tr>
        </table>
        <section class="payment">
          <h2>${words.payment}</h2>
          <table class="facts">
            <tr>
              <th>${words.amountDue}</th>
              <td>${money(invoice.gross)}</td>
            </tr>
            <tr>
              <th>${words.dueDate}</th>
              <td>${date(invoice.dueDate)}</td>
            </tr>
            ${
              payment.account
                ? html`<tr>
                    <th>${payment.account.label}</th>
                    <td class="account">${payment.account.text}</td>
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

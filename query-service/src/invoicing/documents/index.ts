export {
  escapeHtml,
  formatDate,
  formatMinor,
  formatMoney,
  formatQuantity,
  formatVatRate,
  invoiceHtml,
  type InvoiceSeller,
} from './html.js';
export { invoiceLanguage, invoiceLanguages, type InvoiceLanguage } from './language/index.js';
export {
  CSV_SEPARATOR,
  csvField,
  csvRows,
  distributeVat,
  invoiceCsv,
  invoiceCsvHeader,
  type CsvField,
} from './csv.js';
export {
  CHROMIUM_PATHS,
  DEFAULT_PDF_TIMEOUT_MS,
  defaultChromiumPath,
  htmlToPdf,
  type HtmlToPdfOptions,
} from './pdf.js';

import {
  AppError,
  INVOICES_TABLE,
  denial,
  inScope,
  invoiceDocumentTypes,
  invoiceFileName,
  queryPermissions,
  type Identity,
  type InvoiceDocumentType,
  type InvoiceRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { invoiceCsv } from './documents/csv.js';
import { invoiceHtml, type InvoiceSeller } from './documents/html.js';
import { htmlToPdf } from './documents/pdf.js';

/** How invoices are printed: the seller at their head and the browser that makes PDFs. */
export interface InvoiceDocumentSettings {
  seller: InvoiceSeller;
  /** null: no browser here, so PDFs cannot be made (HTML and CSV still can). */
  chromiumPath: string | null;
  /** PDFs printed at once at most; further ones wait their turn (a print is a browser process). */
  maxConcurrentPrints?: number;
}

/** A file of an invoice, ready to send. */
export interface InvoiceDocument {
  body: Buffer;
  contentType: string;
  fileName: string;
}

const contentTypes: Record<InvoiceDocumentType, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

/** A counting gate: at most `limit` holders at once, the rest queued in arrival order. */
class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((go) => this.waiting.push(go));
    else this.active += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

/**
 * Spec §7 `GET /api/download-invoice/{id}/{type}/{file}` (docs/decisions/0032-invoicing.md): an
 * issued invoice as PDF, CSV (for an accounting system) or HTML. Who may: whoever may ask the
 * `invoices` query, for an invoice of its departments and customers. The file name must be the
 * invoice's own, so a link names what it downloads; anything else, like an invoice outside the
 * caller's access, is not found. An invoice never changes, so its documents are made from the
 * issued invoice alone.
 */
export function invoiceDocuments(knex: Knex, settings: InvoiceDocumentSettings) {
  const gate = new Gate(settings.maxConcurrentPrints ?? 2);
  return async (
    identity: Identity,
    params: { id: string; type: string; file: string },
  ): Promise<InvoiceDocument> => {
    const refused = denial(identity, queryPermissions.invoices, 'query');
    if (refused) throw new AppError('NO_ACCESS', refused);
    const type = params.type.toLowerCase() as InvoiceDocumentType;
    const notFound = () =>
      new AppError('NOT_FOUND', `Invoice document ${params.id}/${params.type} not found`);
    if (!invoiceDocumentTypes.includes(type) || !/^\d{1,18}$/.test(params.id)) throw notFound();
    const row = await knex(INVOICES_TABLE)
      .where('id', params.id)
      .first<{ data: InvoiceRow } | undefined>('data');
    const invoice = row?.data;
    if (!invoice || !inScope(identity, String(invoice.departmentId), String(invoice.customerId)))
      throw notFound();
    const fileName = invoiceFileName(invoice, type);
    if (params.file !== fileName) throw notFound();
    const html = () => invoiceHtml(invoice, settings.seller);
    let body: Buffer;
    if (type === 'csv') body = Buffer.from(invoiceCsv(invoice), 'utf8');
    else if (type === 'html') body = Buffer.from(html(), 'utf8');
    else {
      const chromiumPath = settings.chromiumPath;
      if (!chromiumPath)
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'PDF invoices need Chromium on the server (CHROMIUM_PATH); download the HTML or CSV',
        );
      body = await gate.run(() => htmlToPdf(html(), { chromiumPath }));
    }
    return { body, contentType: contentTypes[type], fileName };
  };
}

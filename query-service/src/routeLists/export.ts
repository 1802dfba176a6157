import {
  AppError,
  DEPARTMENTS_TABLE,
  EXPORT_LOCATION_LIST_PATH,
  SLOTS_TABLE,
  countryTimeZones,
  denial,
  exportLocationListSchema,
  locationListFileName,
  downloadPermissions,
  type RoutePoint,
} from '@nordlog/contracts';
import { jsonBody, requestIdentity, validationError } from '@nordlog/platform';
import express, { type Request, type Response, type Router } from 'express';
import type { QueryContext } from '../framework.js';
import { allowedDepartments } from '../framework.js';
import { minPosition } from '../minPosition.js';
import { routePoints } from '../planning/query.js';
import type { QueryServiceDeps } from '../service.js';
import { locationListCsv } from './csv.js';
import { defaultChromiumPath } from '../invoicing/documents/pdf.js';
import { invoiceDocuments, type InvoiceDocumentSettings } from '../invoicing/download.js';
import { mountReturnsExport } from '../returns/export.js';
import { mountOrdersExport } from '../exports/orders.js';
import { mountAddressDownload } from '../addressBook/download.js';
import { mountProofImages } from '../proof/image.js';

/**
 * The file downloads of the planner (spec §7 "other calls"), mounted by the gateway under `/api`
 * and at the spec's own path: `POST /exportLocationListForSlot {slot}` answers the slot's stops in
 * route order as CSV (UTF-8 with a BOM, for Excel). Who may: whoever may ask the `routePoints`
 * query, for a slot of its departments; another department's slot, a deleted or an unknown one
 * is not found (404), as `slotById` answers. `GET /download-invoice/{id}/{type}/{file}`: an
 * issued invoice's document (query-service/src/invoicing/download.ts).
 */
export function createDownloadApi(deps: QueryServiceDeps): Router {
  const router = express.Router();
  router.post(
    EXPORT_LOCATION_LIST_PATH,
    jsonBody('16kb'),
    minPosition(deps.waitForPosition, deps.minPositionWaitMs),
    async (req: Request, res: Response) => {
      const identity = (deps.identify ?? requestIdentity)(req);
      const refused = denial(identity, downloadPermissions[EXPORT_LOCATION_LIST_PATH], 'query');
      if (refused) throw new AppError('NO_ACCESS', refused);
      const parsed = exportLocationListSchema.safeParse(req.body ?? {});
      if (!parsed.success) throw validationError(parsed.error);
      const slotId = parsed.data.slot;
      const allowed = allowedDepartments(identity, undefined);
      const q = deps.knex(SLOTS_TABLE).where({ id: slotId, deleted: false });
      if (allowed !== '*') q.whereIn('department_id', allowed);
      const slot = await q.first<{ department_id: string | number } | undefined>('department_id');
      if (!slot) throw new AppError('NOT_FOUND', `Slot ${slotId} not found`);
      const department = await deps
        .knex(DEPARTMENTS_TABLE)
        .where('id', slot.department_id)
        .first<{ country: string } | undefined>('country');
      const ctx: QueryContext = {
        knex: deps.knex,
        identity,
        clock: deps.clock ?? (() => new Date()),
      };
      const points = (await routePoints({ slotId }, ctx)) as RoutePoint[];
      const timeZone = countryTimeZones[department?.country ?? 'NO'] ?? 'Europe/Oslo';
      res
        .status(200)
        .set({
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${locationListFileName(slotId)}"`,
          'Cache-Control': 'no-store',
        })
        .send(Buffer.from(locationListCsv(points, timeZone), 'utf8'));
    },
  );
  // Spec §7: the multi-leg returns list (docs/decisions/0057-returns.md).
  mountReturnsExport(router, deps);
  // Spec §7: the shipments export, CSV or xlsx (docs/decisions/0060).
  mountOrdersExport(router, deps);
  // Spec §7: a customer's saved addresses as xlsx (docs/decisions/0061-address-book.md).
  mountAddressDownload(router, deps);
  // Issue 42: a delivery's signature and photos (docs/decisions/0068-proof-of-delivery.md).
  mountProofImages(router, deps);
  // Spec §7: an issued invoice as PDF, CSV or HTML (docs/decisions/0032-invoicing.md).
  const documents = invoiceDocuments(deps.knex, deps.invoices ?? defaultInvoiceSettings);
  router.get(
    '/download-invoice/:id/:type/:file',
    minPosition(deps.waitForPosition, deps.minPositionWaitMs),
    async (req: Request<{ id: string; type: string; file: string }>, res: Response) => {
      const identity = (deps.identify ?? requestIdentity)(req);
      const document = await documents(identity, req.params);
      res
        .status(200)
        .set({
          'Content-Type': document.contentType,
          // `?inline=1` opens it in the browser (the PDF viewer); else it is saved as a file.
          'Content-Disposition': `${req.query.inline === '1' ? 'inline' : 'attachment'}; filename="${document.fileName}"`,
          // The caller's own, with a customer's name and amounts: kept by no browser cache after
          // the session (the gateway says so for every answer behind a session too).
          'Cache-Control': 'no-store',
        })
        .send(document.body);
    },
  );
  return router;
}

/** Without settings: the product's name as the seller, and the first browser found. */
const defaultInvoiceSettings: InvoiceDocumentSettings = {
  seller: { name: 'Nordlog AS', orgNumber: '', address: '' },
  chromiumPath: defaultChromiumPath(),
};

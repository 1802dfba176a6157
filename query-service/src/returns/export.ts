import {
  AppError,
  EXPORT_MULTILEG_RETURNS_PATH,
  denial,
  exportMultilegReturnsSchema,
  multilegReturnsColumns,
  downloadPermissions,
  type ManageReturnsRow,
} from '@nordlog/contracts';
import { jsonBody, requestIdentity, validationError } from '@nordlog/platform';
import type { Request, Response, Router } from 'express';
import { assertDepartment } from '../framework.js';
import { minPosition } from '../minPosition.js';
import { csvText, type CsvValue } from '../routeLists/csv.js';
import type { QueryServiceDeps } from '../service.js';
import { manageReturnsRows } from './query.js';

/** At most this many returned orders in one file (a quarter of a busy department). */
const MAX_ROWS = 20_000;

/**
 * The multi-leg returns list (docs/decisions/0057-returns.md, `multilegReturnsColumns`): one line
 * per leg of each multi-leg return of the returned orders dated in the range; a return without
 * legs (its last leg skipped, the goods at the terminal) is one line with the leg columns empty.
 */
export function multilegReturnsLines(rows: readonly ManageReturnsRow[]): CsvValue[][] {
  const lines: CsvValue[][] = [[...multilegReturnsColumns]];
  for (const row of rows) {
    const made = row.returns?.[0];
    if (!made || made.kind !== 'MULTILEG') continue;
    const common: CsvValue[] = [
      made.returnId,
      String(row.id),
      row.shipmentId,
      String(row.customerId),
      row.customerName ?? null,
      row.order.pickupDate,
      row.state,
      row.deviation?.reason ?? null,
      made.createdAt ?? null,
      made.lastLegSkipped ? 'yes' : 'no',
    ];
    const legs = row.legs.length > 0 ? row.legs : [null];
    for (const leg of legs)
      lines.push([
        ...common,
        leg?.leg ?? null,
        made.orderIds.length,
        leg?.orderId ?? null,
        leg?.shipmentId ?? null,
        leg?.state ?? null,
        leg?.pickupDate ?? null,
        leg?.pickup.name ?? null,
        leg?.pickup.address ?? null,
        leg?.pickup.zipCode ?? null,
        leg?.pickup.zipArea ?? null,
        leg?.delivery.name ?? null,
        leg?.delivery.address ?? null,
        leg?.delivery.zipCode ?? null,
        leg?.delivery.zipArea ?? null,
      ]);
  }
  return lines;
}

/**
 * `POST /exportMultilegReturnsList {departmentId, fromDate, toDate, customerIds?}` as CSV (UTF-8
 * with a BOM, for Excel). Who may: whoever may ask `manageReturns`, for its departments.
 */
export function mountReturnsExport(router: Router, deps: QueryServiceDeps): void {
  router.post(
    EXPORT_MULTILEG_RETURNS_PATH,
    jsonBody('64kb'),
    minPosition(deps.waitForPosition, deps.minPositionWaitMs),
    async (req: Request, res: Response) => {
      const identity = (deps.identify ?? requestIdentity)(req);
      const refused = denial(identity, downloadPermissions[EXPORT_MULTILEG_RETURNS_PATH], 'query');
      if (refused) throw new AppError('NO_ACCESS', refused);
      const parsed = exportMultilegReturnsSchema.safeParse(req.body ?? {});
      if (!parsed.success) throw validationError(parsed.error);
      const params = parsed.data;
      assertDepartment(identity, params.departmentId);
      const rows = await manageReturnsRows(deps.knex, identity, {
        ...params,
        view: 'MADE',
        limit: MAX_ROWS,
      });
      const name = `multileg-returns-${params.departmentId}-${params.fromDate}-${params.toDate}.csv`;
      res
        .status(200)
        .set({
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${name}"`,
          'Cache-Control': 'no-store',
        })
        .send(Buffer.from(csvText(multilegReturnsLines(rows)), 'utf8'));
    },
  );
}

import { z } from 'zod';
import { calendarDate, daysBetween, entityId } from '../common.js';

/**
 * The shipments export (spec §7 `POST /query` with the export query; docs/decisions/0060): a
 * department's orders with a pickup date in a range, one line per order, as CSV or xlsx.
 */

/** The longest range one export covers (a year: an accountant's look back, still streamed). */
export const EXPORT_MAX_DAYS = 366;

export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/**
 * What is wrong with an export's range, the one rule of the server and the export form: the to
 * date before the from date, or more days than one export covers; null when it is fine.
 */
export function exportRangeProblem(
  fromDate: string,
  toDate: string,
): 'reversed' | 'tooLong' | null {
  if (toDate < fromDate) return 'reversed';
  return daysBetween(fromDate, toDate) + 1 > EXPORT_MAX_DAYS ? 'tooLong' : null;
}

const rangeMessages = {
  reversed: 'toDate is before fromDate',
  tooLong: `at most ${EXPORT_MAX_DAYS} days in one export`,
};

/** The export query's params (spec §7), and the file's format (csv unless asked). */
export const exportOrdersSchema = z
  .object({
    department: entityId,
    fromDate: calendarDate,
    toDate: calendarDate,
    isRemoveControlColumnsChecked: z.boolean().default(false),
    format: z.enum(exportFormats).default('csv'),
  })
  .strict()
  .superRefine((v, ctx) => {
    const problem = exportRangeProblem(v.fromDate, v.toDate);
    if (problem)
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: rangeMessages[problem] });
  });
export type ExportOrdersParams = z.output<typeof exportOrdersSchema>;

/**
 * A column of the export: its header, whether it is a control column (the product's own ids,
 * revisions and coordinates, which `isRemoveControlColumnsChecked` leaves out) and its kind in
 * the xlsx file (text, a number, a date or a date-time of the department's time zone).
 */
export interface ExportColumn {
  name: string;
  control: boolean;
  kind: 'text' | 'number' | 'date' | 'dateTime';
}

const data = (name: string, kind: ExportColumn['kind'] = 'text'): ExportColumn => ({
  name,
  control: false,
  kind,
});
const control = (name: string, kind: ExportColumn['kind'] = 'text'): ExportColumn => ({
  name,
  control: true,
  kind,
});

/** The columns, in order (docs/decisions/0060 says what each holds). */
export const exportColumns: readonly ExportColumn[] = [
  control('orderId'),
  data('shipmentId'),
  data('date', 'date'),
  data('state'),
  data('type'),
  data('priority'),
  control('customerId'),
  data('customerName'),
  data('customerRef'),
  data('recipientRef'),
  data('pickupName'),
  data('pickupAddress'),
  data('pickupZipCode'),
  data('pickupZipArea'),
  data('pickupCountryCode'),
  data('pickupTimeEarliest'),
  data('pickupTimeLatest'),
  data('deliveryName'),
  data('deliveryAddress'),
  data('deliveryZipCode'),
  data('deliveryZipArea'),
  data('deliveryCountryCode'),
  data('deliveryTimeEarliest'),
  data('deliveryTimeLatest'),
  data('packageCount', 'number'),
  data('weightKg', 'number'),
  data('volumeDm3', 'number'),
  data('lengthCm', 'number'),
  data('widthCm', 'number'),
  data('heightCm', 'number'),
  data('packageIds'),
  data('slotName'),
  data('deviationReason'),
  data('rejectionReason'),
  data('createdAt', 'dateTime'),
  control('departmentId'),
  control('slotId'),
  control('groupId'),
  control('loadCarrierId'),
  control('pickupLat', 'number'),
  control('pickupLng', 'number'),
  control('pickupPrecision'),
  control('deliveryLat', 'number'),
  control('deliveryLng', 'number'),
  control('deliveryPrecision'),
  control('revision', 'number'),
  control('updatedAt', 'dateTime'),
];

/** The columns of an export with or without the control columns. */
export const exportColumnsFor = (removeControlColumns: boolean): readonly ExportColumn[] =>
  removeControlColumns ? exportColumns.filter((c) => !c.control) : exportColumns;

/** The export's file name: department, range and format. */
export const exportFileName = (
  p: Pick<ExportOrdersParams, 'department' | 'fromDate' | 'toDate' | 'format'>,
) => `shipments-${p.department}-${p.fromDate}-${p.toDate}.${p.format}`;

/** Spec §7 `POST /query` with the export query (also under `/api`). */
export const EXPORT_QUERY_PATH = '/query';

import { adminReportTypes, type AdminReportType } from '@nordlog/contracts';

/**
 * The admin report's view (spec §2 `/admin/report/{fromDate?}/{toDate?}/{type?}`,
 * docs/decisions/0082): the dates and the type are the address's segments, a bookmark.
 */
export interface AdminReportView {
  fromDate: string;
  toDate: string;
  type: AdminReportType;
}

export const ADMIN_REPORT_BASE = '/admin/report';
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The view of the address's optional segments: by default this month so far (management reads a
 * month), per department; a to date before the from date is the from date.
 */
export function parseAdminReportView(splat: string, today: string): AdminReportView {
  const [from, to, type] = splat.split('/');
  const fromDate = from && isoDate.test(from) ? from : `${today.slice(0, 8)}01`;
  const toDate = to && isoDate.test(to) && to >= fromDate ? to : from ? fromDate : today;
  const known = (adminReportTypes as readonly string[]).includes(type ?? '');
  return { fromDate, toDate, type: known ? (type as AdminReportType) : 'departments' };
}

export const adminReportPath = (view: AdminReportView): string =>
  `${ADMIN_REPORT_BASE}/${view.fromDate}/${view.toDate}/${view.type}`;

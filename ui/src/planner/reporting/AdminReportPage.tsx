import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  adminReportTypes,
  type AdminReport,
  type AdminReportType,
  type AdminRouteRow,
  type ProductivityRow,
} from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { defaultTimeZone, formatDate, normalizeLocale, todayIn } from '../../i18n/locales';
import { PageHeader } from '../../layout/PageHeader';
import { usePageTitle } from '../../layout/pageTitle';
import { runQuery } from '../../shell/api';
import { useLatestPath } from '../../shell/latestPath';
import { DateRangeFilter } from '../DateRangeFilter';
import { adminReportPath, parseAdminReportView, type AdminReportView } from './adminReportData';
import { InvoicingTable } from './InvoicingTable';
import { ReportBody } from './ReportBody';
import { ReportTools } from './ReportTools';
import { RouteTable } from './RouteTable';

/**
 * The admin report (spec §2 `/admin/report/{fromDate?}/{toDate?}/{type?}`,
 * docs/decisions/0082-admin-report.md): the company's consignments of the dates per department,
 * per customer (the biggest first) or per day (query `adminReport`, the planner's report's cells),
 * as a chart and a table with totals, saved as CSV or xlsx, printed. ADMIN only (spec §6).
 */
export default function AdminReportPage() {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const navigate = useNavigate();
  usePageTitle('adminReport');
  const { '*': splat = '' } = useParams();
  // The company's day is the default time zone's (the product's home country).
  const today = todayIn(defaultTimeZone);
  const view = parseAdminReportView(splat, today);
  const latest = useLatestPath();
  const go = (next: Partial<AdminReportView>) =>
    void navigate(adminReportPath({ ...parseAdminReportView(latest().splat, today), ...next }), {
      replace: true,
    });
  const report = useQuery({
    queryKey: ['adminReport', view],
    queryFn: () => runQuery<AdminReport>('adminReport', view),
  });
  const name = (r: Pick<ProductivityRow, 'key' | 'label'>): string => {
    if (view.type === 'days' && r.key) return formatDate(r.key, locale);
    if (r.key === null)
      return translate(view.type === 'customers' ? 'adminReport.otherCustomers' : 'reporting.none');
    return r.label ?? r.key;
  };
  // A route row is a department's, of one day in the day-by-day report (0101).
  const routeName = (r: AdminRouteRow): string =>
    [r.date ? formatDate(r.date, locale) : null, r.label ?? r.key].filter(Boolean).join(' · ');
  const data = report.data?.type === view.type ? report.data : undefined;
  const title = translate('pages.adminReport');
  const group = translate(`adminReport.groups.${view.type}`);
  return (
    <Box sx={{ p: 2 }}>
      <PageHeader title={title}>
        <DateRangeFilter
          fromDate={view.fromDate}
          toDate={view.toDate}
          today={today}
          onChange={(range) => go(range)}
        />
        <TextField
          select
          size="small"
          label={translate('adminReport.type')}
          value={view.type}
          onChange={(e) => go({ type: e.target.value as AdminReportType })}
          helperText=" "
          sx={{ minWidth: 170 }}
        >
          {adminReportTypes.map((t) => (
            <MenuItem key={t} value={t}>
              {translate(`adminReport.types.${t}`)}
            </MenuItem>
          ))}
        </TextField>
        <ReportTools
          report={data}
          group={group}
          name={name}
          fileName={`report-${view.fromDate}-${view.toDate}-${view.type}`}
          title={title}
        />
      </PageHeader>
      <ReportBody
        printTitle={`${title} · ${translate(`adminReport.types.${view.type}`)}`}
        fromDate={view.fromDate}
        toDate={view.toDate}
        failed={report.isError}
        report={data}
        group={group}
        name={name}
        testId="admin-report-table"
      >
        {/* The invoiced amounts by the same groups (0096). */}
        {data?.invoicing ? (
          <InvoicingTable
            invoicing={data.invoicing}
            group={group}
            name={name}
            fileName={`report-${view.fromDate}-${view.toDate}-${view.type}`}
            title={title}
          />
        ) : null}
        {/* The route figures per department, or per department and day (0101). */}
        {data?.routes ? (
          <RouteTable
            routes={data.routes}
            group={translate(
              view.type === 'days' ? 'adminReport.routesByDay' : 'adminReport.groups.departments',
            )}
            name={(r) => routeName(r as AdminRouteRow)}
            fileName={`report-${view.fromDate}-${view.toDate}-${view.type}`}
            title={title}
          />
        ) : null}
      </ReportBody>
    </Box>
  );
}

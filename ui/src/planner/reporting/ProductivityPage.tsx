import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  reportGroupings,
  type ProductivityReport,
  type ToInvoiceEstimate,
  type ProductivityRow,
  type ReportGrouping,
} from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { formatDate, normalizeLocale, timeZoneFor, todayIn } from '../../i18n/locales';
import { PageHeader } from '../../layout/PageHeader';
import { usePageTitle } from '../../layout/pageTitle';
import { departmentMembers, useDepartmentOptions } from '../../layout/useDepartments';
import { runQuery } from '../../shell/api';
import { useLatestPath } from '../../shell/latestPath';
import { DateRangeFilter } from '../DateRangeFilter';
import { ReportBody } from './ReportBody';
import { parseReportView, reportPath, type ReportKind, type ReportView } from './reportData';
import { ReportTools } from './ReportTools';
import { NpsTable } from './NpsTable';
import { InvoicingTable } from './InvoicingTable';
import { RouteTable } from './RouteTable';

/** The dashboard asks again every minute: a day's numbers move while it is being driven. */
const DASHBOARD_REFRESH_MS = 60_000;

/**
 * The productivity dashboard (spec §2 `/planner/{dep}/dashboards/productivity/*`) and the planner's
 * report (`/planner/{dep}/reports/*`), docs/decisions/0080-reporting.md: the department's (or
 * group's) consignments of the dates, grouped by day, courier, unit, slot or customer (query
 * `productivityReport`), as a chart and a table with totals, saved as CSV or xlsx, printed. The dates and the
 * grouping are the address's segments.
 */
export default function ProductivityPage() {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const navigate = useNavigate();
  const kind: ReportKind = useLocation().pathname.includes('/dashboards/') ? 'dashboard' : 'report';
  const titleKey = kind === 'dashboard' ? 'productivityDashboard' : 'productivityReport';
  usePageTitle(titleKey);
  const { departmentId = '', '*': splat = '' } = useParams();
  const options = useDepartmentOptions();
  const option = options.data?.find((d) => d.id === departmentId);
  const today = todayIn(timeZoneFor(option?.country ?? null));
  const view = parseReportView(splat, kind, today);
  const latest = useLatestPath();
  const go = (next: Partial<ReportView>) =>
    void navigate(
      reportPath(kind, departmentId, { ...parseReportView(latest().splat, kind, today), ...next }),
      { replace: true },
    );
  const departmentIds = useMemo(
    () => departmentMembers(departmentId, options.data),
    [departmentId, options.data],
  );
  const params = { departmentIds, ...view };
  const report = useQuery({
    queryKey: ['productivityReport', params],
    enabled: departmentIds.length > 0,
    queryFn: () => runQuery<ProductivityReport>('productivityReport', params),
    refetchInterval: kind === 'dashboard' ? DASHBOARD_REFRESH_MS : false,
  });
  // The amount still to invoice is priced when asked, by its own query (0101, 0105): the report's
  // tables do not wait for it.
  const estimateParams = { departmentIds, fromDate: view.fromDate, toDate: view.toDate };
  const estimate = useQuery({
    queryKey: ['toInvoiceEstimate', estimateParams],
    enabled: departmentIds.length > 0,
    queryFn: () => runQuery<ToInvoiceEstimate>('toInvoiceEstimate', estimateParams),
    refetchInterval: kind === 'dashboard' ? DASHBOARD_REFRESH_MS : false,
  });
  const name = (r: Pick<ProductivityRow, 'key' | 'label'>) =>
    view.groupBy === 'day' && r.key
      ? formatDate(r.key, locale)
      : (r.label ?? r.key ?? translate('reporting.none'));
  const data = report.data;
  const title = `${translate(`pages.${titleKey}`)}${option ? ` · ${option.name}` : ''}`;
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
          label={translate('reporting.groupBy')}
          value={view.groupBy}
          onChange={(e) => go({ groupBy: e.target.value as ReportGrouping })}
          helperText=" "
          sx={{ minWidth: 150 }}
        >
          {reportGroupings.map((g) => (
            <MenuItem key={g} value={g}>
              {translate(`reporting.groups.${g}`)}
            </MenuItem>
          ))}
        </TextField>
        <ReportTools
          report={data}
          group={translate(`reporting.groups.${view.groupBy}`)}
          name={name}
          fileName={`productivity-${departmentId}-${view.fromDate}-${view.toDate}-${view.groupBy}`}
          title={title}
        />
      </PageHeader>
      <ReportBody
        printTitle={title}
        fromDate={view.fromDate}
        toDate={view.toDate}
        failed={report.isError}
        report={data}
        // The heading of the rows shown (an answer of the grouping before may still be shown).
        group={data ? translate(`reporting.groups.${data.groupBy}`) : ''}
        name={name}
      >
        {/* The routes' kilometres, hours and loads by the same groups (0090). */}
        {data?.routes ? (
          <RouteTable
            routes={data.routes}
            group={translate(`reporting.groups.${data.groupBy}`)}
            name={name}
            fileName={`productivity-${departmentId}-${view.fromDate}-${view.toDate}-${data.groupBy}`}
            title={title}
          />
        ) : null}
        {/* The invoiced amounts by the same groups (0096). */}
        {data?.invoicing ? (
          <InvoicingTable
            invoicing={
              estimate.data ? { ...data.invoicing, estimate: estimate.data } : data.invoicing
            }
            estimating={estimate.isPending}
            group={translate(`reporting.groups.${data.groupBy}`)}
            name={name}
            fileName={`productivity-${departmentId}-${view.fromDate}-${view.toDate}-${data.groupBy}`}
            title={title}
          />
        ) : null}
        {/* The recipients' net promoter answers of the same departments and dates (0083). */}
        {kind === 'report' ? (
          <NpsTable departmentIds={departmentIds} fromDate={view.fromDate} toDate={view.toDate} />
        ) : null}
      </ReportBody>
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import {
  analyticsFigures,
  analyticsStates,
  type AdminReport,
  type AnalyticsFigures,
  type ReportDashboards,
} from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { Loading, useLocale, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { defaultTimeZone, formatDate, normalizeLocale, todayIn } from '../i18n/locales';
import { formatNumber } from '../i18n/numbers';
import { PageHeader } from '../layout/PageHeader';
import { usePageTitle } from '../layout/pageTitle';
import { DateRangeFilter } from '../planner/DateRangeFilter';
import { runQuery } from '../shell/api';
import { useLatestPath } from '../shell/latestPath';
import { DashboardFrame } from './DashboardFrame';
import { analyticsPath, parseAnalyticsView } from './monitoringData';

const percent = (rate: number | null, locale: string) =>
  rate === null ? '–' : `${formatNumber(rate * 100, locale, { digits: 0 })} %`;

/**
 * `/reports/analytics/{fromDate?}/{toDate?}` (spec §2 `/reports/{analytics service}`;
 * docs/decisions/0084): the company's consignments of the dates by state, the on-time rate, and
 * the deviations by reason per department, as a chart and a table. The numbers are the admin
 * report's per department (query `adminReport`, the reporting read model). With
 * ANALYTICS_DASHBOARD_URL configured the page shows that dashboard instead. ADMIN only.
 */
export default function AnalyticsPage() {
  const translate = useTranslate();
  usePageTitle('analytics');
  const dashboards = useQuery({
    queryKey: ['reportDashboards'],
    queryFn: () => runQuery<ReportDashboards>('reportDashboards', {}),
  });
  const external = dashboards.data?.analytics;
  return (
    <Box sx={{ p: 2 }}>
      {dashboards.isError ? (
        <Alert severity="error">{translate('reporting.failed')}</Alert>
      ) : !dashboards.data ? (
        <Loading />
      ) : external ? (
        <>
          <PageHeader title={translate('pages.analytics')} />
          <DashboardFrame url={external} />
        </>
      ) : (
        <OwnAnalytics />
      )}
    </Box>
  );
}

function OwnAnalytics() {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const navigate = useNavigate();
  const { '*': splat = '' } = useParams();
  const today = todayIn(defaultTimeZone);
  const view = parseAnalyticsView(splat, today);
  const latest = useLatestPath();
  const report = useQuery({
    queryKey: ['adminReport', 'analytics', view],
    queryFn: () =>
      runQuery<AdminReport>('adminReport', { ...view, type: 'departments' }).then(analyticsFigures),
  });
  return (
    <>
      <PageHeader title={translate('pages.analytics')}>
        <DateRangeFilter
          fromDate={view.fromDate}
          toDate={view.toDate}
          today={today}
          onChange={(range) =>
            void navigate(
              analyticsPath({ ...parseAnalyticsView(latest().splat, today), ...range }),
              { replace: true },
            )
          }
        />
      </PageHeader>
      <Typography data-testid="report-range" variant="body2" sx={{ mb: 1 }}>
        {`${formatDate(view.fromDate, locale)} – ${formatDate(view.toDate, locale)}`}
      </Typography>
      {report.isError ? (
        <Alert severity="error">{translate('reporting.failed')}</Alert>
      ) : !report.data ? (
        <Loading />
      ) : report.data.booked === 0 ? (
        <Alert severity="info">{translate('reporting.empty')}</Alert>
      ) : (
        <Figures figures={report.data} locale={locale} />
      )}
    </>
  );
}

function Figures({ figures, locale }: { figures: AnalyticsFigures; locale: string }) {
  const translate = useTranslate();
  const reason = (r: string) => translate(`enums.deviationReason.${r}`, { _: r });
  const department = (d: AnalyticsFigures['departments'][number]) =>
    d.label ?? d.key ?? translate('reporting.none');
  const n = (v: number) => formatNumber(v, locale);
  return (
    <>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}
        data-testid="analytics-summary"
      >
        <Paper variant="outlined" sx={{ p: 2, minWidth: 160 }}>
          <Typography variant="body2">{translate('reportPages.booked')}</Typography>
          <Typography variant="h5">{n(figures.booked)}</Typography>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, minWidth: 160 }}>
          <Typography variant="body2">{translate('reporting.onTimeRate')}</Typography>
          <Typography variant="h5">{percent(figures.onTimeRate, locale)}</Typography>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }} aria-label={translate('reportPages.byState')}>
          <Typography variant="body2">{translate('reportPages.byState')}</Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            {analyticsStates.map((s) => (
              <Typography key={s} variant="body1">
                {`${translate(`reportPages.states.${s}`)}: ${n(figures.states[s])}`}
              </Typography>
            ))}
          </Box>
        </Paper>
      </Box>
      <Box
        component="figure"
        aria-label={translate('reportPages.reasonsChart')}
        sx={{ m: 0, mb: 2 }}
      >
        <Typography component="figcaption" variant="subtitle2">
          {translate('reportPages.reasonsChart')}
        </Typography>
        {figures.reasons.length === 0 ? (
          <Typography variant="body2">{translate('reportPages.noReasons')}</Typography>
        ) : (
          <BarChart
            height={260}
            xAxis={[{ scaleType: 'band', data: figures.departments.map(department) }]}
            yAxis={[{ tickMinStep: 1 }]}
            series={figures.reasons.map((r) => ({
              data: figures.departments.map((d) => d.reasons[r] ?? 0),
              label: reason(r),
              stack: 'reasons',
            }))}
          />
        )}
      </Box>
      <Table
        size="small"
        data-testid="analytics-table"
        aria-label={translate('reportPages.reasonsChart')}
      >
        <TableHead>
          <TableRow>
            <TableCell>{translate('reportPages.department')}</TableCell>
            <TableCell align="right">{translate('reporting.booked')}</TableCell>
            <TableCell align="right">{translate('reporting.delivered')}</TableCell>
            <TableCell align="right">{translate('reporting.onTimeRate')}</TableCell>
            <TableCell align="right">{translate('reporting.deviated')}</TableCell>
            {figures.reasons.map((r) => (
              <TableCell key={r} align="right">
                {reason(r)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {figures.departments.map((d) => (
            <TableRow key={d.key ?? ''}>
              <TableCell component="th" scope="row">
                {department(d)}
              </TableCell>
              <TableCell align="right">{n(d.booked)}</TableCell>
              <TableCell align="right">{n(d.delivered)}</TableCell>
              <TableCell align="right">{percent(d.onTimeRate, locale)}</TableCell>
              <TableCell align="right">{n(d.deviated)}</TableCell>
              {figures.reasons.map((r) => (
                <TableCell key={r} align="right">
                  {n(d.reasons[r] ?? 0)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

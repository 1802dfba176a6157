import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MonitoringSnapshot, ReportDashboards } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import { Loading, useLocale, useTranslate } from 'react-admin';
import { normalizeLocale } from '../i18n/locales';
import { formatNumber } from '../i18n/numbers';
import { PageHeader } from '../layout/PageHeader';
import { usePageTitle } from '../layout/pageTitle';
import { runQuery } from '../shell/api';
import { DashboardFrame } from './DashboardFrame';
import { MONITORING_REFRESH_MS, commandRates, millis } from './monitoringData';

/**
 * `/reports/monitoring` (spec §2 `/reports/{monitoring service}`; docs/decisions/0084): the
 * running processes' Prometheus metrics (query `monitoringSnapshot`), read again every few
 * seconds while the page is open: command rates and latencies, projection lag, open sockets,
 * the Kafka relay's lag and the outboxes. With MONITORING_DASHBOARD_URL configured the page shows
 * that dashboard (e.g. Grafana) instead. ADMIN only.
 */
export default function MonitoringPage() {
  const translate = useTranslate();
  usePageTitle('monitoring');
  const dashboards = useQuery({
    queryKey: ['reportDashboards'],
    queryFn: () => runQuery<ReportDashboards>('reportDashboards', {}),
  });
  const external = dashboards.data?.monitoring;
  return (
    <Box sx={{ p: 2 }}>
      <PageHeader title={translate('pages.monitoring')} />
      {dashboards.isError ? (
        <Alert severity="error">{translate('reportPages.failed')}</Alert>
      ) : !dashboards.data ? (
        <Loading />
      ) : external ? (
        <DashboardFrame url={external} />
      ) : (
        <OwnMetrics />
      )}
    </Box>
  );
}

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={props.title} sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {props.title}
      </Typography>
      {props.children}
    </Box>
  );
}

function OwnMetrics() {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  // The snapshot before the one shown: the rates are their difference.
  const previous = useRef<{ shown?: MonitoringSnapshot; before?: MonitoringSnapshot }>({});
  const snapshot = useQuery({
    queryKey: ['monitoringSnapshot'],
    queryFn: () => runQuery<MonitoringSnapshot>('monitoringSnapshot', {}),
    refetchInterval: MONITORING_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
  const data = snapshot.data;
  if (data && previous.current.shown !== data)
    previous.current = { before: previous.current.shown, shown: data };
  if (snapshot.isError && !data)
    return <Alert severity="error">{translate('reportPages.failed')}</Alert>;
  if (!data) return <Loading />;
  const rates = commandRates(previous.current.before, data);
  const n = (v: number | null | undefined, digits = 0) =>
    v === null || v === undefined ? '–' : formatNumber(v, locale, { digits });
  const time = new Date(data.at).toLocaleTimeString(locale);
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="monitoring-refreshed">
        {translate('reportPages.refreshed', { time, seconds: MONITORING_REFRESH_MS / 1000 })}
      </Typography>
      {data.sources
        .filter((s) => !s.ok)
        .map((s) => (
          <Alert key={s.name} severity="warning" sx={{ mb: 1 }}>
            {translate('reportPages.sourceDown', { name: s.name, error: s.error ?? '' })}
          </Alert>
        ))}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Paper variant="outlined" sx={{ p: 2, minWidth: 160 }} data-testid="monitoring-sockets">
          <Typography variant="body2">{translate('reportPages.sockets')}</Typography>
          <Typography variant="h5">{n(data.socketsOpen)}</Typography>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, minWidth: 160 }}>
          <Typography variant="body2">{translate('reportPages.socketMessages')}</Typography>
          <Typography variant="h5">{n(data.socketMessagesSent)}</Typography>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, minWidth: 160 }}>
          <Typography variant="body2">{translate('reportPages.relay')}</Typography>
          {data.relayLag.length === 0 ? (
            <Typography variant="body1">{translate('reportPages.noRelay')}</Typography>
          ) : (
            data.relayLag.map((r) => (
              <Typography
                key={r.source}
                variant="body1"
              >{`${r.source}: ${n(r.seconds, 1)} s`}</Typography>
            ))
          )}
        </Paper>
        {data.outboxBacklog.length > 0 && (
          <Paper variant="outlined" sx={{ p: 2, minWidth: 160 }}>
            <Typography variant="body2">{translate('reportPages.outbox')}</Typography>
            {data.outboxBacklog.map((o) => (
              <Typography key={o.outbox} variant="body1">{`${o.outbox}: ${n(o.rows)}`}</Typography>
            ))}
          </Paper>
        )}
      </Box>
      <Section title={translate('reportPages.commands')}>
        {data.commands.length === 0 ? (
          <Typography variant="body2">{translate('reportPages.noCommands')}</Typography>
        ) : (
          <Table size="small" data-testid="monitoring-commands">
            <TableHead>
              <TableRow>
                <TableCell>{translate('reportPages.command')}</TableCell>
                <TableCell align="right">{translate('reportPages.total')}</TableCell>
                <TableCell align="right">{translate('reportPages.failedCount')}</TableCell>
                <TableCell align="right">{translate('reportPages.rate')}</TableCell>
                <TableCell align="right">{`${translate('reportPages.p50')} (ms)`}</TableCell>
                <TableCell align="right">{`${translate('reportPages.p95')} (ms)`}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.commands.map((c) => (
                <TableRow key={c.command}>
                  <TableCell component="th" scope="row">
                    {c.command}
                  </TableCell>
                  <TableCell align="right">{n(c.total)}</TableCell>
                  <TableCell align="right">{n(c.failed)}</TableCell>
                  <TableCell align="right">{n(rates.get(c.command), 1)}</TableCell>
                  <TableCell align="right">{n(millis(c.p50), 1)}</TableCell>
                  <TableCell align="right">{n(millis(c.p95), 1)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
      <Section title={translate('reportPages.projections')}>
        <Table size="small" data-testid="monitoring-projections">
          <TableHead>
            <TableRow>
              <TableCell>{translate('reportPages.projection')}</TableCell>
              <TableCell align="right">{translate('reportPages.lagSeconds')}</TableCell>
              <TableCell align="right">{translate('reportPages.lagEvents')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.projections.map((p) => (
              <TableRow key={p.projection}>
                <TableCell component="th" scope="row">
                  {p.projection}
                </TableCell>
                <TableCell align="right">{n(p.seconds, 1)}</TableCell>
                <TableCell align="right">{n(p.events)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
    </>
  );
}

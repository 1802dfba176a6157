import DownloadIcon from '@mui/icons-material/Download';
import TableViewIcon from '@mui/icons-material/TableView';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RouteReport, RouteReportFigures, RouteRow } from '@nordlog/contracts';
import { useState } from 'react';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { formatNumber } from '../../i18n/numbers';
import { saveBlob } from '../../shell/download';
import { percentColumns, routeColumns, routeCsv, routeTable, routeValue } from './routeReportData';
import { xlsxBlob } from './reportXlsx';

/**
 * The routes' figures by the report's groups (docs/decisions/0090-route-reports.md): kilometres
 * and driving time planned and driven, working time, stops per hour and load factors, with their
 * totals, saved as CSV or xlsx like the counts.
 */
export function RouteTable(props: {
  routes: RouteReport;
  group: string;
  name: (r: RouteRow) => string;
  fileName: string;
  title: string;
}) {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const { routes, name } = props;
  const headers = () => ({
    group: props.group,
    columns: routeColumns.map((c) => translate(`routeReports.${c}`)),
    total: translate('reporting.total'),
  });
  const percents = routeColumns.flatMap((c, i) => (percentColumns.includes(c) ? [i + 1] : []));
  const exportXlsx = async () => {
    setSaving(true);
    try {
      const table = routeTable(routes, headers(), name);
      saveBlob(await xlsxBlob(props.title, table, percents), `${props.fileName}-routes.xlsx`);
    } catch {
      notify('reporting.xlsxFailed', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  const cells = (f: RouteReportFigures) =>
    routeColumns.map((c) => {
      const v = routeValue(f, c);
      return (
        <TableCell key={c} align="right">
          {v === null ? '–' : `${formatNumber(v, locale)}${percentColumns.includes(c) ? ' %' : ''}`}
        </TableCell>
      );
    });
  return (
    <Box sx={{ mt: 3 }} data-testid="route-report">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate('routeReports.title')}
        </Typography>
        <Box data-print="hide" sx={{ display: 'flex', gap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={routes.rows.length === 0}
            onClick={() =>
              saveBlob(
                new Blob([routeCsv(routes, headers(), name)], { type: 'text/csv;charset=utf-8' }),
                `${props.fileName}-routes.csv`,
              )
            }
          >
            {translate('routeReports.exportCsv')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<TableViewIcon />}
            disabled={routes.rows.length === 0 || saving}
            onClick={() => void exportXlsx()}
          >
            {translate('routeReports.exportXlsx')}
          </Button>
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('routeReports.hint')}
      </Typography>
      <Table
        size="small"
        aria-label={translate('routeReports.table', { group: props.group.toLowerCase() })}
        data-testid="route-table"
      >
        <TableHead>
          <TableRow>
            <TableCell>{props.group}</TableCell>
            {routeColumns.map((c) => (
              <TableCell key={c} align="right">
                {translate(`routeReports.${c}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {routes.rows.map((r) => (
            <TableRow key={r.key ?? ''}>
              <TableCell component="th" scope="row">
                {name(r)}
              </TableCell>
              {cells(r)}
            </TableRow>
          ))}
          <TableRow sx={{ '& th, & td': { fontWeight: 'bold' } }}>
            <TableCell component="th" scope="row">
              {translate('reporting.total')}
            </TableCell>
            {cells(routes.totals)}
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  );
}

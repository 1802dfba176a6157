import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import {
  csvText,
  type RouteReport,
  type RouteReportFigures,
  type RouteRow,
} from '@nordlog/contracts';
import { useLocale, useTranslate } from 'react-admin';
import { formatNumber } from '../../i18n/numbers';
import { percentColumns, routeColumns, routeTable, routeValue } from './routeReportData';
import { ReportSection } from './ReportSection';
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
  const { routes, name } = props;
  const columns = routeColumns;
  const headers = () => ({
    group: props.group,
    columns: columns.map((c) => translate(`routeReports.${c}`)),
    total: translate('reporting.total'),
  });
  const percents = columns.flatMap((c, i) => (percentColumns.includes(c) ? [i + 1] : []));
  const cells = (f: RouteReportFigures) =>
    columns.map((c) => {
      const v = routeValue(f, c);
      return (
        <TableCell key={c} align="right">
          {v === null ? '–' : `${formatNumber(v, locale)}${percentColumns.includes(c) ? ' %' : ''}`}
        </TableCell>
      );
    });
  return (
    <ReportSection
      messages="routeReports"
      testId="route-report"
      fileName={props.fileName}
      suffix="routes"
      empty={routes.rows.length === 0}
      csv={() => csvText(routeTable(routes, headers(), name, columns))}
      xlsx={() => xlsxBlob(props.title, routeTable(routes, headers(), name, columns), percents)}
    >
      <Table
        size="small"
        aria-label={translate('routeReports.table', { group: props.group.toLowerCase() })}
        data-testid="route-table"
      >
        <TableHead>
          <TableRow>
            <TableCell>{props.group}</TableCell>
            {columns.map((c) => (
              <TableCell key={c} align="right">
                {translate(`routeReports.${c}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {routes.rows.map((r, i) => (
            <TableRow key={`${r.key ?? ''}-${i}`}>
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
    </ReportSection>
  );
}

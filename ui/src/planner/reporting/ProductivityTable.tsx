import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ProductivityRow, ReportCounts } from '@nordlog/contracts';
import { useLocale, useTranslate } from 'react-admin';
import { formatNumber } from '../../i18n/numbers';
import { ratePercent, reasonsOf, reportColumns, type ReportRows } from './reportData';

/**
 * The report's rows and their totals (docs/decisions/0080, the admin report's too: 0082): the
 * counts, the on-time rate, the reasons. `group`: the first column's heading (what a row is).
 */
export function ProductivityTable(props: {
  report: ReportRows;
  group: string;
  name: (r: ProductivityRow) => string;
  testId?: string;
}) {
  const translate = useTranslate();
  const locale = useLocale();
  const { report, name } = props;
  const cells = (c: ReportCounts) => {
    const rate = ratePercent(c);
    return (
      <>
        {reportColumns.map((f) => (
          <TableCell key={f} align="right">
            {formatNumber(c[f], locale)}
          </TableCell>
        ))}
        <TableCell align="right">
          {rate === null ? '–' : `${formatNumber(rate, locale)} %`}
        </TableCell>
        <TableCell>
          {reasonsOf(c)
            .map(([r, n]) => `${translate(`enums.deviationReason.${r}`, { _: r })}: ${n}`)
            .join(', ')}
        </TableCell>
      </>
    );
  };
  return (
    <Table
      size="small"
      aria-label={translate('reporting.table', { group: props.group.toLowerCase() })}
      data-testid={props.testId ?? 'productivity-table'}
    >
      <TableHead>
        <TableRow>
          <TableCell>{props.group}</TableCell>
          {reportColumns.map((f) => (
            <TableCell key={f} align="right">
              {translate(`reporting.${f}`)}
            </TableCell>
          ))}
          <TableCell align="right">{translate('reporting.onTimeRate')}</TableCell>
          <TableCell>{translate('reporting.reasons')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {report.rows.map((r) => (
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
          {cells(report.totals)}
        </TableRow>
      </TableBody>
    </Table>
  );
}

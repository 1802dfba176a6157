import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { InvoicingFigures, InvoicingReport, InvoicingRow } from '@nordlog/contracts';
import { useLocale, useTranslate } from 'react-admin';
import { formatNumber } from '../../i18n/numbers';
import {
  estimateLines,
  invoicingColumns,
  invoicingCsv,
  invoicingLines,
  invoicingTable,
} from './invoicingReportData';
import { ReportSection } from './ReportSection';
import { xlsxBlob } from './reportXlsx';

/**
 * The invoiced amounts by the report's groups (docs/decisions/0096): orders invoiced (INVOICED_OK
 * and AWAITING_ACKNOWLEDGEMENT), those without a price on record, those still to invoice, and per
 * currency net, VAT, gross and cost per stop, with the totals; saved as CSV or xlsx. Under the
 * totals, where the report has it, the amount still to invoice estimated at today's prices
 * (docs/decisions/0101), in italics and named an estimate.
 */
export function InvoicingTable(props: {
  invoicing: InvoicingReport;
  group: string;
  name: (r: InvoicingRow) => string;
  fileName: string;
  title: string;
  /** The estimate's own query is still pricing (docs/decisions/0105). */
  estimating?: boolean;
}) {
  const translate = useTranslate();
  const locale = useLocale();
  const { invoicing, name } = props;
  const estimateTexts = {
    estimate: translate('reportInvoicing.estimate'),
    overLimit: translate('reportInvoicing.estimateOverLimit', {
      limit: formatNumber(invoicing.estimate?.limit ?? 0, locale),
    }),
    notPriced: translate('reportInvoicing.estimateNotPriced'),
  };
  const headers = () => ({
    group: props.group,
    columns: invoicingColumns.map((c) => translate(`reportInvoicing.${c}`)),
    total: translate('reporting.total'),
    estimate: estimateTexts,
  });
  const estimate = invoicing.estimate
    ? estimateLines(invoicing.estimate, estimateTexts).map(([first, ...l], i) => (
        <TableRow
          key={`estimate-${i}`}
          data-testid="invoicing-estimate"
          sx={{ '& th, & td': { fontStyle: 'italic' } }}
        >
          <TableCell component="th" scope="row">
            {first}
          </TableCell>
          {l.length < invoicingColumns.length ? (
            <>
              {l.slice(0, 3).map((_, j) => (
                <TableCell key={invoicingColumns[j]} align="right">
                  {typeof l[j] === 'number' ? formatNumber(l[j], locale) : ''}
                </TableCell>
              ))}
              <TableCell colSpan={invoicingColumns.length - 3}>{l[3]}</TableCell>
            </>
          ) : (
            l.map((v, j) => (
              <TableCell key={invoicingColumns[j]} align={j === 3 ? 'left' : 'right'}>
                {typeof v === 'number'
                  ? formatNumber(v, locale, j > 3 ? { digits: 2, minDigits: 2 } : {})
                  : (v ?? '')}
              </TableCell>
            ))
          )}
        </TableRow>
      ))
    : [];
  const lines = (first: string, f: InvoicingFigures, bold: boolean, key: string) =>
    invoicingLines(f).map((l, i) => (
      <TableRow key={`${key}-${i}`} sx={bold ? { '& th, & td': { fontWeight: 'bold' } } : {}}>
        <TableCell component="th" scope="row">
          {i === 0 ? first : ''}
        </TableCell>
        {l.map((v, j) => (
          <TableCell key={invoicingColumns[j]} align={j === 3 ? 'left' : 'right'}>
            {v === null
              ? j > 3 && l[3] !== ''
                ? '–'
                : ''
              : typeof v === 'number'
                ? formatNumber(v, locale, j > 3 ? { digits: 2, minDigits: 2 } : {})
                : v}
          </TableCell>
        ))}
      </TableRow>
    ));
  return (
    <ReportSection
      messages="reportInvoicing"
      testId="invoicing-report"
      fileName={props.fileName}
      suffix="invoicing"
      empty={invoicing.rows.length === 0}
      csv={() => invoicingCsv(invoicing, headers(), name)}
      xlsx={() => xlsxBlob(props.title, invoicingTable(invoicing, headers(), name), [])}
    >
      <Table
        size="small"
        aria-label={translate('reportInvoicing.table', { group: props.group.toLowerCase() })}
        data-testid="invoicing-table"
      >
        <TableHead>
          <TableRow>
            <TableCell>{props.group}</TableCell>
            {invoicingColumns.map((c, j) => (
              <TableCell key={c} align={j === 3 ? 'left' : 'right'}>
                {translate(`reportInvoicing.${c}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {invoicing.rows.flatMap((r) => lines(name(r), r, false, r.key ?? ''))}
          {lines(translate('reporting.total'), invoicing.totals, true, 'total')}
          {estimate}
          {props.estimating && !invoicing.estimate ? (
            <TableRow data-testid="invoicing-estimating">
              <TableCell colSpan={invoicingColumns.length + 1} sx={{ fontStyle: 'italic' }}>
                {translate('reportInvoicing.estimating')}
                <LinearProgress sx={{ mt: 0.5 }} />
              </TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </ReportSection>
  );
}

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
import type { InvoicingFigures, InvoicingReport, InvoicingRow } from '@nordlog/contracts';
import { useState } from 'react';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { formatNumber } from '../../i18n/numbers';
import { saveBlob } from '../../shell/download';
import {
  invoicingColumns,
  invoicingCsv,
  invoicingLines,
  invoicingTable,
} from './invoicingReportData';
import { xlsxBlob } from './reportXlsx';

/**
 * The invoiced amounts by the report's groups (docs/decisions/0096): orders invoiced (INVOICED_OK
 * and AWAITING_ACKNOWLEDGEMENT), those without a price on record, those still to invoice, and per
 * currency net, VAT, gross and cost per stop, with the totals; saved as CSV or xlsx.
 */
export function InvoicingTable(props: {
  invoicing: InvoicingReport;
  group: string;
  name: (r: InvoicingRow) => string;
  fileName: string;
  title: string;
}) {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const { invoicing, name } = props;
  const headers = () => ({
    group: props.group,
    columns: invoicingColumns.map((c) => translate(`reportInvoicing.${c}`)),
    total: translate('reporting.total'),
  });
  const exportXlsx = async () => {
    setSaving(true);
    try {
      const table = invoicingTable(invoicing, headers(), name);
      saveBlob(await xlsxBlob(props.title, table, []), `${props.fileName}-invoicing.xlsx`);
    } catch {
      notify('reporting.xlsxFailed', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
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
    <Box sx={{ mt: 3 }} data-testid="invoicing-report">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate('reportInvoicing.title')}
        </Typography>
        <Box data-print="hide" sx={{ display: 'flex', gap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={invoicing.rows.length === 0}
            onClick={() =>
              saveBlob(
                new Blob([invoicingCsv(invoicing, headers(), name)], {
                  type: 'text/csv;charset=utf-8',
                }),
                `${props.fileName}-invoicing.csv`,
              )
            }
          >
            {translate('reportInvoicing.exportCsv')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<TableViewIcon />}
            disabled={invoicing.rows.length === 0 || saving}
            onClick={() => void exportXlsx()}
          >
            {translate('reportInvoicing.exportXlsx')}
          </Button>
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('reportInvoicing.hint')}
      </Typography>
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
        </TableBody>
      </Table>
    </Box>
  );
}

import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  invoiceDocumentLink,
  invoiceFileName,
  type InvoiceDocumentType,
  type InvoiceRow,
} from '@nordlog/contracts';
import { useTranslate } from 'react-admin';
import { formatDate } from '../../i18n/locales';
import { useMoney, type useLocaleCode } from './common';

const INVOICE_COLUMNS = [
  'number',
  'customer',
  'issueDate',
  'dueDate',
  'net',
  'vat',
  'gross',
  'documents',
] as const;

/**
 * Issued invoices, each with its PDF and CSV (spec §7 GET /api/download-invoice/…): a run's on
 * the invoicing screen, a customer's own in the customer portal (docs/decisions/0074).
 */
export function InvoiceTable(props: {
  rows: readonly InvoiceRow[];
  pending: boolean;
  label: string;
  testId: string;
  locale: ReturnType<typeof useLocaleCode>;
}) {
  const { rows, locale } = props;
  const translate = useTranslate();
  const money = useMoney();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`invoicingScreen.invoices.${key}`, options);
  const link = (invoice: InvoiceRow, type: InvoiceDocumentType) => (
    <Link
      href={invoiceDocumentLink(invoice.id, type, invoiceFileName(invoice, type))}
      download={invoiceFileName(invoice, type)}
      aria-label={t(`${type}Of`, { number: invoice.number })}
      data-testid={`invoice-${type}`}
    >
      {type.toUpperCase()}
    </Link>
  );
  return (
    <Table size="small" aria-label={props.label} data-testid={props.testId}>
      <TableHead>
        <TableRow>
          {INVOICE_COLUMNS.map((c) => (
            <TableCell key={c}>{t(`columns.${c}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.length === 0 ? (
          <TableRow>
            <TableCell colSpan={INVOICE_COLUMNS.length}>
              <Typography color="text.secondary">
                {props.pending ? translate('app.loading') : t('none')}
              </Typography>
            </TableCell>
          </TableRow>
        ) : (
          rows.map((invoice) => (
            <TableRow key={invoice.id} data-testid="invoice-row" data-invoice-id={invoice.id}>
              <TableCell>{invoice.number}</TableCell>
              <TableCell>{invoice.customerName}</TableCell>
              <TableCell>{formatDate(invoice.issueDate, locale)}</TableCell>
              <TableCell>{formatDate(invoice.dueDate, locale)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(invoice.net, invoice.currency)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(invoice.vat, invoice.currency)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(invoice.gross, invoice.currency)}
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={1}>
                  {link(invoice, 'pdf')}
                  {link(invoice, 'csv')}
                </Stack>
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

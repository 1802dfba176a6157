import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { invoiceDocumentLink, invoiceFileName, type InvoicingDataRow } from '@nordlog/contracts';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslate } from 'react-admin';
import { formatDate } from '../../i18n/locales';
import { pageSelection, toggleAllOnPage, toggleOne } from './bulkModel';
import { EmptyRow, InvoicingStatusChip, useLocaleCode, useMoney } from './common';

const COLUMNS = [
  'shipment',
  'customer',
  'date',
  'status',
  'net',
  'vat',
  'gross',
  'invoice',
  'actions',
] as const;
const NUMERIC = new Set<string>(['net', 'vat', 'gross']);

/**
 * The invoicing screen's page of orders: a row each with its status, price and invoice, a check
 * box each and one for the page (the selection the bulk actions act on), and each row's prices
 * and correction buttons.
 */
export function InvoicingOrdersTable({
  rows,
  loading,
  selected,
  setSelected,
  onPrices,
  onCorrection,
}: {
  rows: InvoicingDataRow[];
  loading: boolean;
  selected: Set<string>;
  setSelected: Dispatch<SetStateAction<Set<string>>>;
  onPrices: (row: InvoicingDataRow) => void;
  onCorrection: (row: InvoicingDataRow) => void;
}) {
  const translate = useTranslate();
  const money = useMoney();
  const t = (key: string) => translate(`invoicingScreen.${key}`);
  const pageIds = rows.map((r) => r.orderId);
  const selection = pageSelection(selected, pageIds);
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      tabIndex={0}
      role="region"
      aria-label={t('table')}
      sx={{ overflowX: 'auto' }}
    >
      <Table size="small" data-testid="invoicing-orders">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                size="small"
                checked={selection === 'all'}
                indeterminate={selection === 'some'}
                disabled={pageIds.length === 0}
                onChange={() => setSelected((s) => toggleAllOnPage(s, pageIds))}
                slotProps={{ input: { 'aria-label': t('bulk.selectPage') } }}
              />
            </TableCell>
            {COLUMNS.map((c) => (
              <TableCell key={c} align={NUMERIC.has(c) ? 'right' : 'left'}>
                {t(`columns.${c}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <EmptyRow
              colSpan={COLUMNS.length + 1}
              loading={loading}
              text={t('none')}
              testId="invoicing-none"
            />
          ) : (
            rows.map((row) => (
              <OrderRow
                key={row.orderId}
                row={row}
                selected={selected.has(row.orderId)}
                onToggle={() => setSelected((s) => toggleOne(s, row.orderId))}
                onPrices={() => onPrices(row)}
                onCorrection={() => onCorrection(row)}
                money={money}
              />
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** One order: its status (and why it waits), its price, and what it was invoiced on. */
function OrderRow(props: {
  row: InvoicingDataRow;
  selected: boolean;
  onToggle: () => void;
  onPrices: () => void;
  onCorrection: () => void;
  money: (minor: number, currency: string | null | undefined) => string;
}) {
  const translate = useTranslate();
  const locale = useLocaleCode();
  const { row, money } = props;
  const errors = [
    ...row.errors.pickupServices,
    ...row.errors.deliveryServices,
    ...row.errors.departmentServices,
  ];
  const why: string[] = [];
  if (row.reason) why.push(translate(`invoicingScreen.reason.${row.reason}`));
  if (row.heldReason) why.push(row.heldReason);
  if (row.pendingCorrections > 0 && row.reason !== 'CORRECTION_PENDING')
    why.push(
      translate('invoicingScreen.pendingCorrections', { smart_count: row.pendingCorrections }),
    );
  const invoiced = row.status === 'INVOICED_OK';
  return (
    <TableRow
      hover
      selected={props.selected}
      data-testid="invoicing-order"
      data-order={row.orderId}
      data-status={row.status}
    >
      <TableCell padding="checkbox">
        <Checkbox
          size="small"
          checked={props.selected}
          onChange={props.onToggle}
          slotProps={{
            input: {
              'aria-label': translate('invoicingScreen.bulk.selectOne', {
                id: row.shipmentId ?? row.orderId,
              }),
            },
          }}
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.shipmentId ?? row.orderId}</TableCell>
      <TableCell>{row.customerName ?? row.customerId}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.invoicingDate, locale)}</TableCell>
      <TableCell>
        <InvoicingStatusChip status={row.status} />
        {why.length > 0 ? (
          <Typography variant="caption" component="div" color="text.secondary">
            {why.join(' · ')}
          </Typography>
        ) : null}
        {errors.length > 0 ? (
          <Typography variant="caption" component="div" color="error" data-testid="price-errors">
            {errors.join(', ')}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {money(row.customerNet, row.currency)}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {money(row.vat, row.currency)}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {money(row.customerGross, row.currency)}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {row.invoiceId && row.invoiceNumber ? (
          <Link
            href={`${invoiceDocumentLink(row.invoiceId, 'pdf', invoiceFileName({ number: row.invoiceNumber }, 'pdf'))}?inline=1`}
            target="_blank"
            rel="noopener"
            data-testid="order-invoice"
          >
            {row.invoiceNumber}
          </Link>
        ) : null}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Button
          size="small"
          onClick={props.onPrices}
          disabled={invoiced}
          data-testid="order-prices"
          aria-label={translate('invoicingScreen.prices.openFor', {
            id: row.shipmentId ?? row.orderId,
          })}
        >
          {translate('invoicingScreen.prices.open')}
        </Button>
        <Button
          size="small"
          onClick={props.onCorrection}
          disabled={invoiced || row.pendingCorrections > 0}
          data-testid="order-correction"
          aria-label={translate('invoicingScreen.corrections.newFor', {
            id: row.shipmentId ?? row.orderId,
          })}
        >
          {translate('invoicingScreen.corrections.new')}
        </Button>
      </TableCell>
    </TableRow>
  );
}

import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ArticleRow, InvoicingDataRow, OrderPrice } from '@nordlog/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { readHeaders, requestJson, sendCommand } from '../../shell/api';
import { failureText } from '../planning/commands';
import { DialogButtons, FailureAlert, useMoney } from './common';
import { INVOICING_DATA } from './invoicingModel';
import {
  emptyPriceCorrection,
  priceCorrectionPayload,
  priceCorrectionRows,
  type PriceCorrectionValues,
} from './priceCorrectionModel';

const query = <T,>(name: string, params: unknown) =>
  requestJson<T>(`/api/query/${name}`, {
    method: 'POST',
    body: { query: name, params },
    headers: readHeaders(),
  });

/**
 * An order's price and its price corrections (spec §3 price correction: articleCode,
 * articleLabel, customerPrice, resourcePrice; issue 18 §3). The computed lines come from query
 * `orderPrice`; a correction replaces the computed line of its article or adds one (a credit may
 * be negative). Saving sends the whole list with a reason (UPDATE_ORDER_PRICE_CORRECTIONS), which
 * the order's history and the audit replay keep with who and when.
 */
export function PriceCorrectionDialog(props: {
  row: InvoicingDataRow | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const money = useMoney();
  const orderId = props.row?.orderId ?? null;
  const price = useQuery({
    queryKey: ['orderPrice', 'invoicing', orderId],
    enabled: orderId !== null,
    queryFn: () => query<OrderPrice>('orderPrice', { orderId }),
  });
  const articles = useQuery({
    queryKey: ['articles', 'invoicing'],
    enabled: orderId !== null,
    staleTime: 60_000,
    queryFn: () => query<ArticleRow[]>('articles', {}),
  });
  const [rows, setRows] = useState<PriceCorrectionValues[]>([]);
  const [reason, setReason] = useState('');
  const [issues, setIssues] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setRows(price.data ? priceCorrectionRows(price.data) : []);
    setReason('');
    setIssues({});
    setFailure(null);
  }, [orderId, price.data]);

  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`invoicingScreen.prices.${key}`, options);
  const issue = (path: string) => (issues[path] ? translate(issues[path]) : undefined);
  const setRow = (i: number, change: Partial<PriceCorrectionValues>) =>
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const codes = (articles.data ?? []).map((a) => a.code);
  const labelOf = (code: string) => articles.data?.find((a) => a.code === code)?.label ?? '';

  const save = async () => {
    if (!orderId) return;
    const { payload, issues: found } = priceCorrectionPayload(orderId, rows, reason);
    setIssues(found);
    if (!payload) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await sendCommand('UPDATE_ORDER_PRICE_CORRECTIONS', payload);
      notify(answer.events.length === 0 ? t('unchanged') : t('saved'), { type: 'success' });
      void client.invalidateQueries({ queryKey: [INVOICING_DATA] });
      void client.invalidateQueries({ queryKey: ['orderPrice'] });
      props.onClose();
    } catch (err) {
      setFailure(failureText(err, translate));
    } finally {
      setBusy(false);
    }
  };

  const row = props.row;
  return (
    <Dialog
      open={row !== null}
      onClose={busy ? undefined : props.onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="price-correction-title"
    >
      <DialogTitle id="price-correction-title">
        {t('title', { id: row?.shipmentId ?? row?.orderId ?? '' })}
      </DialogTitle>
      <DialogContent>
        {price.isError ? <Alert severity="error">{translate('errors.server')}</Alert> : null}
        <FailureAlert failure={failure} testId="price-failure" />
        <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
          {t('computed')}
        </Typography>
        <Table size="small" aria-label={t('computed')} data-testid="price-lines">
          <TableHead>
            <TableRow>
              <TableCell>{t('columns.article')}</TableCell>
              <TableCell>{t('columns.label')}</TableCell>
              <TableCell align="right">{t('columns.quantity')}</TableCell>
              <TableCell align="right">{t('columns.amount')}</TableCell>
              <TableCell align="right">{t('columns.resource')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(price.data?.lines ?? []).map((l, i) => (
              <TableRow key={`${l.articleCode}-${i}`} data-corrected={l.corrected}>
                <TableCell>{l.articleCode}</TableCell>
                <TableCell>
                  {l.label}
                  {l.corrected ? ` (${t('corrected')})` : ''}
                </TableCell>
                <TableCell align="right">{l.quantity}</TableCell>
                <TableCell align="right">{money(l.customerAmount, price.data?.currency)}</TableCell>
                <TableCell align="right">{money(l.resourceAmount, price.data?.currency)}</TableCell>
              </TableRow>
            ))}
            {price.data ? (
              <TableRow>
                <TableCell colSpan={3}>
                  <strong>{t('net')}</strong>
                </TableCell>
                <TableCell align="right">
                  <strong data-testid="price-net">
                    {money(price.data.customerNet, price.data.currency)}
                  </strong>
                </TableCell>
                <TableCell align="right">
                  {money(price.data.resourceNet, price.data.currency)}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
          {t('corrections')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('help')}
        </Typography>
        <Stack spacing={1}>
          {rows.map((r, i) => (
            <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Autocomplete
                freeSolo
                options={codes}
                value={r.articleCode}
                onInputChange={(_e, value) => setRow(i, { articleCode: value.toUpperCase() })}
                sx={{ minWidth: 160 }}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    size="small"
                    required
                    label={t('columns.article')}
                    error={!!issues[`rows.${i}.articleCode`]}
                    helperText={issue(`rows.${i}.articleCode`) ?? ' '}
                  />
                )}
              />
              <TextField
                size="small"
                label={t('columns.label')}
                placeholder={labelOf(r.articleCode)}
                value={r.articleLabel}
                onChange={(e) => setRow(i, { articleLabel: e.target.value })}
                error={!!issues[`rows.${i}.articleLabel`]}
                helperText={issue(`rows.${i}.articleLabel`) ?? ' '}
                slotProps={{ htmlInput: { maxLength: 200 } }}
                sx={{ flexGrow: 1 }}
              />
              <TextField
                size="small"
                required
                label={t('columns.customerPrice', { currency: price.data?.currency ?? '' })}
                value={r.customerPrice}
                onChange={(e) => setRow(i, { customerPrice: e.target.value })}
                error={!!issues[`rows.${i}.customerPrice`]}
                helperText={issue(`rows.${i}.customerPrice`) ?? ' '}
                slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'price-customer' } }}
                sx={{ width: 150 }}
              />
              <TextField
                size="small"
                label={t('columns.resourcePrice', { currency: price.data?.currency ?? '' })}
                value={r.resourcePrice}
                onChange={(e) => setRow(i, { resourcePrice: e.target.value })}
                error={!!issues[`rows.${i}.resourcePrice`]}
                helperText={issue(`rows.${i}.resourcePrice`) ?? ' '}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                sx={{ width: 150 }}
              />
              <IconButton
                aria-label={t('remove', { code: r.articleCode || i + 1 })}
                onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Stack>
          ))}
          <div>
            <Button
              size="small"
              onClick={() => setRows((all) => [...all, emptyPriceCorrection()])}
              data-testid="price-add"
            >
              {t('add')}
            </Button>
          </div>
          <TextField
            size="small"
            required
            multiline
            minRows={2}
            label={t('reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={!!issues.reason}
            helperText={issue('reason') ?? ' '}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'price-reason' } }}
          />
        </Stack>
      </DialogContent>
      <DialogButtons
        busy={busy}
        disabled={!price.data}
        onCancel={props.onClose}
        onConfirm={() => void save()}
        label={t('save')}
        testId="price-save"
      />
    </Dialog>
  );
}

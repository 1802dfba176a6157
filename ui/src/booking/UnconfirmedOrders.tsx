import { useMayRun } from '../access/useMayRun';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { rejectionReasons, type OrderRow, type RejectionReason } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { failureText } from '../errors/parse';
import { formatDate, normalizeLocale } from '../i18n/locales';
import { usePageTitle } from '../layout/pageTitle';
import { useDepartmentOptions } from '../layout/useDepartments';
import { runQuery, sendCommand } from '../shell/api';

/**
 * `/planner/{departmentId}/shipments/unconfirmed` (docs/decisions/0015): orders booked by customers
 * that wait for a planner; accept them, or reject them with a reason (and the other reason's text).
 */
export default function UnconfirmedOrders() {
  const translate = useTranslate();
  const notify = useNotify();
  const locale = normalizeLocale(useLocale());
  usePageTitle('unconfirmed');
  const { departmentId = '' } = useParams();
  const option = useDepartmentOptions().data?.find((d) => d.id === departmentId);
  const departmentIds = option?.members ?? [];
  const rows = useQuery({
    queryKey: ['unconfirmedOrders', departmentIds],
    enabled: departmentIds.length > 0,
    queryFn: () => runQuery<OrderRow[]>('unconfirmedOrders', { departmentIds }),
  });
  const [selected, setSelected] = useState<string[]>([]);
  const mayRun = useMayRun();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState<RejectionReason>('NO_CAPACITY');
  const [otherReason, setOtherReason] = useState('');
  const data = rows.data ?? [];
  const ids = data.map((r) => r.id);
  const chosen = selected.filter((id) => ids.includes(id));
  const run = async (name: 'ACCEPT_ORDERS' | 'REJECT_ORDERS', payload: object, key: string) => {
    try {
      const answer = await sendCommand(name, { orderIds: chosen, ...payload });
      notify(translate(key, { smart_count: answer.ids.length }), { type: 'info' });
      setSelected([]);
      setRejecting(false);
      setOtherReason('');
      await rows.refetch();
    } catch (err) {
      notify(failureText(err, translate), { type: 'error' });
    }
  };
  const toggle = (id: string) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  return (
    <Box sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {translate('unconfirmed.title')}
          {option ? ` · ${option.name}` : ''}
        </Typography>
        {mayRun('ACCEPT_ORDERS') ? (
          <Button
            variant="contained"
            disabled={chosen.length === 0}
            onClick={() => void run('ACCEPT_ORDERS', {}, 'unconfirmed.accepted')}
          >
            {translate('unconfirmed.accept')}
          </Button>
        ) : null}
        {mayRun('REJECT_ORDERS') ? (
          <Button color="error" disabled={chosen.length === 0} onClick={() => setRejecting(true)}>
            {translate('unconfirmed.reject')}
          </Button>
        ) : null}
      </Stack>
      {rows.isError ? <Alert severity="error">{translate('errors.server')}</Alert> : null}
      <TableContainer component={Paper}>
        <Table size="small" aria-label={translate('unconfirmed.title')}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  inputProps={{ 'aria-label': translate('unconfirmed.selectAll') }}
                  checked={data.length > 0 && chosen.length === data.length}
                  indeterminate={chosen.length > 0 && chosen.length < data.length}
                  onChange={(e) => setSelected(e.target.checked ? ids : [])}
                />
              </TableCell>
              <TableCell>{translate('planner.columns.shipmentId')}</TableCell>
              <TableCell>{translate('planner.columns.customer')}</TableCell>
              <TableCell>{translate('planner.columns.pickup')}</TableCell>
              <TableCell>{translate('planner.columns.delivery')}</TableCell>
              <TableCell>{translate('planner.columns.date')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6}>
                  {rows.isPending && departmentIds.length > 0
                    ? translate('app.loading')
                    : translate('unconfirmed.none')}
                </TableCell>
              </TableRow>
            ) : (
              data.map((row) => (
                <TableRow key={row.id} hover selected={chosen.includes(row.id)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      inputProps={{
                        'aria-label': translate('unconfirmed.select', { id: row.orderId }),
                      }}
                      checked={chosen.includes(row.id)}
                      onChange={() => toggle(row.id)}
                    />
                  </TableCell>
                  <TableCell>
                    {mayRun('UPDATE_ORDER') ? (
                      <RouterLink to={`/planner/${departmentId}/booking/edit/${row.orderId}`}>
                        {row.shipmentId ?? row.orderId}
                      </RouterLink>
                    ) : (
                      (row.shipmentId ?? row.orderId)
                    )}
                  </TableCell>
                  <TableCell>{row.customerName ?? row.customerId}</TableCell>
                  <TableCell>
                    {row.order.pickup.name}, {row.order.pickup.zipCode} {row.order.pickup.zipArea}
                  </TableCell>
                  <TableCell>
                    {row.order.delivery.name}, {row.order.delivery.zipCode}{' '}
                    {row.order.delivery.zipArea}
                  </TableCell>
                  <TableCell>{formatDate(row.order.pickupDate, locale)}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Dialog open={rejecting} onClose={() => setRejecting(false)} fullWidth maxWidth="sm">
        <DialogTitle>
          {translate('unconfirmed.rejectTitle', { smart_count: chosen.length })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              select
              label={translate('unconfirmed.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value as RejectionReason)}
            >
              {rejectionReasons.map((r) => (
                <MenuItem key={r} value={r}>
                  {translate(`unconfirmed.reasons.${r}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={translate('unconfirmed.otherReason')}
              value={otherReason}
              onChange={(e) => setOtherReason(e.target.value)}
              required={reason === 'OTHER'}
              error={reason === 'OTHER' && otherReason.trim() === ''}
              helperText={
                reason === 'OTHER' && otherReason.trim() === ''
                  ? translate('validation.required')
                  : undefined
              }
              multiline
              maxRows={6}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRejecting(false)}>{translate('unconfirmed.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={reason === 'OTHER' && otherReason.trim() === ''}
            onClick={() =>
              void run(
                'REJECT_ORDERS',
                { reason, ...(otherReason.trim() ? { otherReason: otherReason.trim() } : {}) },
                'unconfirmed.rejected',
              )
            }
          >
            {translate('unconfirmed.reject')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import type { RecurringOrderRow, RecurringRunRow } from '@nordlog/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useMayRun } from '../../access/useMayRun';
import { failureText } from '../../errors/parse';
import { formatDate, normalizeLocale, timeZoneFor, todayIn } from '../../i18n/locales';
import { PageHeader } from '../../layout/PageHeader';
import { usePageTitle } from '../../layout/pageTitle';
import { useDepartmentOptions } from '../../layout/useDepartments';
import { runQuery, sendCommand } from '../../shell/api';
import { RecurringCalendar } from './RecurringCalendar';
import { RecurringForm } from './RecurringForm';
import { RECURRING_KEY, recurringKey } from './queries';

/**
 * `/planner/{dep}/recurring` (spec §2, docs/decisions/0058-recurring-orders.md): the department's
 * recurring orders with their schedules; a planner makes one of orders, edits, pauses, resumes or
 * deletes it, sees its coming dates, books a date at once, and opens the dates executed.
 */
export default function RecurringOrders() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const locale = normalizeLocale(useLocale());
  const mayRun = useMayRun();
  const queryClient = useQueryClient();
  usePageTitle('recurring.title');
  const { departmentId = '' } = useParams();
  const option = useDepartmentOptions().data?.find((d) => d.id === departmentId);
  const today = todayIn(timeZoneFor(option?.country ?? null));
  const list = useQuery({
    queryKey: recurringKey('recurringOrders', departmentId),
    enabled: departmentId !== '',
    queryFn: () => runQuery<RecurringOrderRow[]>('recurringOrders', { department: departmentId }),
  });
  const runs = useQuery({
    queryKey: recurringKey('getRecurringExecutedDates', departmentId),
    enabled: departmentId !== '',
    queryFn: () =>
      runQuery<RecurringRunRow[]>('getRecurringExecutedDates', { department: departmentId }),
  });
  // `?orders=…`: the order's details panel asks for a new recurring order of it.
  const [search, setSearch] = useSearchParams();
  const asked = search.get('orders') ?? '';
  const [editing, setEditing] = useState<RecurringOrderRow | 'new' | null>(asked ? 'new' : null);
  const [open, setOpen] = useState<string | null>(null);
  const [date, setDate] = useState(today);
  const [busy, setBusy] = useState(false);
  const canWrite = mayRun('SAVE_RECURRING_ORDER');
  const refresh = () => queryClient.invalidateQueries({ queryKey: [RECURRING_KEY] });

  const act = async (name: string, payload: unknown, done: string) => {
    setBusy(true);
    try {
      await sendCommand(name, payload);
      notify(translate(done), { type: 'info' });
    } catch (err) {
      notify(`${translate('recurring.actionFailed')}: ${failureText(err, translate)}`, {
        type: 'error',
      });
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  const remove = async (row: RecurringOrderRow) => {
    if (!window.confirm(translate('recurring.deleteConfirm', { name: nameOf(row) }))) return;
    await act('DELETE_RECURRING_ORDER', { id: row.id }, 'recurring.deleted');
  };
  const execute = async () => {
    setBusy(true);
    try {
      await sendCommand('EXECUTE_RECURRING_ORDERS', { date, department: departmentId });
      await refresh();
      void navigate(`/planner/${departmentId}/recurring/result/${date}`);
    } catch (err) {
      notify(`${translate('recurring.executeFailed')}: ${failureText(err, translate)}`, {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  const nameOf = (row: RecurringOrderRow) => row.name || `#${row.id}`;
  const schedule = (row: RecurringOrderRow) =>
    row.intervalDays
      ? translate('recurring.everyDays', { smart_count: row.intervalDays })
      : row.weekdays.map((d) => translate(`recurring.weekdays.d${d}`)).join(' ');
  const rows = list.data ?? [];

  return (
    <Box sx={{ p: 2 }}>
      <PageHeader title={`${translate('recurring.title')}${option ? ` · ${option.name}` : ''}`}>
        {canWrite ? (
          <Button variant="contained" onClick={() => setEditing('new')} data-testid="recurring-new">
            {translate('recurring.new')}
          </Button>
        ) : null}
      </PageHeader>
      {list.isError ? <Alert severity="error">{failureText(list.error, translate)}</Alert> : null}
      {rows.length === 0 ? (
        <Typography data-testid="recurring-none" sx={{ my: 2 }}>
          {list.isPending ? translate('app.loading') : translate('recurring.none')}
        </Typography>
      ) : (
        <TableContainer component={Paper} sx={{ mb: 3 }}>
          <Table size="small" aria-label={translate('recurring.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('recurring.name')}</TableCell>
                <TableCell>{translate('recurring.orders')}</TableCell>
                <TableCell>{translate('recurring.schedule')}</TableCell>
                <TableCell>{translate('recurring.dates')}</TableCell>
                <TableCell>{translate('recurring.holidayPolicy')}</TableCell>
                <TableCell>{translate('recurring.status')}</TableCell>
                <TableCell>{translate('recurring.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <Fragment key={row.id}>
                  <TableRow data-testid="recurring-row" data-id={row.id}>
                    <TableCell>{nameOf(row)}</TableCell>
                    <TableCell>
                      {row.orders.map((t) => (
                        <Typography key={t.orderId} variant="body2">
                          {`${t.orderId} · ${t.order.pickup.name || '–'} → ${t.order.delivery.name}`}
                        </Typography>
                      ))}
                    </TableCell>
                    <TableCell>{schedule(row)}</TableCell>
                    <TableCell>
                      {row.endDate
                        ? `${formatDate(row.startDate, locale)} – ${formatDate(row.endDate, locale)}`
                        : translate('recurring.fromOn', {
                            date: formatDate(row.startDate, locale),
                          })}
                    </TableCell>
                    <TableCell>{translate(`recurring.policies.${row.holidayPolicy}`)}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={row.paused ? 'default' : 'success'}
                        label={translate(row.paused ? 'recurring.paused' : 'recurring.active')}
                      />
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                        <Button
                          size="small"
                          onClick={() => setOpen(open === row.id ? null : row.id)}
                          data-testid="recurring-calendar-toggle"
                        >
                          {translate('recurring.calendar')}
                        </Button>
                        {canWrite ? (
                          <>
                            <Button size="small" onClick={() => setEditing(row)}>
                              {translate('recurring.editShort')}
                            </Button>
                            <Button
                              size="small"
                              disabled={busy}
                              data-testid="recurring-pause"
                              onClick={() =>
                                void act(
                                  'SET_RECURRING_ORDER_PAUSED',
                                  { id: row.id, paused: !row.paused },
                                  row.paused ? 'recurring.resumed' : 'recurring.pausedToast',
                                )
                              }
                            >
                              {translate(row.paused ? 'recurring.resume' : 'recurring.pause')}
                            </Button>
                            <Button
                              size="small"
                              color="error"
                              disabled={busy}
                              data-testid="recurring-delete"
                              onClick={() => void remove(row)}
                            >
                              {translate('recurring.delete')}
                            </Button>
                          </>
                        ) : null}
                      </Stack>
                    </TableCell>
                  </TableRow>
                  {open === row.id ? (
                    <TableRow>
                      <TableCell colSpan={7}>
                        <RecurringCalendar
                          recurringOrderId={row.id}
                          departmentId={departmentId}
                          today={today}
                        />
                      </TableCell>
                    </TableRow>
                  ) : null}
                </Fragment>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('recurring.executed')}
      </Typography>
      {canWrite && mayRun('EXECUTE_RECURRING_ORDERS') ? (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
          <TextField
            type="date"
            size="small"
            label={translate('recurring.executeDate')}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'recurring-execute-date' },
            }}
          />
          <Button
            variant="outlined"
            disabled={busy || !/^\d{4}-\d{2}-\d{2}$/.test(date)}
            onClick={() => void execute()}
            data-testid="recurring-execute"
          >
            {translate('recurring.execute')}
          </Button>
        </Stack>
      ) : null}
      {(runs.data ?? []).length === 0 ? (
        <Typography>{translate('recurring.noneExecuted')}</Typography>
      ) : (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {(runs.data ?? []).map((r) => (
            <RouterLink
              key={r.id}
              to={`/planner/${departmentId}/recurring/result/${r.date}`}
              data-testid="recurring-executed-date"
            >
              {formatDate(r.date, locale)}
            </RouterLink>
          ))}
        </Stack>
      )}
      {editing ? (
        <RecurringForm
          row={editing === 'new' ? null : editing}
          today={today}
          orders={editing === 'new' ? asked : ''}
          onClose={(saved) => {
            setEditing(null);
            if (asked) setSearch({}, { replace: true });
            if (saved) void refresh();
          }}
        />
      ) : null}
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { isCalendarDate, type RecurringOrderResult } from '@nordlog/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useMayRun } from '../../access/useMayRun';
import { failureText } from '../../errors/parse';
import { formatDate, formatDateTime, normalizeLocale } from '../../i18n/locales';
import { PageHeader } from '../../layout/PageHeader';
import { usePageTitle } from '../../layout/pageTitle';
import { runQuery, sendCommand } from '../../shell/api';
import { RECURRING_KEY, recurringKey } from './queries';

/**
 * `/planner/{dep}/recurring/result/{date}` (spec §2, docs/decisions/0058): what executing the date
 * did: the orders booked (each to its edit form), and the occurrences skipped with why (a public
 * holiday, moved to a later day, paused, refused by a booking rule with its message).
 */
export default function RecurringResult() {
  const translate = useTranslate();
  const notify = useNotify();
  const locale = normalizeLocale(useLocale());
  const mayRun = useMayRun();
  const queryClient = useQueryClient();
  usePageTitle('recurring.resultTitle');
  const { departmentId = '', date = '' } = useParams();
  const valid = isCalendarDate(date);
  const [busy, setBusy] = useState(false);
  const result = useQuery({
    queryKey: recurringKey('recurringOrderResult', departmentId, date),
    enabled: departmentId !== '' && valid,
    queryFn: () =>
      runQuery<RecurringOrderResult>('recurringOrderResult', { department: departmentId, date }),
  });
  const execute = async () => {
    setBusy(true);
    try {
      await sendCommand('EXECUTE_RECURRING_ORDERS', { date, department: departmentId });
      notify(translate('recurring.executedToast', { date: formatDate(date, locale) }), {
        type: 'info',
      });
    } catch (err) {
      notify(`${translate('recurring.executeFailed')}: ${failureText(err, translate)}`, {
        type: 'error',
      });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: [RECURRING_KEY] });
    }
  };
  const rows = result.data?.rows ?? [];
  const outcome = (r: RecurringOrderResult['rows'][number]) => {
    const text = translate(`recurring.statuses.${r.status}`);
    if (r.status === 'MOVED' && r.movedTo)
      return `${text} · ${translate('recurring.movedTo', { date: formatDate(r.movedTo, locale) })}`;
    if (r.message) return `${text} · ${r.message}`;
    return text;
  };
  return (
    <Box sx={{ p: 2 }}>
      <PageHeader
        title={translate('recurring.result', { date: valid ? formatDate(date, locale) : date })}
      >
        <Button component={RouterLink} to={`/planner/${departmentId}/recurring`}>
          {translate('recurring.back')}
        </Button>
        {valid && mayRun('EXECUTE_RECURRING_ORDERS') ? (
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() => void execute()}
            data-testid="recurring-execute-again"
          >
            {translate('recurring.execute')}
          </Button>
        ) : null}
      </PageHeader>
      {!valid ? (
        <Alert severity="warning" data-testid="recurring-bad-date">
          {translate('recurring.badDate', { date })}
        </Alert>
      ) : null}
      {result.isError ? (
        <Alert severity="error">{failureText(result.error, translate)}</Alert>
      ) : null}
      {valid && result.data ? (
        <Typography sx={{ mb: 1 }} data-testid="recurring-executed-at">
          {result.data.executedAt
            ? translate('recurring.executedAt', {
                at: formatDateTime(result.data.executedAt, locale),
              })
            : translate('recurring.notExecuted')}
        </Typography>
      ) : null}
      {valid && rows.length > 0 ? (
        <TableContainer component={Paper}>
          <Table size="small" aria-label={translate('recurring.resultTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('recurring.name')}</TableCell>
                <TableCell>{translate('recurring.occurrence')}</TableCell>
                <TableCell>{translate('recurring.outcome')}</TableCell>
                <TableCell>{translate('recurring.booked')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id} data-testid="recurring-result-row" data-status={r.status}>
                  <TableCell>{r.name || `#${r.recurringOrderId}`}</TableCell>
                  <TableCell>{formatDate(r.occurrence, locale)}</TableCell>
                  <TableCell>{outcome(r)}</TableCell>
                  <TableCell>
                    {r.orderIds.length === 0
                      ? '–'
                      : r.orderIds.map((id) => (
                          <RouterLink
                            key={id}
                            to={`/planner/${departmentId}/booking/edit/${id}`}
                            style={{ marginRight: 8 }}
                          >
                            {result.data?.shipmentIds[id] ?? `#${id}`}
                          </RouterLink>
                        ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {valid && result.data && rows.length === 0 ? (
        <Typography data-testid="recurring-result-none">
          {translate('recurring.resultNone')}
        </Typography>
      ) : null}
    </Box>
  );
}

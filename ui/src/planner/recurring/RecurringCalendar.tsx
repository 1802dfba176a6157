import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { addDays, type RecurringCalendarDate } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, normalizeLocale } from '../../i18n/locales';
import { runQuery } from '../../shell/api';
import { recurringKey } from './queries';

/** Days of coming dates the calendar shows. */
const DAYS = 28;

/**
 * A recurring order's coming dates (docs/decisions/0058): each occurrence of the next four weeks,
 * the day it books on (a public holiday skips or moves it), and what executing it did so far.
 */
export function RecurringCalendar({
  recurringOrderId,
  departmentId,
  today,
}: {
  recurringOrderId: string;
  departmentId: string;
  today: string;
}) {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const params = { recurringOrderId, fromDate: today, toDate: addDays(today, DAYS - 1) };
  const dates = useQuery({
    queryKey: recurringKey('recurringOrderCalendar', params),
    queryFn: () => runQuery<RecurringCalendarDate[]>('recurringOrderCalendar', params),
  });
  const list = dates.data ?? [];
  if (list.length === 0)
    return (
      <Typography variant="body2" data-testid="recurring-calendar-empty">
        {dates.isPending ? translate('app.loading') : translate('recurring.noComing')}
      </Typography>
    );
  const plan = (d: RecurringCalendarDate) => {
    if (d.date === null) return translate('recurring.skippedHoliday');
    if (d.date !== d.occurrence)
      return translate('recurring.movedTo', { date: formatDate(d.date, locale) });
    return translate('recurring.planned');
  };
  return (
    <Table
      size="small"
      aria-label={translate('recurring.calendar')}
      data-testid="recurring-calendar"
    >
      <TableHead>
        <TableRow>
          <TableCell>{translate('recurring.occurrence')}</TableCell>
          <TableCell>{translate('recurring.plan')}</TableCell>
          <TableCell>{translate('recurring.outcome')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {list.map((d) => (
          <TableRow key={d.occurrence} data-testid="recurring-coming-date">
            <TableCell>{formatDate(d.occurrence, locale)}</TableCell>
            <TableCell>{plan(d)}</TableCell>
            <TableCell>
              {d.execution ? (
                <RouterLink to={`/planner/${departmentId}/recurring/result/${d.execution.date}`}>
                  {translate(`recurring.statuses.${d.execution.status}`)}
                </RouterLink>
              ) : (
                '–'
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

import Typography from '@mui/material/Typography';
import {
  addDays,
  calendarIssues,
  changedTimingFields,
  earliestPickup,
  type DepartmentCalendar,
  type DepartmentTimeWindowRow,
  type HolidayRow,
  type ProductionTimeWindowRow,
  type OrderTimingField,
} from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatDate, normalizeLocale, timeZoneFor, todayIn } from '../i18n/locales';
import { runQuery } from '../shell/api';
import type { FormValues } from './formModel';

/**
 * The department's calendar in the booking form (docs/decisions/0078-time-windows.md): its week,
 * production time windows and its country's holidays, read once per department, so that the form
 * refuses what the command service refuses (contracts `calendarIssues`) and proposes the earliest
 * pickup. A reader refused a part (403) goes without it: the server still applies it.
 */

const LOOK_AHEAD_DAYS = 60;

/** Asked again when a department's calendar changes on the socket (ui resources' registry). */
export const CALENDAR_QUERY_KEY = 'departmentCalendar';

const orEmpty = async <T,>(read: Promise<T>, empty: T): Promise<T> => {
  try {
    return await read;
  } catch {
    return empty;
  }
};

async function readCalendar(departmentId: string, country: string): Promise<DepartmentCalendar> {
  const timeZone = timeZoneFor(country);
  const today = todayIn(timeZone);
  const [week, windows, holidays] = await Promise.all([
    orEmpty(
      runQuery<Partial<DepartmentTimeWindowRow> & { revision: number | null }>(
        'departmentTimeWindows',
        { departmentId },
      ),
      null,
    ),
    orEmpty(
      runQuery<ProductionTimeWindowRow[]>('productionTimeWindows', {
        departmentId,
        fromDate: today,
      }),
      [],
    ),
    orEmpty(
      runQuery<HolidayRow[]>('holiday', {
        country,
        fromDate: today,
        toDate: addDays(today, LOOK_AHEAD_DAYS),
      }),
      [],
    ),
  ]);
  const byDate = new Map<string, string[]>();
  for (const h of holidays) byDate.set(h.date, [...(byDate.get(h.date) ?? []), h.type]);
  return {
    timeZone,
    week:
      week && week.revision !== null
        ? {
            pickupHours: week.pickupHours ?? [],
            deliveryHours: week.deliveryHours ?? [],
            bookingCutoff: week.bookingCutoff ?? null,
            minimumLeadMinutes: week.minimumLeadMinutes ?? 0,
          }
        : null,
    production: windows,
    holidaysOn: (date) => byDate.get(date) ?? [],
  };
}

/** The calendar of the form's department (null while it loads, or without a department). */
export function useDepartmentCalendar(departmentId: string, country: string) {
  return useQuery({
    queryKey: [CALENDAR_QUERY_KEY, departmentId, country],
    enabled: departmentId !== '',
    staleTime: 60_000,
    queryFn: () => readCalendar(departmentId, country),
  }).data;
}

type Timing = Pick<FormValues, OrderTimingField>;
const given = (v: string | undefined) => (v && v.trim() !== '' ? v : undefined);

/**
 * The calendar's issues of the form's timing, as the command service finds them: on an edit only
 * those of a changed field (or of any, when the pickup date changed), so an order booked before
 * its department's calendar changed can still be edited otherwise.
 */
export function calendarFormIssues(
  values: Timing,
  calendar: DepartmentCalendar,
  now: Date,
  stored: Timing | null,
) {
  const issues = calendarIssues(
    {
      pickupDate: values.pickupDate,
      pickupTimeEarliest: given(values.pickupTimeEarliest),
      pickupTimeLatest: given(values.pickupTimeLatest),
      deliveryDate: given(values.deliveryDate),
      deliveryTimeEarliest: given(values.deliveryTimeEarliest),
      deliveryTimeLatest: given(values.deliveryTimeLatest),
    },
    calendar,
    now,
  );
  if (!stored) return issues;
  const changed = changedTimingFields(values, stored);
  return issues.filter((i) => changed.has('pickupDate') || changed.has(String(i.path[0])));
}

/**
 * Under the pickup date: the earliest pickup the department takes now. A new order whose pickup
 * date was not chosen yet moves to that day (the next open day after the cut-off).
 */
export function EarliestPickupNote({
  calendar,
  proposeDate,
}: {
  calendar: DepartmentCalendar | undefined;
  proposeDate: boolean;
}) {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const { setValue, getFieldState } = useFormContext<FormValues>();
  const pickupDate = useWatch<FormValues, 'pickupDate'>({ name: 'pickupDate' });
  const governed =
    calendar !== undefined && (calendar.week !== null || calendar.production.length > 0);
  const earliest = governed ? earliestPickup(calendar, new Date(), LOOK_AHEAD_DAYS) : null;
  // Proposed once per calendar: a date the user picks afterwards (today included) stays.
  const proposed = useRef<DepartmentCalendar | null>(null);
  useEffect(() => {
    if (!proposeDate || !earliest || !calendar || proposed.current === calendar) return;
    proposed.current = calendar;
    if (getFieldState('pickupDate').isTouched) return;
    if (pickupDate < earliest.date) setValue('pickupDate', earliest.date, { shouldValidate: true });
  }, [proposeDate, earliest, calendar, pickupDate, getFieldState, setValue]);
  if (!governed) return null;
  const first = earliest;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="earliest-pickup">
      {first
        ? translate('timeWindows.earliestPickup', {
            date: formatDate(first.date, locale),
            time: first.time,
          })
        : translate('timeWindows.noPickupDay')}
    </Typography>
  );
}

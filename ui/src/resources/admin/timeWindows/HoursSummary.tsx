import { openingWeekdays, type OpeningInterval } from '@nordlog/contracts';
import { useRecordContext, useTranslate } from 'react-admin';

/**
 * A list's view of opening hours: each weekday with its intervals, in the user's language ("any
 * hour" for a week without hours; a window's weekday without hours is closed).
 */
export function HoursSummary({
  source,
  closedWithout = false,
}: {
  source: 'pickupHours' | 'deliveryHours';
  closedWithout?: boolean;
  label?: string;
}) {
  const record = useRecordContext();
  const translate = useTranslate();
  const hours = (record?.[source] ?? []) as OpeningInterval[];
  if (hours.length === 0)
    return <span>{translate(closedWithout ? 'timeWindows.closed' : 'timeWindows.anyHour')}</span>;
  return (
    <span>
      {openingWeekdays
        .filter((d) => hours.some((h) => h.weekday === d))
        .map((d) => {
          const day = hours
            .filter((h) => h.weekday === d)
            .sort((a, b) => a.start.localeCompare(b.start))
            .map((h) => `${h.start}–${h.end}`)
            .join(', ');
          return `${translate(`timeWindows.weekday.${d}`).slice(0, 3)} ${day}`;
        })
        .join('; ')}
    </span>
  );
}

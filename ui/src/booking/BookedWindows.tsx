import Typography from '@mui/material/Typography';
import type { BookedOrder } from '@nordlog/contracts';
import { useLocale, useTranslate } from 'react-admin';
import { formatDate, normalizeLocale } from '../i18n/locales';
import { formatTimeWindow, nextDayWindow } from '../i18n/timeWindow';

/** The pickup and delivery day and window of a booked order; an overnight window says +1 day. */
export function BookedWindows({ order }: { order: BookedOrder }) {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const nextDay = nextDayWindow(translate);
  const windows = [
    {
      key: 'pickupWindow',
      date: order.pickupDate,
      window: formatTimeWindow(order.pickupTimeEarliest, order.pickupTimeLatest, nextDay),
    },
    {
      key: 'deliveryWindow',
      date: order.deliveryDate ?? order.pickupDate,
      window: formatTimeWindow(order.deliveryTimeEarliest, order.deliveryTimeLatest, nextDay),
    },
  ];
  return windows.map((w) => (
    <Typography key={w.key} data-testid={`confirmation-${w.key}`}>
      {translate(`confirmation.${w.key}`, {
        date: formatDate(w.date, locale),
        window: w.window,
      }).trim()}
    </Typography>
  ));
}

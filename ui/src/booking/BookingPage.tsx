import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OrderRow } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import { useDepartmentParam, useScreenBase } from '../portal/portalContext';
import { todayIn, timeZoneFor } from '../i18n/locales';
import { usePageTitle } from '../layout/pageTitle';
import { NotFound } from '../layout/NotFound';
import { runQuery } from '../shell/api';
import { useBookingChoices } from './bookingChoices';
import { bookingModes, emptyForm, formFromOrder, type BookingMode } from './formModel';
import { OrderForm } from './OrderForm';
import { PricePanel } from './PricePanel';

/** `/booking/create`, `/booking/{edit|copy|restore|copy-deleted}/{orderId}` (spec §2). */
export function parseBookingPath(
  rest: string,
): { mode: BookingMode; orderId: string | null } | null {
  const [mode, orderId, extra] = rest.split('/').filter(Boolean);
  if (extra !== undefined || !(bookingModes as readonly string[]).includes(mode ?? '')) return null;
  if (mode === 'create') return orderId === undefined ? { mode, orderId: null } : null;
  return orderId && /^[1-9]\d{0,17}$/.test(orderId) ? { mode: mode as BookingMode, orderId } : null;
}

/** The booking page: loads what the mode needs and shows the order form (lazy chunk). */
export default function BookingPage() {
  const translate = useTranslate();
  usePageTitle('booking');
  const { '*': rest = '' } = useParams();
  // The path's department, or in the customer portal the customer's (docs/decisions/0074).
  const departmentId = useDepartmentParam();
  const base = useScreenBase();
  const route = parseBookingPath(rest);
  const choices = useBookingChoices(departmentId);
  const order = useQuery({
    queryKey: ['orders', route?.orderId],
    enabled: route?.orderId != null,
    queryFn: () => runQuery<OrderRow[]>('orders', { ids: [route!.orderId!] }),
  });
  // The bare booking path (the menu's and the route rule's) books a new order.
  if (rest === '') return <Navigate to={`${base}/booking/create`} replace />;
  if (!route) return <NotFound />;
  const loading = choices.loading || (route.orderId !== null && order.isPending);
  const title = translate(`booking.title.${route.mode}`);
  if (loading)
    return (
      <Box sx={{ p: 2 }}>
        <Typography>{translate('booking.loading')}</Typography>
      </Box>
    );
  if (!choices.found) return <NotFound />;
  const existing = order.data?.[0] ?? null;
  if (route.orderId !== null && !existing)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="error">{translate('errors.ORDER_NOT_FOUND')}</Alert>
      </Box>
    );
  const { departments } = choices;
  const first = departments[0];
  const today = todayIn(timeZoneFor(first?.country));
  const defaults = existing
    ? formFromOrder(existing.order, route.mode, today)
    : emptyForm(first?.value ?? '', first?.country ?? 'NO', today);
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
        {existing?.shipmentId ? ` · ${existing.shipmentId}` : ''}
      </Typography>
      <OrderForm
        key={`${route.mode}:${route.orderId ?? ''}`}
        mode={route.mode}
        defaults={defaults}
        departments={departments}
        customers={choices.customers}
        existing={existing}
        tileUrl={choices.tileUrl}
        attribution={choices.attribution}
      />
      {route.mode === 'edit' && existing ? (
        <PricePanel
          orderId={String(existing.id)}
          services={existing.order.additionalServices ?? []}
        />
      ) : null}
    </Box>
  );
}

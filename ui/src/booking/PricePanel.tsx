import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  denial,
  identityOfUser,
  queryPermissions,
  type AdditionalService,
  type OrderPrice,
} from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslate } from 'react-admin';
import { useShell } from '../app/UserContext';
import { numberLocale } from '../i18n/numbers';
import { runQuery } from '../shell/api';
import { pricingState } from './pricingState';

const sides = ['pickupServices', 'deliveryServices', 'departmentServices'] as const;

/**
 * The edited order's price (spec §3 pricing and services state): a price lookup (`orderPrice`)
 * when the user may ask it, its net amount and, when incomplete, what is missing by pickup,
 * delivery and department services (§8). Nothing is shown to a user who may not ask.
 */
export function PricePanel({
  orderId,
  services,
}: {
  orderId: string;
  services: readonly AdditionalService[];
}) {
  const translate = useTranslate();
  const locale = useLocale();
  const { user } = useShell();
  const allowed = denial(identityOfUser(user), queryPermissions.orderPrice, 'query') === null;
  const lookup = useQuery({
    queryKey: ['orderPrice', 'booking', orderId],
    enabled: allowed,
    retry: false,
    queryFn: () => runQuery<OrderPrice>('orderPrice', { orderId }),
  });
  if (!allowed || !lookup.data) return null;
  const state = pricingState(services, lookup.data);
  const price = lookup.data;
  const amount = new Intl.NumberFormat(numberLocale(locale), {
    style: 'currency',
    currency: price.currency,
  }).format(price.customerNet / 100);
  const missing = sides.filter((side) => state.errors[side].length > 0);
  return (
    <Paper
      component="section"
      aria-labelledby="booking-price-title"
      variant="outlined"
      sx={{ p: 2, mt: 2 }}
      data-testid="booking-price"
    >
      <Typography id="booking-price-title" variant="h6" component="h2">
        {translate('booking.price.title')}
      </Typography>
      {/* No line priced (no list applies): no amount, only what is missing. */}
      {price.lines.length > 0 ? (
        <Typography>{translate('booking.price.net', { amount })}</Typography>
      ) : null}
      {missing.length > 0 ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {translate('booking.price.incomplete')}
          {missing.map((side) => (
            <Typography key={side} variant="body2">
              {translate(`booking.price.${side}`)}: {state.errors[side].join(', ')}
            </Typography>
          ))}
        </Alert>
      ) : null}
    </Paper>
  );
}

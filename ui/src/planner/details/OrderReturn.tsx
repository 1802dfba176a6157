import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OrderReturnDetails } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, normalizeLocale } from '../../i18n/locales';
import { runQuery } from '../../shell/api';

/**
 * An order's return in the details panel (docs/decisions/0057-returns.md): the return made of it
 * (its legs, each to its order) and the order it is a leg of. Nothing when it has neither.
 */
export function OrderReturn(props: { orderId: string; revision: number; departmentId: string }) {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const details = useQuery({
    queryKey: ['orderReturnDetails', props.orderId, props.revision],
    queryFn: () =>
      runQuery<OrderReturnDetails>('getOrderReturnDetails', { orderId: props.orderId }),
  });
  const d = details.data;
  if (!d || (!d.return && !d.returnOf)) return null;
  const edit = (id: string) => `/planner/${props.departmentId}/booking/edit/${id}`;
  return (
    <Box data-testid="details-return">
      <Typography variant="subtitle2" component="h3">
        {translate('returns.title')}
      </Typography>
      {d.returnOf ? (
        <Typography variant="body2">
          {translate('returns.legOf', { leg: d.returnOf.leg, legs: d.returnOf.legs })}{' '}
          <RouterLink to={edit(d.returnOf.orderId)}>{d.returnOf.orderId}</RouterLink>
        </Typography>
      ) : null}
      {d.return ? (
        <>
          <Typography variant="body2">
            {translate(
              `returns.kinds.${d.return.kind === 'COPY' ? (d.return.to ?? 'SAME_ADDRESS') : 'MULTILEG'}`,
            )}
            {d.return.lastLegSkipped ? ` · ${translate('returns.lastLegSkipped')}` : ''}
          </Typography>
          {d.return.legs.map((leg) => (
            <Typography key={leg.orderId} variant="body2">
              {`${leg.leg}. `}
              <RouterLink to={edit(leg.orderId)}>{leg.shipmentId ?? leg.orderId}</RouterLink>
              {` · ${translate(`grid.states.${leg.state}`, { _: leg.state })} · ${formatDate(leg.pickupDate, locale)} · ${leg.pickup.name} → ${leg.delivery.name}`}
            </Typography>
          ))}
        </>
      ) : null}
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ConsignmentRow, SlotView } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslate } from 'react-admin';
import { useShell } from '../../app/UserContext';
import { formatDate, normalizeLocale } from '../../i18n/locales';
import { runQuery } from '../../shell/api';
import { mayQuery } from '../optimizing/queries';
import { clockTime, minutesText } from '../planning/planningData';
import { useCouriers, useUnits } from '../planning/queries';
import { shipmentPlan } from './plan';

/**
 * The route a shipment is planned on, in the details panel (issue 36): the slot by name with its
 * day and hours, who drives it, and the shipment's own stops with their numbers (as on the label)
 * and planned arrivals (as on the board), waiting and lateness marked. One who may not read slots
 * sees the slot's number, as before.
 */
export function ShipmentRoute({ row, timeZone }: { row: ConsignmentRow; timeZone: string }) {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const { user } = useShell();
  const readable = row.slotId !== null && mayQuery(user, 'slotById');
  const slot = useQuery({
    // The consignment's revision changes when it is planned, moved or done: the answer follows.
    queryKey: ['slotById', row.slotId, row.revision],
    enabled: readable,
    staleTime: 15_000,
    queryFn: () => runQuery<SlotView>('slotById', { id: row.slotId }),
  });
  const departments = slot.data ? [slot.data.departmentId] : [];
  const couriers = useCouriers(departments);
  const units = useUnits(departments);
  if (row.slotId === null)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="details-route">
        {translate('details.noSlot')}
      </Typography>
    );
  if (!readable || slot.isError)
    return (
      <Box data-testid="details-route">
        <Typography variant="body2">{translate('details.slot', { id: row.slotId })}</Typography>
        {slot.isError ? <Alert severity="warning">{translate('details.routeError')}</Alert> : null}
      </Box>
    );
  if (!slot.data)
    return (
      <Typography variant="body2" data-testid="details-route">
        {translate('app.loading')}
      </Typography>
    );
  const s = slot.data;
  const plan = shipmentPlan(s, row.id, {
    courier: couriers.data?.find((c) => c.id === s.courierId)?.name ?? null,
    unit: units.data?.find((u) => u.id === s.unitId)?.name ?? null,
  });
  const none = translate('planning.slot.none');
  return (
    <Box data-testid="details-route">
      <Typography variant="subtitle2" component="h3">
        {translate('details.route')}
      </Typography>
      <Typography variant="body2" data-testid="details-route-slot">
        {translate('details.routeLine', {
          name: plan.slotName,
          date: formatDate(plan.date, locale),
          // A slot without an end is open-ended: its start alone.
          hours: plan.timeTo
            ? `${clockTime(plan.timeFrom, timeZone)}–${clockTime(plan.timeTo, timeZone)}`
            : clockTime(plan.timeFrom, timeZone),
          state: translate(`enums.slotState.${plan.state}`),
        })}
      </Typography>
      <Typography variant="body2" data-testid="details-route-courier">
        {translate('details.driver', {
          courier: plan.courierName ?? none,
          unit: plan.unitName ?? none,
        })}
      </Typography>
      {plan.stops.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('details.notOnRoute')}
        </Typography>
      ) : (
        plan.stops.map((stop) => (
          <Typography
            key={stop.kind}
            variant="body2"
            data-testid={`details-stop-${stop.kind}`}
            color={stop.late ? 'error' : undefined}
          >
            {translate('details.stop', {
              kind: translate(`details.stopKind.${stop.kind}`),
              number: stop.number,
              visits: plan.visits,
              time: clockTime(stop.arrival, timeZone),
            })}
            {stop.waitingMinutes > 0
              ? ` · ${translate('planning.stop.waitingShort', { time: minutesText(stop.waitingMinutes, translate) })}`
              : ''}
            {stop.late ? ` · ${translate('planning.stop.late')}` : ''}
            {stop.done ? ` · ${translate('details.stopDone')}` : ''}
          </Typography>
        ))
      )}
    </Box>
  );
}

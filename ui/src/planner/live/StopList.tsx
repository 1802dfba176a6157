import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { REST_BREAK, type RoutePoint } from '@nordlog/contracts';
import { memo } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ArrivalEstimate } from '@nordlog/contracts';
import { livePath, sameShownEstimate } from './liveData';
import { useStopTime } from './stopTime';
import type { SlotPanelProps } from './useLiveDay';

/**
 * The stops of the focused slot in route order: done, or when the courier is expected (estimated
 * from its latest position while the slot is driven, else as planned), and late ones marked.
 */
export function StopList({ item, day, departmentId }: SlotPanelProps) {
  const translate = useTranslate();
  const { slot } = item;
  const points = slot.routePoints ?? [];
  return (
    <Box component="section" aria-labelledby="live-stops-heading" sx={{ pb: 1 }}>
      <Button
        component={RouterLink}
        to={livePath(departmentId, day.date)}
        size="small"
        startIcon={<ArrowBackIcon />}
        sx={{ m: 1 }}
      >
        {translate('live.allSlots')}
      </Button>
      <Typography
        id="live-stops-heading"
        variant="subtitle1"
        component="h2"
        sx={{ px: 2, borderLeft: `6px solid ${item.colour}` }}
      >
        {translate('live.stopsOf', { name: slot.name })}
      </Typography>
      <Typography variant="caption" component="p" color="text.secondary" sx={{ px: 2, mb: 1 }}>
        {[
          translate(`enums.slotState.${slot.state}`),
          day.courierName(slot.courierId) ?? translate('planning.dispatch.noCourierYet'),
          translate('planning.dispatch.progressText', {
            done: slot.progress?.done ?? 0,
            left: slot.progress?.left ?? 0,
          }),
        ].join(' · ')}
      </Typography>
      {points.length === 0 ? (
        <Typography variant="body2" sx={{ px: 2 }}>
          {translate('planning.slot.empty')}
        </Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {points.map((p) => (
            <StopItem
              key={p.key}
              point={p}
              estimate={item.estimates.get(p.key)}
              timeZone={day.dep.timeZone}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** A stop draws again only when it, the estimate it shows (to the minute) or the zone changed. */
const StopItem = memo(
  function StopItem({
    point,
    estimate,
    timeZone,
  }: {
    point: RoutePoint;
    estimate: ArrivalEstimate | undefined;
    timeZone: string;
  }) {
    const translate = useTranslate();
    const time = useStopTime(point, estimate, timeZone);
    const name = point.type === REST_BREAK ? translate('enums.stopType.rest_break') : point.name;
    return (
      <Box
        component="li"
        data-testid="live-stop"
        data-stop-key={point.key}
        data-done={String(point.done)}
        sx={{
          display: 'flex',
          gap: 1,
          px: 2,
          py: 0.75,
          borderTop: 1,
          borderColor: 'divider',
          color: point.done ? 'text.secondary' : 'text.primary',
        }}
      >
        <Typography variant="body2" sx={{ width: 24, fontWeight: 700, flexShrink: 0 }}>
          {point.sequence}
        </Typography>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body2" noWrap title={name}>
            {point.type === 'pickup' ? `${translate('enums.stopType.pickup')}: ` : ''}
            {name}
          </Typography>
          {point.type === REST_BREAK ? null : (
            <Typography variant="caption" component="p" noWrap color="text.secondary">
              {[point.address, `${point.zipCode} ${point.zipArea}`.trim()]
                .filter(Boolean)
                .join(', ')}
            </Typography>
          )}
        </Box>
        <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
          <Typography
            variant="caption"
            component="p"
            data-testid="stop-time"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, justifyContent: 'flex-end' }}
          >
            {point.done ? <CheckCircleIcon sx={{ fontSize: 14 }} color="success" /> : null}
            {time.text}
          </Typography>
          {time.late ? (
            <Typography
              variant="caption"
              component="p"
              color="error"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5, justifyContent: 'flex-end' }}
            >
              <WarningAmberIcon sx={{ fontSize: 14 }} />
              {translate('live.late')}
            </Typography>
          ) : null}
        </Box>
      </Box>
    );
  },
  (a, b) =>
    a.point === b.point && a.timeZone === b.timeZone && sameShownEstimate(a.estimate, b.estimate),
);

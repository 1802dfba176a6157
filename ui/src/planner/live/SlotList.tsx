import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import type { TimedPosition } from '@nordlog/contracts';
import { memo } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { NoSlotsText } from '../planning/DayHeader';
import { clockTime } from '../planning/planningData';
import { slotStateColor } from '../planning/SlotCard';
import { livePath, slotPosition, type LiveSlot } from './liveData';
import type { LiveDay } from './useLiveDay';

/**
 * The day's routes beside the map (UI.md: slot progress with state filters): colour, name, state,
 * courier and when it last reported, stops done and left, late stops. A route opens its slot.
 * A route draws again only when what it shows changed (a courier's report: its own route).
 */
export function SlotList({ day, departmentId }: { day: LiveDay; departmentId: string }) {
  return (
    <Box component="section" aria-labelledby="live-slots-heading">
      <SlotsHeading />
      {day.shown.length === 0 ? (
        <NoSlots loading={day.loading} />
      ) : (
        <List dense>
          {day.shown.map((s) => (
            <SlotItem
              key={s.slot.id}
              item={s}
              position={slotPosition(s.slot, day.positions)}
              courier={day.courierName(s.slot.courierId)}
              date={day.date}
              timeZone={day.dep.timeZone}
              departmentId={departmentId}
            />
          ))}
        </List>
      )}
    </Box>
  );
}

// Drawn once, not on every report (MUI serialises an `sx` style each time it draws).
const SlotsHeading = memo(function SlotsHeading() {
  const translate = useTranslate();
  return (
    <Typography id="live-slots-heading" variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5 }}>
      {translate('live.slots')}
    </Typography>
  );
});

const NoSlots = memo(function NoSlots({ loading }: { loading: boolean }) {
  return (
    <Typography variant="body2" sx={{ px: 2, py: 1 }}>
      <NoSlotsText loading={loading} />
    </Typography>
  );
});

const SlotItem = memo(function SlotItem({
  item,
  position,
  courier,
  date,
  timeZone,
  departmentId,
}: {
  item: LiveSlot;
  /** Its courier's latest position, if it has reported one. */
  position: TimedPosition | null;
  /** Its courier's name (none: no courier yet). */
  courier: string | null;
  date: string;
  timeZone: string;
  departmentId: string;
}) {
  const translate = useTranslate();
  const { slot, colour } = item;
  const late = slot.totals?.late ?? 0;
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={livePath(departmentId, date, slot.id)}
        data-testid="live-slot"
        data-slot-id={slot.id}
        sx={{ alignItems: 'flex-start', gap: 1.5 }}
      >
        <Box
          aria-hidden
          sx={{ width: 6, alignSelf: 'stretch', borderRadius: 1, bgcolor: colour, flexShrink: 0 }}
        />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, flex: 1 }} noWrap>
              {slot.name}
            </Typography>
            <Chip
              size="small"
              label={translate(`enums.slotState.${slot.state}`)}
              color={slotStateColor(slot.state)}
              variant={slot.state === 'NOT_STARTED' ? 'outlined' : 'filled'}
            />
          </Box>
          <Typography variant="caption" component="p" color="text.secondary">
            {courier ?? translate('planning.dispatch.noCourierYet')}
            {courier
              ? ` · ${
                  position
                    ? translate('live.reported', {
                        time: clockTime(new Date(position.at).toISOString(), timeZone),
                      })
                    : translate('live.noPosition')
                }`
              : ''}
          </Typography>
          <Typography variant="caption" component="p">
            {translate('planning.dispatch.progressText', {
              done: slot.progress?.done ?? 0,
              left: slot.progress?.left ?? 0,
            })}
            {late > 0 ? ` · ${translate('planning.slot.late', { smart_count: late })}` : ''}
          </Typography>
        </Box>
      </ListItemButton>
    </ListItem>
  );
});

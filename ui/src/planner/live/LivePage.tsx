import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { memo, useCallback, useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useMatch, useParams } from 'react-router-dom';
import { canOpen } from '../../access/routes';
import { useShell } from '../../app/UserContext';
import { NotFound } from '../../layout/NotFound';
import { usePageTitle } from '../../layout/pageTitle';
import { DayHeader } from '../planning/DayHeader';
import { SlotGroupFilter } from '../planning/SlotGroupFilter';
import { livePath, liveSegments, overviewPath } from './liveData';
import LiveMap from './LiveMap';
import { SlotList } from './SlotList';
import { StopList } from './StopList';
import { useLiveDay } from './useLiveDay';

const live2Path = (departmentId: string, date: string) => `/planner/${departmentId}/live2/${date}`;

// The header and the filter draw again only when their own props change, not on every report.
const Header = memo(DayHeader);
const GroupFilter = memo(SlotGroupFilter);

/**
 * The live view (spec §2 `/live/{date?}`, `/live/{date}/slots/{slotId}`, `/live2/{date?}`; UI.md):
 * a map with every route of the day and each courier's latest position, beside the day's routes
 * with the slot filter groups of spec §4; with a slot, the map focuses it and lists its stops with
 * their estimated arrivals. Slots, stops and positions follow the socket without a reload.
 * `/live2` is the same view (the spec shows nothing of its own for it).
 */
export default function LivePage() {
  const translate = useTranslate();
  const { user } = useShell();
  usePageTitle('live.title');
  const params = useParams();
  const departmentId = params.departmentId ?? '';
  const second = useMatch('/planner/:departmentId/live2/*') !== null;
  const segments: ReturnType<typeof liveSegments> = second
    ? { date: params.date }
    : liveSegments(params['*']);
  const day = useLiveDay(departmentId, segments?.date, segments?.slotId);
  const focus = day.focused ? String(day.focused.slot.id) : null;
  const pathOf = useCallback(
    (date: string) => (second ? live2Path : livePath)(departmentId, date),
    [second, departmentId],
  );
  const mayOverview = canOpen(user, '/planner/:departmentId/routes-overview/*');
  const overviewButton = useMemo(
    () =>
      mayOverview ? (
        <Button component={RouterLink} to={overviewPath(departmentId, day.date)} color="secondary">
          {translate('routesOverview.title')}
        </Button>
      ) : null,
    [mayOverview, departmentId, day.date, translate],
  );
  if (!segments) return <NotFound />;
  return (
    <Box
      sx={{
        p: 2,
        minWidth: 0,
        display: 'flex',
        flexDirection: 'column',
        height: 'calc(100vh - 48px)',
      }}
    >
      <Header
        title={`${translate('live.title')}${day.dep.option ? ` · ${day.dep.option.name}` : ''}`}
        date={day.date}
        pathOf={pathOf}
      >
        {overviewButton}
      </Header>
      <GroupFilter groups={day.groups} onChange={day.setGroups} />
      {day.query.isError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {translate('errors.server')}
        </Alert>
      ) : null}
      {segments.slotId && !day.focused && day.query.isSuccess ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('live.unknownSlot')}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 2, flex: 1, minHeight: 420 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <LiveMap
            slots={day.shown}
            couriers={day.mapCouriers}
            focus={focus}
            placesOf={day.placesOf}
            fitKey={`${day.date}/${focus ?? ''}`}
            timeZone={day.dep.timeZone}
          />
        </Box>
        {/* Contained (its size is the row's, never its content's): a courier's move makes
            Chromium assign the page's paint to layers again, and the routes' list, walled off,
            costs ~1 ms of that instead of ~13 (bench:map --profile). */}
        <Paper
          variant="outlined"
          sx={{ width: 340, flexShrink: 0, overflowY: 'auto', contain: 'strict' }}
        >
          {day.focused ? (
            <StopList item={day.focused} day={day} departmentId={departmentId} />
          ) : (
            <SlotList day={day} departmentId={departmentId} />
          )}
        </Paper>
      </Box>
    </Box>
  );
}

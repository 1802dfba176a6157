import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import {
  createContext,
  memo,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
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
import { useLiveDay, type LiveDay } from './useLiveDay';

const live2Path = (departmentId: string, date: string) => `/planner/${departmentId}/live2/${date}`;

// The header and the filter draw again only when their own props change, not on every report.
const Header = memo(DayHeader);
const GroupFilter = memo(SlotGroupFilter);

/**
 * The page's live day, for the parts that show it: a store whose object stays the same, so React
 * has no context change to carry down the tree. A changed context value costs React a walk of the
 * subtree below every memoised part that skips drawing (thousands of stop markers here: 8 ms a
 * report in bench:map); a store's subscribers are told directly.
 */
class LiveDayStore {
  private readonly listeners = new Set<() => void>();
  constructor(private day: LiveDay) {}
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  readonly get = () => this.day;
  set(day: LiveDay): void {
    if (day === this.day) return;
    this.day = day;
    for (const listener of this.listeners) listener();
  }
}

const LiveDayContext = createContext<LiveDayStore | null>(null);

function useDay(): LiveDay {
  const store = useContext(LiveDayContext);
  if (!store) throw new Error('useDay outside LiveDayProvider');
  return useSyncExternalStore(store.subscribe, store.get);
}

/**
 * Keeps the day live (the socket's reports, slots and positions) and hands it to the parts that
 * show it. Only this component and those parts draw again on a report: the page's frame (boxes
 * and paper, styled by MUI's `sx`, which serialises its styles each time it draws) is the same
 * element each time, so React leaves it alone.
 */
function LiveDayProvider(props: {
  departmentId: string;
  date: string | undefined;
  slotId: string | undefined;
  children: ReactNode;
}) {
  const day = useLiveDay(props.departmentId, props.date, props.slotId);
  const [store] = useState(() => new LiveDayStore(day));
  // Before the browser paints: the parts draw the new day in the same task.
  useLayoutEffect(() => store.set(day), [store, day]);
  return <LiveDayContext.Provider value={store}>{props.children}</LiveDayContext.Provider>;
}

/**
 * The live view (spec §2 `/live/{date?}`, `/live/{date}/slots/{slotId}`, `/live2/{date?}`; UI.md):
 * a map with every route of the day and each courier's latest position, beside the day's routes
 * with the slot filter groups of spec §4; with a slot, the map focuses it and lists its stops with
 * their estimated arrivals. Slots, stops and positions follow the socket without a reload.
 * `/live2` is the same view (the spec shows nothing of its own for it).
 */
export default function LivePage() {
  usePageTitle('live.title');
  const params = useParams();
  const departmentId = params.departmentId ?? '';
  const second = useMatch('/planner/:departmentId/live2/*') !== null;
  const segments: ReturnType<typeof liveSegments> = second
    ? { date: params.date }
    : liveSegments(params['*']);
  if (!segments) return <NotFound />;
  return (
    <LiveDayProvider departmentId={departmentId} date={segments.date} slotId={segments.slotId}>
      <Box
        sx={{
          p: 2,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          height: 'calc(100vh - 48px)',
        }}
      >
        <LiveHeader departmentId={departmentId} second={second} />
        <LiveAlerts slotId={segments.slotId} />
        <Box sx={{ display: 'flex', gap: 2, flex: 1, minHeight: 420 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <LiveDayMap />
          </Box>
          {/* Contained (its size is the row's, never its content's): a courier's move makes
              Chromium assign the page's paint to layers again, and the routes' list, walled off,
              costs ~1 ms of that instead of ~13 (bench:map --profile). */}
          <Paper
            variant="outlined"
            sx={{ width: 340, flexShrink: 0, overflowY: 'auto', contain: 'strict' }}
          >
            <LivePanel departmentId={departmentId} />
          </Paper>
        </Box>
      </Box>
    </LiveDayProvider>
  );
}

/** The day's title, date picker and way to the routes overview, and the slot filter groups. */
function LiveHeader({ departmentId, second }: { departmentId: string; second: boolean }) {
  const translate = useTranslate();
  const { user } = useShell();
  const day = useDay();
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
  return (
    <>
      <Header
        title={`${translate('live.title')}${day.dep.option ? ` · ${day.dep.option.name}` : ''}`}
        date={day.date}
        pathOf={pathOf}
      >
        {overviewButton}
      </Header>
      <GroupFilter groups={day.groups} onChange={day.setGroups} />
    </>
  );
}

/** A failed query, or a slot in the path that the day does not have. */
function LiveAlerts({ slotId }: { slotId: string | undefined }) {
  const day = useDay();
  return (
    <Alerts
      failed={day.query.isError}
      unknownSlot={!!slotId && !day.focused && day.query.isSuccess}
    />
  );
}

const Alerts = memo(function Alerts(props: { failed: boolean; unknownSlot: boolean }) {
  const translate = useTranslate();
  return (
    <>
      {props.failed ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {translate('errors.server')}
        </Alert>
      ) : null}
      {props.unknownSlot ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('live.unknownSlot')}
        </Alert>
      ) : null}
    </>
  );
});

function LiveDayMap() {
  const day = useDay();
  const focus = day.focused ? String(day.focused.slot.id) : null;
  return (
    <LiveMap
      slots={day.shown}
      couriers={day.mapCouriers}
      focus={focus}
      placesOf={day.placesOf}
      fitKey={`${day.date}/${focus ?? ''}`}
      timeZone={day.dep.timeZone}
    />
  );
}

/** Beside the map: the focused slot's stops, else the day's routes. */
function LivePanel({ departmentId }: { departmentId: string }) {
  const day = useDay();
  return day.focused ? (
    <StopList item={day.focused} day={day} departmentId={departmentId} />
  ) : (
    <SlotList day={day} departmentId={departmentId} />
  );
}

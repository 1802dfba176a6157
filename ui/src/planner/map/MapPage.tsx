import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { isCalendarDate } from '@nordlog/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { mayRun } from '../../access/commands';
import { useShell } from '../../app/UserContext';
import { ErrorFallback } from '../../layout/ErrorFallback';
import { usePageTitle } from '../../layout/pageTitle';
import { useLiveDates } from '../../live/LiveProvider';
import { DayHeader } from '../planning/DayHeader';
import { DEFAULT_ZOOM } from './constants';
import {
  defaultFilters,
  mapRouteLines,
  mapStops,
  type MapFilters,
  type MapRow,
  type MapStop,
} from './filters';
import { MapToolbar } from './MapToolbar';
import { MarkerPanel } from './MarkerPanel';
import { UNASSIGNED_COLOUR, describeStops, slotColours } from './markers';
import PlannerMap, { type Depot } from './PlannerMap';
import { defaultCentre, type MapPosition } from './settings';
import { useMapData } from './useMapData';
import { useMapSettings } from './useMapSettings';
import { usePlanOnSlot } from './usePlanOnSlot';

const NO_ROWS: MapRow[] = [];

/**
 * The planner's map (spec §2 `/map` and `/map2`, §3 map and map marker): the day's consignments of
 * the department (or group) as markers at their deliveries (and pickups), grouped into clusters,
 * filtered as spec §2 says, live over the socket. A click on a marker or a cluster lists its
 * consignments beside the map; the planner can plan them on a slot. The date is `?date=`
 * (default today), so a link or a reload shows the same day.
 */
export default function MapPage() {
  const translate = useTranslate();
  const { user, development } = useShell();
  usePageTitle('map');
  const { departmentId = '' } = useParams();
  const { pathname } = useLocation();
  const dateParam = useSearchParams()[0].get('date');
  const data = useMapData(departmentId, dateParam && isCalendarDate(dateParam) ? dateParam : null);
  const { dep, date } = data;
  useLiveDates(useMemo(() => [date], [date]));
  const country = dep.option?.country ?? dep.members[0]?.country ?? null;
  const { settings, update } = useMapSettings(user.id, departmentId, country);
  const [filters, setFilters] = useState<MapFilters>(defaultFilters);
  const [target, setTarget] = useState<MapPosition | null>(null);
  const [panel, setPanel] = useState<string[] | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set<string>());

  const rows = data.rows.data?.data ?? NO_ROWS;
  const rowById = useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);
  const slots = useMemo(() => data.slots.data ?? [], [data.slots.data]);
  const slotStates = useMemo(() => new Map(slots.map((s) => [s.id, s.state])), [slots]);
  const colours = useMemo(() => slotColours(slots.map((s) => s.id)), [slots]);
  const stops = useMemo(() => mapStops(rows, slotStates, filters), [rows, slotStates, filters]);
  const lines = useMemo(
    () => mapRouteLines(slots, rowById, (id) => colours.get(id) ?? UNASSIGNED_COLOUR, filters),
    [slots, rowById, colours, filters],
  );
  const colorOf = useCallback(
    (s: MapStop) => (s.slotId ? colours.get(s.slotId) : undefined) ?? UNASSIGNED_COLOUR,
    [colours],
  );
  const describe = useCallback(
    (members: readonly MapStop[]) => describeStops(members, rowById, translate),
    [rowById, translate],
  );
  const clusterLabel = useCallback(
    (count: number) => translate('map.marker.cluster', { smart_count: count }),
    [translate],
  );
  const canPlan = mayRun(user, 'UPDATE_CONSIGNMENT_SLOT');
  const onOpen = useCallback(
    (ids: string[]) => {
      setPanel(ids);
      setSelected(new Set(canPlan ? ids : []));
    },
    [canPlan],
  );
  const onMove = useCallback((position: MapPosition) => update({ position }), [update]);
  const plan = usePlanOnSlot(slots, rowById, dep.timeZone, () => setSelected(new Set<string>()));
  const depots: Depot[] = (data.departments.data ?? []).flatMap((d) =>
    d.location ? [{ id: d.id, name: d.name, ...d.location }] : [],
  );
  const slotName = (id: string | null) =>
    id ? (slots.find((s) => s.id === id)?.name ?? id) : translate('map.panel.none');

  return (
    <Box sx={{ p: 2, minWidth: 0 }}>
      <DayHeader
        title={`${translate('pages.map')}${dep.option ? ` · ${dep.option.name}` : ''}`}
        date={date}
        pathOf={(day) => `${pathname}?date=${day}`}
      />
      <MapToolbar
        filters={filters}
        onFilters={setFilters}
        autoPan={settings.autoPan}
        onAutoPan={(autoPan) => update({ autoPan })}
        onCentre={() => setTarget({ ...defaultCentre(country), zoom: DEFAULT_ZOOM })}
        shown={stops.length}
        legend={slots.map((s) => ({ id: s.id, name: s.name, colour: colours.get(s.id)! }))}
      />
      {data.rows.isError || data.slots.isError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {translate('errors.server')}
        </Alert>
      ) : null}
      {data.rows.data?.truncated ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {translate('map.truncated', { count: rows.length })}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, height: 'calc(100vh - 290px)', minHeight: 420 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          {dep.loading ? null : (
            <ErrorFallback
              key={departmentId}
              showDetails={development}
              texts={{
                title: translate('fallback.mapTitle'),
                text: translate('fallback.text'),
                button: translate('fallback.mapButton'),
              }}
            >
              <PlannerMap
                label={translate('map.region')}
                initial={settings.position}
                target={target}
                autoPan={settings.autoPan}
                fitKey={`${departmentId}|${date}`}
                panelOpen={panel !== null}
                depots={depots}
                lines={lines}
                onMove={onMove}
                markers={{ stops, describe, colorOf, clusterLabel, selected, onOpen }}
              />
            </ErrorFallback>
          )}
        </Box>
        {panel ? (
          <MarkerPanel
            rows={panel.flatMap((id) => rowById.get(id) ?? [])}
            slotName={slotName}
            selected={selected}
            onSelect={setSelected}
            canPlan={canPlan}
            onPlan={plan.start}
            onClose={() => {
              setPanel(null);
              setSelected(new Set<string>());
            }}
          />
        ) : null}
      </Box>
      {plan.dialogs}
    </Box>
  );
}

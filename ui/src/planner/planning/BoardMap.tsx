import MapIcon from '@mui/icons-material/Map';
import Button from '@mui/material/Button';
import type { RouteStop, SlotView, UnitRow } from '@nordlog/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslate } from 'react-admin';
import { loadWithRetry } from '../../shell/staleCode';
import { defaultCentre } from '../map/settings';

/** The board's map is a chunk of its own (Leaflet): the board costs nothing more until it opens. */
const PlanningMap = lazy(() => loadWithRetry(() => import('./PlanningMap')));

/**
 * "Show map" above the slots (docs/decisions/0037-planmap.md): the day's routes on a map, each
 * in its slot's colour, opened and closed by the planner (closed at first).
 */
export function BoardMap(props: {
  slots: readonly SlotView[];
  stopsOf: (slot: SlotView) => readonly RouteStop[];
  units: readonly UnitRow[] | undefined;
  country: string | null | undefined;
  fitKey: string;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        color="secondary"
        startIcon={<MapIcon />}
        aria-expanded={open}
        aria-controls={open ? 'planning-map' : undefined}
        onClick={() => setOpen((o) => !o)}
        sx={{ ml: 'auto' }}
      >
        {translate(open ? 'planning.map.hide' : 'planning.map.show')}
      </Button>
      {open ? (
        <div id="planning-map" style={{ flexBasis: '100%' }}>
          <Suspense fallback={null}>
            <PlanningMap
              slots={props.slots}
              stopsOf={props.stopsOf}
              units={props.units}
              centre={defaultCentre(props.country)}
              fitKey={props.fitKey}
            />
          </Suspense>
        </div>
      ) : null}
    </>
  );
}
